// The tank model (domain.md §7): a sensor's level % → litres through each tank's capacity or its
// calibration table (piecewise linear, for non-linear tanks), several tanks adding up. Pure: the
// fuel detector converts every record with it, the server converts stored levels for the screens.

/** One point of a calibration table: the sensor's % and the litres it means. */
export interface CalibrationPoint {
  pct: number;
  litres: number;
}

/** A fuel tank: capacity and, for a non-linear tank, a table strictly increasing in both axes. */
export interface FuelTank {
  capacityL: number;
  calibration?: readonly CalibrationPoint[] | null;
}

/**
 * Litres in one tank at `pct`. Without a table: linear. With one: interpolated between the two
 * points around `pct`; below the first point, towards (0 %, 0 L); above the last, towards
 * (100 %, capacity) — a table need not name the ends.
 */
export function tankLitres(tank: FuelTank, pct: number): number {
  const p = pct < 0 ? 0 : pct > 100 ? 100 : pct;
  const table = tank.calibration;
  if (!table || table.length === 0) return (p / 100) * tank.capacityL;
  let lo: CalibrationPoint = { pct: 0, litres: 0 };
  // Tables are short (≤ 101 points): a linear walk costs less than setting up a binary search.
  for (const hi of table) {
    if (p <= hi.pct) return interpolate(lo, hi, p);
    lo = hi;
  }
  if (lo.pct >= 100) return lo.litres;
  return interpolate(lo, { pct: 100, litres: Math.max(tank.capacityL, lo.litres) }, p);
}

function interpolate(a: CalibrationPoint, b: CalibrationPoint, p: number): number {
  const span = b.pct - a.pct;
  if (span <= 0) return b.litres;
  return a.litres + ((p - a.pct) / span) * (b.litres - a.litres);
}

/** Litres in all tanks at `pct` (one reading for tanks that communicate): the sum. */
export function tanksLitres(tanks: readonly FuelTank[], pct: number): number {
  let sum = 0;
  for (const t of tanks) sum += tankLitres(t, pct);
  return sum;
}

/** The tanks' capacity together, litres. */
export function tanksCapacityL(tanks: readonly FuelTank[]): number {
  let sum = 0;
  for (const t of tanks) sum += t.capacityL;
  return sum;
}

/** The % whose litres are `litres` (the inverse of `tanksLitres`, by bisection; 0–100). */
export function tanksPct(tanks: readonly FuelTank[], litres: number): number {
  let lo = 0;
  let hi = 100;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (tanksLitres(tanks, mid) < litres) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
