import { instantOfWallClock, wallClockOf, type TimeZoneSetting } from '@rumbo/contracts';

/**
 * Date pickers work on the browser's local time; the app shows times at the user's UTC offset
 * (spec §9). A "wall-clock date" is a Date whose local fields (year … seconds) read the user's
 * time of an instant, whatever the browser's zone.
 */
export function toWallClockDate(timeMs: number, zone: TimeZoneSetting): Date {
  const d = new Date(wallClockOf(zone, timeMs));
  return new Date(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/** The instant a wall-clock date names at the user's offset; null for an invalid date. */
export function fromWallClockDate(date: Date | null, zone: TimeZoneSetting): number | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return instantOfWallClock(
    zone,
    Date.UTC(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
      date.getMilliseconds(),
    ),
  );
}
