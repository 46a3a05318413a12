import { describe, expect, it } from 'vitest';
import { applyUrlChanges } from './use-url-params';

describe('applyUrlChanges', () => {
  it('sets values, drops null and empty ones, and leaves the others', () => {
    const current = new URLSearchParams('period=last7d&vehicle=3&q=camion');
    const next = applyUrlChanges(current, { period: 'custom', vehicle: null, q: '', from: '10' });
    expect(next.toString()).toBe('period=custom&from=10');
    expect(current.toString()).toBe('period=last7d&vehicle=3&q=camion');
  });
});
