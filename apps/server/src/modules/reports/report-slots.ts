import {
  addZonedDays,
  instantOfWallClock,
  startOfZonedDay,
  wallClockOf,
  type ReportPeriod,
  type ReportSchedule,
} from '@rumbo/contracts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** When a subscription is sent: a wall-clock time in a zone, every day, week or month. */
export interface SlotRule {
  schedule: ReportSchedule;
  /** weekly: ISO weekday 1 (Monday) … 7; monthly: day 1 … 31 (clamped to the month's last). */
  scheduleDay: number | null;
  /** Minutes after local midnight. */
  atMinute: number;
  timeZone: string;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function matches(rule: SlotRule, wallDay: Date): boolean {
  switch (rule.schedule) {
    case 'daily':
      return true;
    case 'weekly':
      return ((wallDay.getUTCDay() + 6) % 7) + 1 === rule.scheduleDay;
    case 'monthly': {
      const last = daysInMonth(wallDay.getUTCFullYear(), wallDay.getUTCMonth());
      return wallDay.getUTCDate() === Math.min(rule.scheduleDay ?? 1, last);
    }
  }
}

/**
 * The first slot strictly after `afterMs`: the rule's wall-clock time on the first matching day
 * of the zone, turned into an instant with that day's offset (so 08:00 stays 08:00 across a
 * daylight-saving change; a time skipped by a spring-forward change is sent the hour after).
 */
export function nextSlotAfter(rule: SlotRule, afterMs: number): number {
  const wall = wallClockOf(rule.timeZone, afterMs);
  const firstDay = wall - (((wall % DAY) + DAY) % DAY);
  // A monthly rule matches within 31 days; two months of days cover any start.
  for (let i = 0; i <= 62; i += 1) {
    const day = firstDay + i * DAY;
    if (!matches(rule, new Date(day))) continue;
    const instant = instantOfWallClock(rule.timeZone, day + rule.atMinute * MINUTE);
    if (instant > afterMs) return instant;
  }
  throw new Error('no slot within two months');
}

/** A period: [from, to) and the one before it, of the same kind, for the comparison. */
export interface ReportWindow {
  from: number;
  to: number;
  previousFrom: number;
}

/**
 * The period a slot reports on, in whole days of the zone: the day before the slot's day, the
 * ISO week (Monday to Sunday) before the slot's week, or the calendar month before its month.
 */
export function periodOf(period: ReportPeriod, timeZone: string, slotMs: number): ReportWindow {
  const today = startOfZonedDay(timeZone, slotMs);
  switch (period) {
    case 'yesterday': {
      const from = addZonedDays(timeZone, today, -1);
      return { from, to: today, previousFrom: addZonedDays(timeZone, today, -2) };
    }
    case 'last_week': {
      const weekday = (new Date(wallClockOf(timeZone, today)).getUTCDay() + 6) % 7;
      const to = addZonedDays(timeZone, today, -weekday);
      return {
        from: addZonedDays(timeZone, to, -7),
        to,
        previousFrom: addZonedDays(timeZone, to, -14),
      };
    }
    case 'last_month': {
      const wall = new Date(wallClockOf(timeZone, today));
      const monthStart = (back: number) =>
        instantOfWallClock(timeZone, Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() - back, 1));
      return { from: monthStart(1), to: monthStart(0), previousFrom: monthStart(2) };
    }
  }
}

/** `HH:MM` ↔ minutes after midnight. */
export function minuteOf(at: string): number {
  const [h = '0', m = '0'] = at.split(':');
  return Number(h) * 60 + Number(m);
}

export function atOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
