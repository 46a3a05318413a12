import { describe, expect, it } from 'vitest';
import {
  advanceCounter,
  dailyRate,
  forecastItem,
  MAX_KM_PER_DAY,
  trackedValue,
  type ForecastInput,
} from './forecast.js';

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 27);

function input(over: Partial<ForecastInput>): ForecastInput {
  return {
    intervalKm: null,
    intervalHours: null,
    intervalDays: null,
    anchorDayMs: TODAY - 100 * DAY,
    anchorKm: 100_000,
    anchorHours: 2_000,
    currentKm: 110_000,
    currentHours: 2_200,
    kmPerDay: 400,
    hoursPerDay: 8,
    todayMs: TODAY,
    ...over,
  };
}

describe('maintenance forecast: which axis wins', () => {
  it.each([
    // km: 30 000 − 10 000 = 20 000 km left at 400 km/day = 50 days; hours: 500 − 200 = 300 h at
    // 8 h/day = 37.5 days; days: 365 − 100 = 265 days.
    ['hours first', { intervalKm: 30_000, intervalHours: 500, intervalDays: 365 }, 'hours', 37],
    ['km first', { intervalKm: 15_000, intervalHours: 500, intervalDays: 365 }, 'km', 12],
    ['days first', { intervalKm: 60_000, intervalHours: 2_000, intervalDays: 120 }, 'days', 20],
    ['only km', { intervalKm: 30_000 }, 'km', 50],
    ['only days', { intervalDays: 180 }, 'days', 80],
  ] as const)('%s', (_name, intervals, axis, days) => {
    const f = forecastItem(input(intervals));
    expect(f.axis).toBe(axis);
    expect(f.dueDayMs).toBe(TODAY + days * DAY);
  });

  it('ties the status to the earliest axis: due soon at 15 days left, ok at 16', () => {
    // 6 400 km left at 400 km/day = 16 days (21 % of 30 000 left): ok.
    expect(forecastItem(input({ intervalKm: 16_400, currentKm: 110_000 })).status).toBe('ok');
    // 6 000 km left = 15 days: due soon.
    expect(forecastItem(input({ intervalKm: 16_000 })).status).toBe('due_soon');
    expect(forecastItem(input({ intervalDays: 115 })).status).toBe('due_soon');
    expect(forecastItem(input({ intervalDays: 116 })).status).toBe('ok');
  });

  it('is due soon when 10 % of an interval is left, however far in days', () => {
    // 1 000 of 11 000 km left at 10 km/day = 100 days, but under 10 % of the interval (1 100).
    const f = forecastItem(input({ intervalKm: 11_000, kmPerDay: 10 }));
    expect(f.status).toBe('due_soon');
    // 1 200 of 11 200 left: 10.7 %.
    expect(forecastItem(input({ intervalKm: 11_200, kmPerDay: 10 })).status).toBe('ok');
  });

  it('is overdue when any axis is past, and names the most overdue one', () => {
    // km: 500 km past (5 % of 10 000); days: 10 days past (10 % of 100).
    const f = forecastItem(input({ intervalKm: 9_500, intervalDays: 90 }));
    expect(f.status).toBe('overdue');
    expect(f.axis).toBe('days');
    expect(f.dueDayMs).toBe(TODAY - 10 * DAY);
    expect(forecastItem(input({ intervalDays: 100 })).status).toBe('due_soon');
    expect(forecastItem(input({ intervalDays: 99 })).status).toBe('overdue');
  });

  it('gives no date to a distance axis with no usage, and still says overdue when past', () => {
    const idle = forecastItem(input({ intervalKm: 30_000, kmPerDay: 0 }));
    expect(idle).toMatchObject({ status: 'ok', axis: 'km', dueDayMs: null });
    const past = forecastItem(input({ intervalKm: 5_000, kmPerDay: 0 }));
    expect(past).toMatchObject({ status: 'overdue', axis: 'km', dueDayMs: TODAY });
    // No usage but a days axis: the days axis dates it.
    expect(
      forecastItem(input({ intervalKm: 30_000, intervalDays: 200, kmPerDay: 0 })),
    ).toMatchObject({ axis: 'days', dueDayMs: TODAY + 100 * DAY });
  });

  it('leaves out an axis whose counter is unknown', () => {
    const f = forecastItem(input({ intervalKm: 5_000, intervalDays: 200, currentKm: null }));
    expect(f.axes.map((a) => a.axis)).toEqual(['days']);
    expect(f.status).toBe('ok');
  });
});

describe('maintenance forecast: usage rate', () => {
  it('averages the last 28 days, over fewer when the vehicle is newer', () => {
    expect(dailyRate({ last28: 2_800, last90: 9_000, firstDayMs: TODAY - 200 * DAY }, TODAY)).toBe(
      100,
    );
    // Known for 10 days (today included): 1 000 km over 10 days.
    expect(dailyRate({ last28: 1_000, last90: 1_000, firstDayMs: TODAY - 9 * DAY }, TODAY)).toBe(
      100,
    );
  });

  it('falls back to 90 days when the last 28 hold no usage, and to 0 with none', () => {
    expect(dailyRate({ last28: 0, last90: 4_500, firstDayMs: TODAY - 300 * DAY }, TODAY)).toBe(50);
    expect(dailyRate({ last28: 0, last90: 0, firstDayMs: TODAY - 300 * DAY }, TODAY)).toBe(0);
    expect(dailyRate({ last28: 0, last90: 0, firstDayMs: undefined }, TODAY)).toBe(0);
  });
});

describe('maintenance forecast: odometer resets and jumps', () => {
  const t0 = TODAY - 10 * DAY;

  it('keeps the value growing across a reset (offset = the last raw value)', () => {
    let track = advanceCounter(undefined, 500_000, t0, MAX_KM_PER_DAY);
    track = advanceCounter(track, 500_300, t0 + DAY, MAX_KM_PER_DAY);
    track = advanceCounter(track, 120, t0 + 2 * DAY, MAX_KM_PER_DAY);
    expect(track.offset).toBe(500_300);
    expect(trackedValue(track)).toBe(500_420);
    track = advanceCounter(track, 520, t0 + 3 * DAY, MAX_KM_PER_DAY);
    expect(trackedValue(track)).toBe(500_820);
  });

  it('refuses a rise beyond 2 000 km a day and keeps the last good reading', () => {
    let track = advanceCounter(undefined, 300_000, t0, MAX_KM_PER_DAY);
    track = advanceCounter(track, 302_001, t0 + DAY, MAX_KM_PER_DAY);
    expect(trackedValue(track)).toBe(300_000);
    expect(track.rejected).toBe(1);
    // 2 000 in a day is still usage; within an hour, the limit is a whole day's.
    track = advanceCounter(track, 301_999, t0 + DAY + 3_600_000, MAX_KM_PER_DAY);
    expect(trackedValue(track)).toBe(301_999);
    // Three days later, up to 6 000 km more is accepted.
    track = advanceCounter(track, 307_900, t0 + 4 * DAY + 3_600_000, MAX_KM_PER_DAY);
    expect(trackedValue(track)).toBe(307_900);
  });

  it('ignores readings older than the last and readings that are not numbers', () => {
    const track = advanceCounter(undefined, 1_000, t0, MAX_KM_PER_DAY);
    expect(advanceCounter(track, 900, t0 - DAY, MAX_KM_PER_DAY)).toBe(track);
    expect(advanceCounter(track, Number.NaN, t0 + DAY, MAX_KM_PER_DAY)).toBe(track);
  });
});
