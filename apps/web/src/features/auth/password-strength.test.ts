import { describe, expect, it } from 'vitest';
import { strengthLevel } from './password-strength';

describe('password strength labels (decisions.md)', () => {
  it.each([
    [0, 'very_weak', 'error'],
    [1, 'very_weak', 'error'],
    [2, 'weak', 'warning'],
    [3, 'strong', 'success'],
    [4, 'very_strong', 'success'],
  ])('score %i is %s (%s)', (score, label, color) => {
    const level = strengthLevel(score);
    expect(level.labelKey).toBe(`component.password_strength.${label}`);
    expect(level.color).toBe(color);
  });
});
