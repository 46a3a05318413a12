import { describe, expect, it } from 'vitest';
import { dayInput, dayStart } from '../../shared/format/period';
import { alertPeriod } from './alert-period';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Wednesday 2026-11-25 04:00 UTC = 01:00 at UTC−3.
const NOW = Date.UTC(2026, 10, 25, 4);

describe('alerts period', () => {
  it('opens on the last 7 days in the user’s offset', () => {
    const period = alertPeriod({ period: null, from: null, to: null }, NOW, -3);
    expect(period.preset).toBe('last7d');
    expect(period.toMs).toBe(NOW);
    // Midnight of 2026-11-19 at UTC−3.
    expect(period.fromMs).toBe(Date.UTC(2026, 10, 19, 3));
  });

  it('reads presets and custom days; a bad or too long custom period is the default', () => {
    expect(alertPeriod({ period: 'yesterday', from: null, to: null }, NOW, -3)).toEqual({
      preset: 'yesterday',
      fromMs: Date.UTC(2026, 10, 24, 3),
      toMs: Date.UTC(2026, 10, 25, 3),
    });
    expect(alertPeriod({ period: 'last30d', from: null, to: null }, NOW, 0).fromMs).toBe(
      Date.UTC(2026, 9, 27),
    );
    expect(alertPeriod({ period: 'custom', from: '1000', to: String(1000 + DAY) }, NOW, 0)).toEqual(
      { preset: 'custom', fromMs: 1000, toMs: 1000 + DAY },
    );
    for (const [from, to] of [
      ['2000', '1000'],
      ['x', '1000'],
      ['0', String(93 * DAY)],
    ] as const) {
      expect(alertPeriod({ period: 'custom', from, to }, NOW, 0).preset).toBe('last7d');
    }
  });

  it('converts days and date inputs at the user’s offset', () => {
    expect(dayInput(NOW, -3)).toBe('2026-11-25');
    expect(dayInput(NOW, -5)).toBe('2026-11-24');
    expect(dayStart('2026-11-24', -3)).toBe(Date.UTC(2026, 10, 24, 3));
    expect(dayStart('24/11/2026', 0)).toBeNull();
  });
});
