/**
 * A user's time zone: an IANA name (`Europe/Madrid`, `America/Argentina/Buenos_Aires`), whose
 * offset follows daylight saving, or — as old clients send it — a fixed UTC offset in hours.
 */
export type TimeZoneSetting = string | number;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const formats = new Map<string, Intl.DateTimeFormat | null>();

function formatFor(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    formats.set(zone, format);
  }
  return format;
}

/** Whether a text names an IANA time zone this runtime knows (a region name, or UTC). */
export function isIanaTimeZone(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name) && !!formatFor(name);
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(zone: TimeZoneSetting, timeMs: number): number {
  if (typeof zone === 'number') return zone * HOUR;
  const format = formatFor(zone);
  if (!format || !Number.isFinite(timeMs)) return 0;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(timeMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (timeMs - (((timeMs % 1000) + 1000) % 1000));
}

/**
 * The instant whose wall clock in the zone reads `wallMs` (wall-clock fields written as if UTC,
 * `Date.UTC(y, m, d, h, …)`). A wall time skipped by a spring-forward change reads as the hour
 * after; a repeated one (autumn) as its first occurrence.
 */
export function instantOfWallClock(zone: TimeZoneSetting, wallMs: number): number {
  const before = zoneOffsetMs(zone, wallMs - DAY);
  const after = zoneOffsetMs(zone, wallMs + DAY);
  const valid = [before, after]
    .map((offset) => wallMs - offset)
    .filter((instant) => zoneOffsetMs(zone, instant) === wallMs - instant);
  // In a skipped hour no reading is valid: the earlier offset moves it past the change.
  return valid.length ? Math.min(...valid) : wallMs - before;
}

/** The wall clock of an instant in the zone, as `Date.UTC` fields (read with getUTC…). */
export function wallClockOf(zone: TimeZoneSetting, timeMs: number): number {
  return timeMs + zoneOffsetMs(zone, timeMs);
}

/** The instant the zone's day holding `timeMs` starts (23 or 25 hours on a change day). */
export function startOfZonedDay(zone: TimeZoneSetting, timeMs: number): number {
  const wall = wallClockOf(zone, timeMs);
  return instantOfWallClock(zone, wall - (((wall % DAY) + DAY) % DAY));
}

/** The instant the zone's day `days` after the one holding `timeMs` starts. */
export function addZonedDays(zone: TimeZoneSetting, timeMs: number, days: number): number {
  const wall = wallClockOf(zone, startOfZonedDay(zone, timeMs));
  return instantOfWallClock(zone, wall + days * DAY);
}
