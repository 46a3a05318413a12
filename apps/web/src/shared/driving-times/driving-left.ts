import type { DriverDrivingTimesDto } from '@rumbo/contracts';

/** Which driving limit a bar measures. */
export type LeftKind = 'break' | 'day' | 'week' | 'fortnight';
export const LEFT_KINDS: readonly LeftKind[] = ['break', 'day', 'week', 'fortnight'];

/** How a bar of driving left looks: plenty, running out (amber) or none (red). */
export type BarLevel = 'ok' | 'amber' | 'red';

/** Under this much driving left a bar turns amber: 30 min before a break, 1 h for the others. */
export const AMBER_BELOW_S: Readonly<Record<LeftKind, number>> = {
  break: 30 * 60,
  day: 60 * 60,
  week: 60 * 60,
  fortnight: 60 * 60,
};

/** The colour level of `leftS` seconds of driving left before the `kind` limit. */
export function barLevel(kind: LeftKind, leftS: number): BarLevel {
  if (!(leftS > 0)) return 'red';
  return leftS < AMBER_BELOW_S[kind] ? 'amber' : 'ok';
}

/** Seconds driven toward the `kind` limit. */
function drivenOf(row: Pick<DriverDrivingTimesDto, 'drivenS'>, kind: LeftKind): number {
  switch (kind) {
    case 'break':
      return row.drivenS.sinceBreakS;
    case 'day':
      return row.drivenS.todayS;
    case 'week':
      return row.drivenS.weekS;
    case 'fortnight':
      return row.drivenS.fortnightS;
  }
}

/** Seconds left before the `kind` limit (never negative). */
export function leftOf(row: Pick<DriverDrivingTimesDto, 'drivingLeft'>, kind: LeftKind): number {
  const left =
    kind === 'break'
      ? row.drivingLeft.breakS
      : kind === 'day'
        ? row.drivingLeft.dayS
        : kind === 'week'
          ? row.drivingLeft.weekS
          : row.drivingLeft.fortnightS;
  return Math.max(0, left);
}

/** A bar of driving left: seconds left, the limit it counts toward, the share left, its level. */
export interface LeftBar {
  kind: LeftKind;
  leftS: number;
  /** Driven plus left: the limit in force (9 h or 10 h a day, 4 h 30 before a break…). */
  limitS: number;
  /** 0–1: the share of the limit still left (the filled part of the bar). */
  fraction: number;
  level: BarLevel;
}

/** The bar of one limit for a driver's row. */
export function leftBar(
  row: Pick<DriverDrivingTimesDto, 'drivenS' | 'drivingLeft'>,
  kind: LeftKind,
): LeftBar {
  const leftS = leftOf(row, kind);
  const limitS = Math.max(0, drivenOf(row, kind)) + leftS;
  const fraction = limitS > 0 ? Math.min(1, leftS / limitS) : 0;
  return { kind, leftS, limitS, fraction, level: barLevel(kind, leftS) };
}

/** Seconds as `4 h 05` (or `45 min` under an hour); negative counts as zero. */
export function hoursMinutes(seconds: number): string {
  const m = Math.floor(Math.max(0, seconds) / 60);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return h > 0 ? `${h} h ${String(rest).padStart(2, '0')}` : `${rest} min`;
}
