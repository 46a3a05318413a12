import { instantOfWallClock, wallClockOf } from '@rumbo/contracts';
import type { TimeZoneSetting } from '@rumbo/contracts';
import { presetPeriod as sharedPresetPeriod, startOfDay } from '../../shared/format/period';

/** The route of the screen: `/app/map/travel_consultation/{id?}/{from?}/{to?}` (epoch ms). */
export const TRAVEL_BASE_PATH = '/app/map/travel_consultation';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The server answers at most 31 days per call (contracts `historyQuery`). */
export const MAX_PERIOD_MS = 31 * DAY;

export interface TravelSelection {
  vehicleId: number | null;
  fromMs: number;
  toMs: number;
}

export type PeriodProblem = 'reversed' | 'too_long' | null;

/** What is wrong with a period, if anything. */
export function periodProblem(fromMs: number, toMs: number): PeriodProblem {
  if (!(toMs > fromMs)) return 'reversed';
  if (toMs - fromMs > MAX_PERIOD_MS) return 'too_long';
  return null;
}

export { startOfDay } from '../../shared/format/period';

export type PeriodPreset = 'today' | 'yesterday' | 'last24h' | 'last7d';
export const PERIOD_PRESETS: readonly PeriodPreset[] = ['today', 'yesterday', 'last24h', 'last7d'];

/** The period of a preset at `nowMs`, days counted in the user's offset. */
export const presetPeriod: (
  preset: PeriodPreset,
  nowMs: number,
  offsetHours: TimeZoneSetting,
) => { fromMs: number; toMs: number } = sharedPresetPeriod;

const wholeNumber = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,16}$/.test(value) ? Number(value) : null;

/**
 * Reads the route params. A missing or unusable period becomes today (user's offset) up to now;
 * `complete` says whether the address already names everything (else it is rewritten).
 */
export function parseTravelParams(
  params: { id?: string | undefined; from?: string | undefined; to?: string | undefined },
  nowMs: number,
  offsetHours: TimeZoneSetting,
): TravelSelection & { complete: boolean } {
  const id = wholeNumber(params.id);
  const vehicleId = id !== null && id > 0 ? id : null;
  const from = wholeNumber(params.from);
  const to = wholeNumber(params.to);
  if (from !== null && to !== null && periodProblem(from, to) === null) {
    return { vehicleId, fromMs: from, toMs: to, complete: vehicleId !== null };
  }
  const today = presetPeriod('today', nowMs, offsetHours);
  // A single `from` keeps its day: from there to the end of that day (or now, if sooner).
  if (from !== null && to === null) {
    const end = Math.min(startOfDay(from, offsetHours) + DAY, nowMs);
    if (end > from) return { vehicleId, fromMs: from, toMs: end, complete: false };
  }
  return { vehicleId, ...today, complete: false };
}

/** The address of a selection (the vehicle-less screen keeps no period in the address). */
export function travelPath(selection: TravelSelection): string {
  if (selection.vehicleId === null) return TRAVEL_BASE_PATH;
  return `${TRAVEL_BASE_PATH}/${selection.vehicleId}/${Math.round(selection.fromMs)}/${Math.round(selection.toMs)}`;
}

/** `yyyy-MM-ddTHH:mm` of an instant at an offset, for `<input type="datetime-local">`. */
export function toLocalInput(timeMs: number, offsetHours: TimeZoneSetting): string {
  return new Date(wallClockOf(offsetHours, timeMs)).toISOString().slice(0, 16);
}

/** The instant of a `yyyy-MM-ddTHH:mm` wall-clock value at an offset; null when unreadable. */
export function fromLocalInput(value: string, offsetHours: TimeZoneSetting): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.slice(1).map((v) => Number(v ?? 0));
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isFinite(utc) ? instantOfWallClock(offsetHours, utc) : null;
}
