import { describe, expect, it } from 'vitest';
import { analysisPeriod, analysisPresetPeriod, previousPeriod } from './analysis-period';

const DAY = 86_400_000;
// Wednesday 25 Nov 2026, 15:00 at UTC−3.
const NOW = Date.UTC(2026, 10, 25, 18, 0, 0);
const MIDNIGHT = Date.UTC(2026, 10, 25, 3, 0, 0);

describe('analysis periods', () => {
  it('opens on the last 7 days, whole days in the user offset', () => {
    expect(analysisPeriod({ period: null, from: null, to: null }, NOW, -3)).toEqual({
      preset: 'last7d',
      fromMs: MIDNIGHT - 6 * DAY,
      toMs: MIDNIGHT + DAY,
    });
  });

  it('starts this week on Monday', () => {
    const p = analysisPeriod({ period: 'thisWeek', from: null, to: null }, NOW, -3);
    expect(p.fromMs).toBe(MIDNIGHT - 2 * DAY);
    expect(p.toMs).toBe(MIDNIGHT + DAY);
  });

  it('keeps a custom period in order and at most 366 days; else the default', () => {
    const ok = analysisPeriod({ period: 'custom', from: '1000', to: String(1000 + DAY) }, NOW, 0);
    expect(ok).toEqual({ preset: 'custom', fromMs: 1000, toMs: 1000 + DAY });
    const reversed = analysisPeriod({ period: 'custom', from: '5000', to: '1000' }, NOW, 0);
    expect(reversed.preset).toBe('last7d');
    const long = analysisPeriod({ period: 'custom', from: '0', to: String(367 * DAY) }, NOW, 0);
    expect(long.preset).toBe('last7d');
  });

  it('gives the k-th previous period of equal length', () => {
    expect(previousPeriod({ fromMs: 10 * DAY, toMs: 17 * DAY }, 1)).toEqual({
      fromMs: 3 * DAY,
      toMs: 10 * DAY,
    });
    expect(previousPeriod({ fromMs: 10 * DAY, toMs: 17 * DAY }, 4).fromMs).toBe(-18 * DAY);
  });
});

describe('analysis periods across a daylight-saving change', () => {
  it('counts whole Madrid days: the last 7 days before 2026-10-27 hold one 25-hour day', () => {
    const now = Date.UTC(2026, 9, 27, 10); // Tuesday 11:00 CET
    const week = analysisPresetPeriod('last7d', now, 'Europe/Madrid');
    expect(new Date(week.fromMs).toISOString()).toBe('2026-10-20T22:00:00.000Z');
    expect(new Date(week.toMs).toISOString()).toBe('2026-10-27T23:00:00.000Z');
    expect(week.toMs - week.fromMs).toBe((7 * 24 + 1) * 3_600_000);
  });
});
