// Calendar days and fixed weeks (Monday 00:00 – Sunday 24:00) in an IANA time zone, as epoch ms.
// UTC (the tachograph's zone) is plain arithmetic; other zones read their offset through Intl.

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05 was a Monday. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function isUtc(timeZone: string): boolean {
  return timeZone === 'UTC' || timeZone === 'Etc/UTC';
}

/** The zone's offset from UTC at `tMs`, ms (local = UTC + offset). */
function offsetMs(tMs: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(tMs));
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - (tMs - (((tMs % 1000) + 1000) % 1000));
}

/** The instant of a local wall-clock time (the first one when a clock change repeats it). */
function instantOfLocal(localMs: number, timeZone: string): number {
  let t = localMs - offsetMs(localMs, timeZone);
  t = localMs - offsetMs(t, timeZone);
  return t;
}

/** Start of the calendar day containing `tMs` in `timeZone`. */
export function dayStartMs(tMs: number, timeZone: string): number {
  if (isUtc(timeZone)) return Math.floor(tMs / DAY_MS) * DAY_MS;
  const local = tMs + offsetMs(tMs, timeZone);
  return instantOfLocal(Math.floor(local / DAY_MS) * DAY_MS, timeZone);
}

/** Start of the next calendar day after the one containing `tMs`. */
export function nextDayStartMs(tMs: number, timeZone: string): number {
  if (isUtc(timeZone)) return Math.floor(tMs / DAY_MS) * DAY_MS + DAY_MS;
  const local = tMs + offsetMs(tMs, timeZone);
  return instantOfLocal(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS, timeZone);
}

/** Start (Monday 00:00) of the fixed week containing `tMs` in `timeZone`. */
export function weekStartMs(tMs: number, timeZone: string): number {
  const local = isUtc(timeZone) ? tMs : tMs + offsetMs(tMs, timeZone);
  const start = Math.floor((local - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;
  return isUtc(timeZone) ? start : instantOfLocal(start, timeZone);
}

/** Start of the fixed week after the one containing `tMs`. */
export function nextWeekStartMs(tMs: number, timeZone: string): number {
  const local = isUtc(timeZone) ? tMs : tMs + offsetMs(tMs, timeZone);
  const start = Math.floor((local - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;
  return isUtc(timeZone) ? start + WEEK_MS : instantOfLocal(start + WEEK_MS, timeZone);
}

/** The calendar date `YYYY-MM-DD` of `tMs` in `timeZone`. */
export function localDate(tMs: number, timeZone: string): string {
  const local = isUtc(timeZone) ? tMs : tMs + offsetMs(tMs, timeZone);
  return new Date(local).toISOString().slice(0, 10);
}
