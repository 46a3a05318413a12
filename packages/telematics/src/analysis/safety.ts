// The safe-driving score (docs/domain.md §6): behaviours per 100 km or share of driving time,
// weighted into a 0–100 score. Pure functions.

/** Safe-driving behaviours (§6), their weights and whether they count events or time. */
export const SAFETY_ITEMS = [
  { code: 'hardBraking', weight: 2, kind: 'event' },
  { code: 'harshAcceleration', weight: 1, kind: 'event' },
  { code: 'harshCornering', weight: 2, kind: 'event' },
  { code: 'crash', weight: 10, kind: 'event' },
  { code: 'speeding', weight: 1, kind: 'time' },
  { code: 'speedingHigh', weight: 3, kind: 'time' },
] as const;
export type SafetyItemCode = (typeof SAFETY_ITEMS)[number]['code'];

/** One behaviour of a vehicle's period: count (events) or seconds (time), its rate and penalty. */
export interface SafetyItem {
  code: SafetyItemCode;
  /** Events, or seconds for the speeding items. */
  count: number;
  /** Events per 1,000 km, or % of driving time. */
  rate: number;
  /** Points it took off the score. */
  penalty: number;
}

/** What the safe-driving score needs (sums over the period). */
export interface SafetySums {
  distanceKm: number;
  drivingS: number;
  hardBrakes: number;
  harshAccels: number;
  harshCorners: number;
  crashes: number;
  speedingS: number;
  speeding10S: number;
  /** Driving time with harsh-event input (a phone has none: its score is N/D). */
  harshInputS: number;
}

/** Minimum distance of a scored period, km (§6). */
export const SAFETY_MIN_KM = 100;

/** Share of the driving time with harsh-event input below which the score is N/D. */
export const SAFETY_MIN_HARSH_INPUT = 0.7;

/**
 * The safe-driving score of a period and the items that cost points: null under 100 km, and null
 * when harsh events could not be measured for most of the driving time (a phone's clean record
 * would otherwise make it the safest of the fleet).
 */
export function safetyScore(s: SafetySums): { score: number | null; items: SafetyItem[] } {
  const counts: Record<SafetyItemCode, number> = {
    hardBraking: s.hardBrakes,
    harshAcceleration: s.harshAccels,
    harshCornering: s.harshCorners,
    crash: s.crashes,
    speeding: s.speedingS,
    speedingHigh: s.speeding10S,
  };
  let penalty = 0;
  const items: SafetyItem[] = SAFETY_ITEMS.map(({ code, weight, kind }) => {
    const count = counts[code];
    const rate =
      kind === 'event'
        ? s.distanceKm > 0
          ? (count * 1000) / s.distanceKm
          : 0
        : s.drivingS > 0
          ? (100 * count) / s.drivingS
          : 0;
    const p = weight * rate;
    penalty += p;
    return { code, count, rate, penalty: p };
  });
  if (s.distanceKm < SAFETY_MIN_KM) return { score: null, items };
  if (s.harshInputS < SAFETY_MIN_HARSH_INPUT * s.drivingS) return { score: null, items };
  return { score: Math.min(100, Math.max(0, 100 - penalty)), items };
}
