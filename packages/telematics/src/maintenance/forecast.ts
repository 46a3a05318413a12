// Maintenance forecast arithmetic (domain.md §8; docs/decisions/0025-maintenance.md): pure, no
// clock — every function takes "now" from its caller.

const DAY_MS = 86_400_000;

/** A daily distance above this is a jump (a bad odometer or a wrong record), not usage. */
export const MAX_KM_PER_DAY = 2000;
/** Engine hours a day can hold. */
export const MAX_HOURS_PER_DAY = 24;
/** The usage window, and the longer one used when it holds no usage. */
export const RATE_WINDOW_DAYS = 28;
export const RATE_FALLBACK_DAYS = 90;
/** Due soon: at most this many days left, or at most this share of the interval left. */
export const DUE_SOON_DAYS = 15;
export const DUE_SOON_SHARE = 0.1;

export type MaintenanceAxis = 'km' | 'hours' | 'days';
export type MaintenanceStatus = 'overdue' | 'due_soon' | 'ok';

/**
 * A vehicle's counter as maintenance keeps it: the device's raw reading plus an offset carried
 * over every reset, so the value only grows; a reading that jumps further than the counter can
 * move in the time elapsed is refused (the counter keeps its last good reading).
 */
export interface CounterTrack {
  raw: number;
  offset: number;
  atMs: number;
  /** Readings refused as jumps so far. */
  rejected: number;
}

/** The counter's value as plans count it. */
export function trackedValue(track: CounterTrack): number {
  return track.raw + track.offset;
}

/**
 * The counter after a new reading. A reading below the last one is a reset (a new device, an ECU
 * swap): the offset grows by the last raw value, so the tracked value keeps going from where it
 * was. A rise beyond `maxPerDay` × the days elapsed (at least one day) is a jump and refused.
 */
export function advanceCounter(
  previous: CounterTrack | undefined,
  raw: number,
  atMs: number,
  maxPerDay: number,
): CounterTrack {
  if (!Number.isFinite(raw) || raw < 0) return previous ?? { raw: 0, offset: 0, atMs, rejected: 0 };
  if (!previous) return { raw, offset: 0, atMs, rejected: 0 };
  if (atMs < previous.atMs) return previous;
  if (raw < previous.raw) {
    return { raw, offset: previous.offset + previous.raw, atMs, rejected: previous.rejected };
  }
  const days = Math.max(1, (atMs - previous.atMs) / DAY_MS);
  if (raw - previous.raw > maxPerDay * days) {
    return { ...previous, rejected: previous.rejected + 1 };
  }
  return { raw, offset: previous.offset, atMs, rejected: previous.rejected };
}

/**
 * A vehicle's usage as the daily rollups give it: sums over the last 28 and 90 days (days beyond
 * the jump limit already left out) and the first day with data, so a vehicle known for 10 days is
 * not averaged over 28.
 */
export interface UsageSums {
  last28: number;
  last90: number;
  /** First UTC day with data (epoch ms), undefined when none. */
  firstDayMs: number | undefined;
}

/**
 * Daily rate: the mean of the last 28 days (of those the vehicle has data for); when they hold
 * no usage, the last 90; 0 when neither has any.
 */
export function dailyRate(usage: UsageSums, todayMs: number): number {
  if (usage.firstDayMs === undefined) return 0;
  const known = Math.max(1, Math.floor((todayMs - usage.firstDayMs) / DAY_MS) + 1);
  if (usage.last28 > 0) return usage.last28 / Math.min(RATE_WINDOW_DAYS, known);
  if (usage.last90 > 0) return usage.last90 / Math.min(RATE_FALLBACK_DAYS, known);
  return 0;
}

/** One plan item on one vehicle: its intervals, its anchor (the last service) and the counters now. */
export interface ForecastInput {
  intervalKm: number | null;
  intervalHours: number | null;
  intervalDays: number | null;
  /** Last service: day (epoch ms, UTC midnight) and the counters then (null: not known). */
  anchorDayMs: number;
  anchorKm: number | null;
  anchorHours: number | null;
  currentKm: number | null;
  currentHours: number | null;
  kmPerDay: number;
  hoursPerDay: number;
  /** Today, UTC midnight, epoch ms. */
  todayMs: number;
}

export interface AxisForecast {
  axis: MaintenanceAxis;
  interval: number;
  /** Left before it is due, in the axis's unit (negative: overdue by that much). */
  remaining: number;
  /** Days until due at the current rate (negative when overdue); null: no usage to reach it. */
  daysLeft: number | null;
}

export interface ItemForecast {
  status: MaintenanceStatus;
  /** The axis that makes it due first (the most overdue, else the earliest date). */
  axis: MaintenanceAxis | null;
  /** Due day (epoch ms, UTC midnight); null when no axis can reach it. */
  dueDayMs: number | null;
  axes: AxisForecast[];
}

function axisOf(
  axis: MaintenanceAxis,
  interval: number | null,
  anchor: number | null,
  current: number | null,
  rate: number,
): AxisForecast | undefined {
  if (interval === null || interval <= 0 || anchor === null || current === null) return undefined;
  const remaining = anchor + interval - current;
  const daysLeft = rate > 0 ? remaining / rate : remaining < 0 ? 0 : null;
  return { axis, interval, remaining, daysLeft };
}

/** How soon an axis is due: overdue ones by how far past (share of the interval), then by days. */
function urgency(a: AxisForecast): number {
  if (a.remaining < 0) return -1e9 + a.remaining / a.interval;
  return a.daysLeft ?? Number.POSITIVE_INFINITY;
}

/** Forecast of one item: each axis's remaining and date, the earliest wins (domain.md §8). */
export function forecastItem(input: ForecastInput): ItemForecast {
  const axes: AxisForecast[] = [];
  const km = axisOf('km', input.intervalKm, input.anchorKm, input.currentKm, input.kmPerDay);
  const hours = axisOf(
    'hours',
    input.intervalHours,
    input.anchorHours,
    input.currentHours,
    input.hoursPerDay,
  );
  if (km) axes.push(km);
  if (hours) axes.push(hours);
  if (input.intervalDays !== null && input.intervalDays > 0) {
    const remaining = Math.round(
      (input.anchorDayMs + input.intervalDays * DAY_MS - input.todayMs) / DAY_MS,
    );
    axes.push({ axis: 'days', interval: input.intervalDays, remaining, daysLeft: remaining });
  }
  let first: AxisForecast | undefined;
  for (const a of axes) if (!first || urgency(a) < urgency(first)) first = a;
  if (!first || (first.daysLeft === null && first.remaining >= 0)) {
    const soon = axes.some((a) => a.remaining <= a.interval * DUE_SOON_SHARE);
    return { status: soon ? 'due_soon' : 'ok', axis: first?.axis ?? null, dueDayMs: null, axes };
  }
  const daysLeft = first.daysLeft ?? 0;
  const dueDayMs = input.todayMs + Math.floor(daysLeft) * DAY_MS;
  const overdue = axes.some((a) => a.remaining < 0);
  const soon =
    daysLeft <= DUE_SOON_DAYS || axes.some((a) => a.remaining <= a.interval * DUE_SOON_SHARE);
  return {
    status: overdue ? 'overdue' : soon ? 'due_soon' : 'ok',
    axis: first.axis,
    dueDayMs,
    axes,
  };
}

/** UTC midnight of an instant. */
export function utcDayMs(atMs: number): number {
  return Math.floor(atMs / DAY_MS) * DAY_MS;
}
