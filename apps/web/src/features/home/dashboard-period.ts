import { addZonedDays, startOfZonedDay, wallClockOf, type TimeZoneSetting } from '@rumbo/contracts';

/**
 * The dashboard period (spec §9): from the start of the current week (Monday) to the end of
 * yesterday, in the user's UTC offset. On a Monday that is empty, so the previous week is used.
 */
export function dashboardPeriod(
  nowMs: number,
  zone: TimeZoneSetting,
): { fromMs: number; toMs: number } {
  const startOfToday = startOfZonedDay(zone, nowMs);
  const weekday = (new Date(wallClockOf(zone, startOfToday)).getUTCDay() + 6) % 7; // Monday = 0
  const from = addZonedDays(zone, startOfToday, weekday === 0 ? -7 : -weekday);
  return { fromMs: from, toMs: startOfToday - 1 };
}
