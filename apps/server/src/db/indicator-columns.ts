import type { IndicatorSums } from '@rumbo/telematics';

// The driving-indicator tables (migration 0011), shared by the indicators sink and the analysis
// repository.

/** Daily copies of the hourly indicator rows are aligned on UTC days. */
export const INDICATOR_DAY_MS = 86_400_000;

/** Start of the UTC calendar month of `ms` (the monthly copies, migration 0012). */
export function monthOf(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Start of the UTC month after the one of `ms`. */
export function nextMonthOf(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Table column of each summed field (snake case). */
export const INDICATOR_COLUMNS: Readonly<Record<keyof IndicatorSums, string>> = {
  distanceKm: 'distance_km',
  fuelL: 'fuel_l',
  engineS: 'engine_s',
  unknownS: 'unknown_s',
  drivingS: 'driving_s',
  idleS: 'idle_s',
  canS: 'can_s',
  greenS: 'green_s',
  inertiaS: 'inertia_s',
  over60S: 'over60_s',
  cruiseS: 'cruise_s',
  torqueSum: 'torque_sum',
  torqueS: 'torque_s',
  torqueHighS: 'torque_high_s',
  kickdowns: 'kickdowns',
  excessKm: 'excess_km',
  speedingS: 'speeding_s',
  speeding10S: 'speeding10_s',
  hardBrakes: 'hard_brakes',
  harshAccels: 'harsh_accels',
  harshCorners: 'harsh_corners',
  crashes: 'crashes',
  engineSignalS: 'engine_signal_s',
  rpmUnder800S: 'rpm_under800_s',
  rpmBelowGreenS: 'rpm_below_green_s',
  rpmGreenS: 'rpm_green_s',
  rpmAboveGreenS: 'rpm_above_green_s',
  rpmOver1800S: 'rpm_over1800_s',
  harshInputS: 'harsh_input_s',
};
