import { describe, expect, it } from 'vitest';
import { nextSlotAfter, periodOf } from './report-slots.js';

const madrid = 'Europe/Madrid';
const ny = 'America/New_York';

describe('report slots across daylight-saving changes', () => {
  it('keeps 08:00 local on the Monday after summer time ends (Madrid, 25 Oct 2026)', () => {
    const rule = { schedule: 'weekly' as const, scheduleDay: 1, atMinute: 480, timeZone: madrid };
    const first = nextSlotAfter(rule, Date.UTC(2026, 9, 19, 7)); // after Mon 19 Oct 09:00 CEST
    expect(first).toBe(Date.UTC(2026, 9, 26, 7)); // Mon 26 Oct 08:00 CET
    expect(nextSlotAfter(rule, Date.UTC(2026, 9, 12))).toBe(Date.UTC(2026, 9, 12, 6)); // CEST
  });

  it('sends a daily 02:30 the hour after on the spring-forward day, and daily after', () => {
    const rule = { schedule: 'daily' as const, scheduleDay: null, atMinute: 150, timeZone: madrid };
    // 29 March 2026: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist.
    const slot = nextSlotAfter(rule, Date.UTC(2026, 2, 28, 12));
    expect(slot).toBe(Date.UTC(2026, 2, 29, 1, 30)); // 03:30 CEST
    expect(nextSlotAfter(rule, slot)).toBe(Date.UTC(2026, 2, 30, 0, 30)); // 02:30 CEST
  });

  it('clamps a monthly day 31 to the month’s last day, in New York across its change', () => {
    const rule = { schedule: 'monthly' as const, scheduleDay: 31, atMinute: 360, timeZone: ny };
    expect(nextSlotAfter(rule, Date.UTC(2026, 10, 1))).toBe(Date.UTC(2026, 10, 30, 11)); // EST
    expect(nextSlotAfter(rule, Date.UTC(2026, 9, 1))).toBe(Date.UTC(2026, 9, 31, 10)); // EDT
  });

  it('reports on whole local days: last week is Monday to Monday, 169 h across the change', () => {
    const w = periodOf('last_week', madrid, Date.UTC(2026, 9, 26, 7));
    expect(w.from).toBe(Date.UTC(2026, 9, 18, 22)); // Mon 19 Oct 00:00 CEST
    expect(w.to).toBe(Date.UTC(2026, 9, 25, 23)); // Mon 26 Oct 00:00 CET
    expect(w.previousFrom).toBe(Date.UTC(2026, 9, 11, 22));
    // Yesterday was the change day itself: 25 hours.
    const y = periodOf('yesterday', madrid, Date.UTC(2026, 9, 26, 7));
    expect(y.to - y.from).toBe(25 * 3_600_000);
    const m = periodOf('last_month', madrid, Date.UTC(2026, 10, 2, 7));
    expect([m.from, m.to]).toEqual([Date.UTC(2026, 8, 30, 22), Date.UTC(2026, 9, 31, 23)]);
  });
});
