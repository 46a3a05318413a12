const DAY_MS = 86_400_000;

/**
 * The dashboard period (spec §9): from the start of the current week (Monday) to the end of
 * yesterday, in the user's UTC offset. On a Monday that is empty, so the previous week is used.
 */
export function dashboardPeriod(
  nowMs: number,
  offsetHours: number,
): { fromMs: number; toMs: number } {
  const offsetMs = offsetHours * 3_600_000;
  const local = nowMs + offsetMs;
  const startOfToday = Math.floor(local / DAY_MS) * DAY_MS;
  const weekday = (new Date(startOfToday).getUTCDay() + 6) % 7; // Monday = 0
  let from = startOfToday - weekday * DAY_MS;
  if (from === startOfToday) from -= 7 * DAY_MS;
  return { fromMs: from - offsetMs, toMs: startOfToday - 1 - offsetMs };
}
