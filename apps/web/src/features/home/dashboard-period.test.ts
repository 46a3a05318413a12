import { describe, expect, it } from 'vitest';
import { dashboardPeriod } from './dashboard-period';

describe('dashboard period (spec §9)', () => {
  it('covers Monday of this week to the end of yesterday in the user offset', () => {
    // Thursday 2025-01-16 10:00 at UTC−3 (13:00 UTC).
    const p = dashboardPeriod(Date.UTC(2025, 0, 16, 13, 0, 0), -3);
    expect(new Date(p.fromMs).toISOString()).toBe('2025-01-13T03:00:00.000Z');
    expect(new Date(p.toMs).toISOString()).toBe('2025-01-16T02:59:59.999Z');
  });

  it('uses the previous week on a Monday', () => {
    const p = dashboardPeriod(Date.UTC(2025, 0, 13, 12, 0, 0), 0);
    expect(new Date(p.fromMs).toISOString()).toBe('2025-01-06T00:00:00.000Z');
    expect(new Date(p.toMs).toISOString()).toBe('2025-01-12T23:59:59.999Z');
  });
});

describe('dashboard period in an IANA zone', () => {
  it('starts on Monday midnight in Madrid across the spring change', () => {
    // Wednesday 2026-04-01 10:00 CEST; Monday 2026-03-30 is after the change (UTC+2).
    const p = dashboardPeriod(Date.UTC(2026, 3, 1, 8), 'Europe/Madrid');
    expect(new Date(p.fromMs).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(p.toMs).toISOString()).toBe('2026-03-31T21:59:59.999Z');
    // Monday 2026-03-30: the previous week, Monday 23 (UTC+1) to Sunday 29's end (UTC+2).
    const monday = dashboardPeriod(Date.UTC(2026, 2, 30, 8), 'Europe/Madrid');
    expect(new Date(monday.fromMs).toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(new Date(monday.toMs).toISOString()).toBe('2026-03-29T21:59:59.999Z');
  });
});
