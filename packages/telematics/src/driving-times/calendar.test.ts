import { describe, expect, test } from 'vitest';
import { dayStartMs, nextWeekStartMs, weekStartMs } from './calendar.js';
import { summariseDays } from './index.js';
import { MONDAY_MS, at, timeline } from './test-helpers.js';

describe('calendar days and fixed weeks', () => {
  test('a UTC fixed week runs from Monday 00:00 to the next Monday', () => {
    expect(weekStartMs(at(167.99), 'UTC')).toBe(MONDAY_MS);
    expect(weekStartMs(at(168), 'UTC')).toBe(at(168));
    expect(nextWeekStartMs(at(0), 'UTC')).toBe(at(168));
  });

  test('in Madrid the week starts at Monday 00:00 local time (23:00 UTC in winter)', () => {
    expect(weekStartMs(at(0), 'Europe/Madrid')).toBe(at(-1));
    expect(weekStartMs(at(-1.5), 'Europe/Madrid')).toBe(at(-169));
    expect(dayStartMs(at(12), 'Europe/Madrid')).toBe(at(-1));
  });

  test('in summer the Madrid day starts at 22:00 UTC', () => {
    const july = Date.UTC(2026, 6, 15, 12);
    expect(dayStartMs(july, 'Europe/Madrid')).toBe(Date.UTC(2026, 6, 14, 22));
  });

  test('summariseDays gives seconds per kind per calendar day, gaps as unknown', () => {
    const activities = [
      ...timeline(20, [
        ['drive', 3],
        ['rest', 2],
      ]),
      ...timeline(26, [['work', 1]]),
    ];
    expect(summariseDays(activities, 'UTC')).toEqual([
      {
        day: '2026-01-05',
        totals: { drive: 3 * 3600, work: 0, available: 0, rest: 3600, unknown: 0 },
      },
      {
        day: '2026-01-06',
        totals: { drive: 0, work: 3600, available: 0, rest: 3600, unknown: 3600 },
      },
    ]);
  });
});
