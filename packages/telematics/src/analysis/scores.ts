// Scores and letters of the driving indicators (docs/domain.md §5) and the safe-driving score (§6),
// from sums of hourly indicator buckets (indicators.detector.ts). Pure functions.

import { ANALYSIS_INDICATORS, PROFILE_LETTERS, SCORE_SCALE_KEYS } from '@rumbo/contracts';
import type { IndicatorSums } from './indicator-sums.js';

export * from './indicator-sums.js';

/** Letters, best first (Mapon's scale): the contracts' list. */
export const LETTERS = PROFILE_LETTERS;
export type Letter = (typeof LETTERS)[number];

/** Lowest score of A, B, C, D, E and F (descending); G is below the last. */
export type LetterFloors = readonly [number, number, number, number, number, number];

/** The indicators' letters out of the box: A ≥ 90, B ≥ 75, C ≥ 60, D ≥ 45, E ≥ 30, F ≥ 15. */
export const DEFAULT_LETTER_FLOORS: LetterFloors = Object.freeze<LetterFloors>([
  90, 75, 60, 45, 30, 15,
]);

/**
 * The safe-driving score's letters out of the box (docs/decisions/0034-score-calibration.md):
 * §6's penalties take a few points for each behaviour, so a fleet's scores lie between 70 and 100
 * and the indicators' bands gave every truck an A or a B.
 */
export const DEFAULT_SAFETY_LETTER_FLOORS: LetterFloors = Object.freeze<LetterFloors>([
  97, 94, 90, 85, 80, 70,
]);

/** The letter of a 0–100 score (default A ≥ 90, B ≥ 75, C ≥ 60, D ≥ 45, E ≥ 30, F ≥ 15, G). */
export function letterOf(score: number, floors: LetterFloors = DEFAULT_LETTER_FLOORS): Letter {
  for (let i = 0; i < floors.length; i++) if (score >= floors[i]!) return LETTERS[i]!;
  return 'G';
}

/** A score that stands for a letter when letters are averaged (the middle of its band). */
export function scoreOfLetter(letter: Letter): number {
  const mids: Record<Letter, number> = {
    A: 95,
    B: 82.5,
    C: 67.5,
    D: 52.5,
    E: 37.5,
    F: 22.5,
    G: 7.5,
  };
  return mids[letter];
}

/** Averages letters through their scores (§5, the dashboard); null for none. */
export function averageLetters(letters: readonly (Letter | null | undefined)[]): Letter | null {
  let sum = 0;
  let n = 0;
  for (const l of letters) {
    if (!l) continue;
    sum += scoreOfLetter(l);
    n++;
  }
  return n === 0 ? null : letterOf(sum / n);
}

/** Linear and clamped between the value scoring 0 and the value scoring 100 (either order). */
export function linearScore(value: number, zeroAt: number, hundredAt: number): number {
  const score = ((value - zeroAt) / (hundredAt - zeroAt)) * 100;
  return Math.min(100, Math.max(0, score));
}

/** The rpm distribution's bands, lowest first (engine-on time with rpm known). */
export const RPM_BAND_KEYS = [
  'rpmUnder800S',
  'rpmBelowGreenS',
  'rpmGreenS',
  'rpmAboveGreenS',
  'rpmOver1800S',
] as const satisfies readonly (keyof IndicatorSums)[];

/** The ten indicators, in the specification's order: the contracts' list. */
export const INDICATOR_KEYS = ANALYSIS_INDICATORS;
export type IndicatorKey = (typeof INDICATOR_KEYS)[number];

/** Indicators read from the CAN bus (fuel, torque, rpm, pedal, cruise): N/D without CAN data. */
export const CAN_INDICATORS = [
  'consumption',
  'averageTorque',
  'kickdown',
  'percentageOptimumRange',
  'inertia',
  'useCruiseControl',
] as const satisfies readonly IndicatorKey[];

/** One indicator: value, 0–100 score, letter, coverage (known / engine-on time, 0–1). */
export interface IndicatorValue {
  value: number | null;
  score: number | null;
  profile: Letter | null;
  coverage: number;
  /** Coverage below the minimum: the value is shown flagged, without a letter. */
  lowCoverage: boolean;
}

/** The value scoring 0 and the value scoring 100 of an indicator (linear between, clamped). */
export interface IndicatorScale {
  zeroAt: number;
  hundredAt: number;
}

/** Indicators with a scale of their own (eco-driving is the weighted mean of the others). */
export const SCALED_INDICATORS = SCORE_SCALE_KEYS;
export type ScaledIndicator = (typeof SCALED_INDICATORS)[number];
export type IndicatorScales = Readonly<Record<ScaledIndicator, IndicatorScale>>;

/**
 * domain.md §5's scales (they gave every truck of the demo the same letter on most indicators, so
 * {@link DEFAULT_SCALES} recalibrates them). Units: `consumption` in % of the reference consumption R; `averageTorque`
 * % of the time at ≥ 90 % torque; `ralenti` % of engine time idling; `excessSpeed` % of the
 * distance over the limit; `kickdown` per 100 km; `percentageOptimumRange`, `inertia` % of the
 * driving time with CAN data; `useCruiseControl` % of the time above 60 km/h; `hardBraking` per
 * 100 km.
 */
export const DOMAIN_SCALES: IndicatorScales = Object.freeze({
  consumption: { zeroAt: 125, hundredAt: 85 },
  averageTorque: { zeroAt: 30, hundredAt: 5 },
  ralenti: { zeroAt: 30, hundredAt: 5 },
  excessSpeed: { zeroAt: 15, hundredAt: 1 },
  kickdown: { zeroAt: 3, hundredAt: 0.2 },
  percentageOptimumRange: { zeroAt: 40, hundredAt: 85 },
  inertia: { zeroAt: 2, hundredAt: 15 },
  useCruiseControl: { zeroAt: 1, hundredAt: 61 },
  hardBraking: { zeroAt: 1.5, hundredAt: 0.1 },
});

/** Out of the box: recalibrated on the demo fleet (docs/decisions/0034-score-calibration.md). */
export const DEFAULT_SCALES: IndicatorScales = Object.freeze({
  ...DOMAIN_SCALES,
  averageTorque: { zeroAt: 4, hundredAt: 0.25 },
  excessSpeed: { zeroAt: 3, hundredAt: 0.1 },
  kickdown: { zeroAt: 8, hundredAt: 0.2 },
});

/** A tenant's score settings (stored per tenant; these defaults when it has none). */
export interface ScoreSettings {
  letterFloors: LetterFloors;
  safetyLetterFloors: LetterFloors;
  scales: IndicatorScales;
}

export const DEFAULT_SCORE_SETTINGS: Readonly<ScoreSettings> = Object.freeze({
  letterFloors: DEFAULT_LETTER_FLOORS,
  safetyLetterFloors: DEFAULT_SAFETY_LETTER_FLOORS,
  scales: DEFAULT_SCALES,
});

/** Settings of the evaluation (domain.md §5 defaults). */
export interface EvaluationSettings {
  /** Letters of the indicators' scores (default {@link DEFAULT_LETTER_FLOORS}). */
  letterFloors?: LetterFloors;
  /** Scales of the indicators (default {@link DEFAULT_SCALES}). */
  scales?: IndicatorScales;
  /** Reference consumption R, L/100 km (32 tractor, 25 rigid). */
  referenceL100: number;
  /** Below this coverage an indicator has no letter. */
  minCoverage: number;
  /** Consumption is scored from this distance on, km. */
  consumptionMinKm: number;
}

export const DEFAULT_EVALUATION: Readonly<EvaluationSettings> = Object.freeze({
  referenceL100: 32,
  minCoverage: 0.7,
  consumptionMinKm: 50,
});

/** The evaluation settings of a vehicle of `kind` under a tenant's score settings. */
export function evaluationSettingsOf(
  settings: ScoreSettings,
  kind: string | null | undefined,
): EvaluationSettings {
  return {
    ...DEFAULT_EVALUATION,
    referenceL100: referenceL100Of(kind),
    letterFloors: settings.letterFloors,
    scales: settings.scales,
  };
}

/** Reference consumption by vehicle kind: rigid trucks 25 L/100 km, everything else 32. */
export function referenceL100Of(kind: string | null | undefined): number {
  return kind !== null && kind !== undefined && /rigid|r[ií]gido|camion$|cami[oó]n$/i.test(kind)
    ? 25
    : 32;
}

/**
 * A period's evaluation: the ten indicators plus distance and fuel. Its CO₂ is the counted litres ×
 * the shared diesel factor of `@rumbo/contracts`' co2.ts (decision 0050), taken by the server.
 */
export interface Evaluation {
  evaluation: Record<IndicatorKey, IndicatorValue>;
  distanceKm: number;
  totalFuelL: number;
  /** Engine-on time known / engine-on time (0–1). */
  coverage: number;
}

function ratio(n: number, d: number): number | null {
  return d > 0 ? n / d : null;
}

function indicator(
  value: number | null,
  coverage: number,
  settings: EvaluationSettings,
  scale: IndicatorScale,
  scoreFrom: number | null = value,
): IndicatorValue {
  const { zeroAt, hundredAt } = scale;
  const c = Math.min(1, Math.max(0, coverage));
  if (value === null || scoreFrom === null)
    return { value, score: null, profile: null, coverage: c, lowCoverage: value !== null };
  const lowCoverage = c < settings.minCoverage;
  const score = linearScore(scoreFrom, zeroAt, hundredAt);
  return {
    value,
    score: lowCoverage ? null : score,
    profile: lowCoverage ? null : letterOf(score, settings.letterFloors),
    coverage: c,
    lowCoverage,
  };
}

/** The ten indicators of a period from its summed buckets (domain.md §5). */
export function evaluate(
  sums: IndicatorSums,
  settings: EvaluationSettings = DEFAULT_EVALUATION,
): Evaluation {
  const known = sums.engineS;
  const coverage = known + sums.unknownS > 0 ? known / (known + sums.unknownS) : 0;
  const canCoverage = sums.drivingS > 0 ? coverage * (sums.canS / sums.drivingS) : 0;
  const km = sums.distanceKm;
  const per100 = (n: number) => (km > 0 ? (n * 100) / km : null);
  const pct = (n: number, d: number) => {
    const r = ratio(n, d);
    return r === null ? null : r * 100;
  };
  const R = settings.referenceL100;
  const sc = settings.scales ?? DEFAULT_SCALES;

  const consumptionValue = sums.fuelL > 0 && km > 0 ? (100 * sums.fuelL) / km : null;
  const consumption = indicator(
    consumptionValue,
    km >= settings.consumptionMinKm ? coverage : 0,
    settings,
    { zeroAt: (sc.consumption.zeroAt / 100) * R, hundredAt: (sc.consumption.hundredAt / 100) * R },
  );
  const hasCan = sums.canS > 0;
  const hasTorque = sums.torqueS > 0;
  // Harsh braking needs harsh-event input (a tracker wired to the vehicle, or computed): a phone's
  // zero hard brakes are no measurement.
  const hasHarshInput = sums.harshInputS > 0;
  const harshCoverage =
    sums.drivingS > 0 ? coverage * Math.min(1, sums.harshInputS / sums.drivingS) : 0;
  const e: Record<Exclude<IndicatorKey, 'averageEcoDriving'>, IndicatorValue> = {
    consumption,
    averageTorque: indicator(
      hasTorque ? sums.torqueSum / sums.torqueS : null,
      coverage,
      settings,
      sc.averageTorque,
      hasTorque ? (sums.torqueHighS / sums.torqueS) * 100 : null,
    ),
    // Idle needs a real engine signal (ignition or rpm): a phone infers the engine from motion and
    // would always read 0 % idle.
    ralenti: indicator(
      sums.engineSignalS > 0 ? pct(sums.idleS, sums.engineS) : null,
      sums.engineS > 0 ? coverage * Math.min(1, sums.engineSignalS / sums.engineS) : 0,
      settings,
      sc.ralenti,
    ),
    excessSpeed: indicator(pct(sums.excessKm, km), coverage, settings, sc.excessSpeed),
    kickdown: indicator(hasCan ? per100(sums.kickdowns) : null, canCoverage, settings, sc.kickdown),
    percentageOptimumRange: indicator(
      hasCan ? pct(sums.greenS, sums.canS) : null,
      canCoverage,
      settings,
      sc.percentageOptimumRange,
    ),
    inertia: indicator(
      hasCan ? pct(sums.inertiaS, sums.canS) : null,
      canCoverage,
      settings,
      sc.inertia,
    ),
    useCruiseControl: indicator(
      hasCan ? pct(sums.cruiseS, sums.over60S) : null,
      canCoverage,
      settings,
      sc.useCruiseControl,
    ),
    hardBraking: indicator(
      hasHarshInput ? per100(sums.hardBrakes) : null,
      harshCoverage,
      settings,
      sc.hardBraking,
    ),
  };
  let weighted = 0;
  let weights = 0;
  for (const [key, v] of Object.entries(e)) {
    if (v.score === null) continue;
    const w = key === 'consumption' ? 10 : 5;
    weighted += v.score * w;
    weights += w;
  }
  // Eco-driving is a CAN-bus figure: without one CAN indicator scored (a phone, a tracker without
  // CAN) speeding and braking alone would make it 100 A.
  const hasCanScore = CAN_INDICATORS.some((key) => e[key].score !== null);
  const eco = weights > 0 && hasCanScore ? weighted / weights : null;
  const averageEcoDriving: IndicatorValue = {
    value: eco,
    score: eco,
    profile: eco === null ? null : letterOf(eco, settings.letterFloors),
    coverage: Math.min(1, coverage),
    lowCoverage: eco === null && km > 0,
  };
  return {
    evaluation: {
      consumption: e.consumption,
      averageEcoDriving,
      averageTorque: e.averageTorque,
      ralenti: e.ralenti,
      excessSpeed: e.excessSpeed,
      kickdown: e.kickdown,
      percentageOptimumRange: e.percentageOptimumRange,
      inertia: e.inertia,
      useCruiseControl: e.useCruiseControl,
      hardBraking: e.hardBraking,
    },
    distanceKm: km,
    totalFuelL: sums.fuelL,
    coverage,
  };
}

// The safe-driving score (§6) lives in safety.ts; the package exports it from here.
export * from './safety.js';
