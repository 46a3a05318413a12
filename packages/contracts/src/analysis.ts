import { z } from 'zod';
import { epochMs, epochMsParam, id, idParam, text } from './fields.js';

// Driving analysis (issue 13): `GET /analysis/{from}/{to}/…`, `POST /v2/vehicle/safety_drive`,
// `POST /v2/event/ralenti_agg`. Spec §3/§7 fix the field names, decisions.md ("Analysis, alerts
// and zones") the shapes; what they leave open is docs/decisions/0022-driving-analysis.md.

/** Longest period one call may cover, days. */
export const ANALYSIS_MAX_DAYS = 366;

/** The ten indicators, in the specification's order (domain.md §5). */
export const ANALYSIS_INDICATORS = [
  'consumption',
  'averageEcoDriving',
  'averageTorque',
  'ralenti',
  'excessSpeed',
  'kickdown',
  'percentageOptimumRange',
  'inertia',
  'useCruiseControl',
  'hardBraking',
] as const;
export type AnalysisIndicator = (typeof ANALYSIS_INDICATORS)[number];

/** Letters A–G (domain.md §5). */
export const PROFILE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type ProfileLetter = (typeof PROFILE_LETTERS)[number];

/** The letter of a 0–100 score: A ≥ 90, B ≥ 75, C ≥ 60, D ≥ 45, E ≥ 30, F ≥ 15, else G. */
export function profileOf(score: number): ProfileLetter {
  if (score >= 90) return 'A';
  if (score >= 75) return 'B';
  if (score >= 60) return 'C';
  if (score >= 45) return 'D';
  if (score >= 30) return 'E';
  if (score >= 15) return 'F';
  return 'G';
}

/** Middle score of a letter's band, to average letters (the dashboard, spec §9). */
export function scoreOfProfile(letter: ProfileLetter): number {
  return { A: 95, B: 82.5, C: 67.5, D: 52.5, E: 37.5, F: 22.5, G: 7.5 }[letter];
}

/** Averages letters through their scores; null when there are none. */
export function averageProfiles(
  letters: readonly (ProfileLetter | null | undefined)[],
): ProfileLetter | null {
  let sum = 0;
  let n = 0;
  for (const l of letters) {
    if (!l) continue;
    sum += scoreOfProfile(l);
    n++;
  }
  return n === 0 ? null : profileOf(sum / n);
}

const isOrdered = (p: { from: number; to: number }) => p.to > p.from;
const isShortEnough = (p: { from: number; to: number }) =>
  p.to - p.from <= ANALYSIS_MAX_DAYS * 86_400_000;
const ORDER = { message: 'period_order', path: ['to'] };
const MAX = { message: 'period_max_year', path: ['to'] };

/** `GET /analysis/{from}/{to}/` path. */
export const analysisParams = z
  .object({ from: epochMsParam(), to: epochMsParam() })
  .refine(isOrdered, ORDER)
  .refine(isShortEnough, MAX);
/** `GET /analysis/{from}/{to}/{vehicleId}` path. */
export const analysisVehicleParams = z
  .object({ from: epochMsParam(), to: epochMsParam(), vehicleId: idParam() })
  .refine(isOrdered, ORDER)
  .refine(isShortEnough, MAX);

/** `opts[]`: `all` keeps rows of ≤ 20 km (dropped by default, spec §9); `drivers` one row per driver. */
export const ANALYSIS_OPTIONS = ['all', 'drivers'] as const;
export type AnalysisOption = (typeof ANALYSIS_OPTIONS)[number];

const many = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(10_000)]).transform((v) => (Array.isArray(v) ? v : [v]));

/** `?opts[]=…&vids[]=…&gids[]=…` (also without the brackets). */
export const analysisQuery = z
  .object({
    'opts[]': many(z.enum(ANALYSIS_OPTIONS)).optional(),
    opts: many(z.enum(ANALYSIS_OPTIONS)).optional(),
    'vids[]': many(idParam()).optional(),
    vids: many(idParam()).optional(),
    'gids[]': many(idParam()).optional(),
    gids: many(idParam()).optional(),
  })
  .strict();
export type AnalysisQuery = z.infer<typeof analysisQuery>;

/** One indicator of a row: value, letter (null: no data or low coverage), score and coverage. */
export const indicatorValueSchema = z.object({
  value: z.number().nullable(),
  profile: z.enum(PROFILE_LETTERS).nullable(),
  score: z.number().nullable(),
  /** Known time / engine-on time, 0–1. */
  coverage: z.number(),
  lowCoverage: z.boolean(),
});
export type IndicatorValue = z.infer<typeof indicatorValueSchema>;

export const analysisEvaluationSchema = z.object(
  Object.fromEntries(ANALYSIS_INDICATORS.map((k) => [k, indicatorValueSchema])) as Record<
    AnalysisIndicator,
    typeof indicatorValueSchema
  >,
);

/** One day of a vehicle's period (the detail screen's timeline). */
export const analysisDaySchema = z.object({
  /** Start of the UTC day, epoch ms. */
  day: z.number(),
  distance: z.number(),
  fuel: z.number(),
  drivingS: z.number(),
  idleS: z.number(),
  kickdowns: z.number(),
  hardBrakes: z.number(),
  excessKm: z.number(),
});

/** One kickdown of a vehicle's period (the map and the timeline). */
export const kickdownEventSchema = z.object({
  time: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  speedKmh: z.number().nullable(),
  driverCode: z.string().nullable(),
});
export type KickdownEvent = z.infer<typeof kickdownEventSchema>;

/** The rpm distribution's bands, lowest first (engine-on seconds with rpm known). */
export const RPM_BANDS = ['under800', 'belowGreen', 'green', 'aboveGreen', 'over1800'] as const;
export type RpmBand = (typeof RPM_BANDS)[number];
export const rpmBandsSchema = z.object(
  Object.fromEntries(RPM_BANDS.map((k) => [k, z.number()])) as Record<RpmBand, z.ZodNumber>,
);
export type RpmBands = z.infer<typeof rpmBandsSchema>;

/** An analysis row (decisions.md): distance km, fuel litres, CO₂ kg. */
export const analysisRowSchema = z.object({
  vehicleid: z.number(),
  /** With `opts[]=drivers`: the driver's card code ('' = unidentified). */
  driverCode: z.string().optional(),
  odometers: z.object({ distance: z.number() }),
  evaluation: analysisEvaluationSchema,
  consumption: z.object({ totalFuel: z.number() }),
  /** kg CO₂e TTW: the counted litres × co2.ts' diesel factor (decision 0050). */
  co2: z.number(),
  /** Engine-on time known / engine-on time, 0–1. */
  coverage: z.number(),
  drivingS: z.number(),
  engineS: z.number(),
  idleS: z.number(),
  kickdowns: z.number(),
  hardBrakes: z.number(),
  /** Engine-on seconds per rpm band (all zero without rpm data). */
  rpmBands: rpmBandsSchema,
  /** Only in the one-vehicle answer. */
  days: z.array(analysisDaySchema).optional(),
  /** Only in the one-vehicle answer: each kickdown, when and where (at most 1,000, oldest first). */
  kickdownEvents: z.array(kickdownEventSchema).optional(),
});
export type AnalysisRow = z.infer<typeof analysisRowSchema>;
export const analysisAnswer = z.array(analysisRowSchema);

/** `POST /v2/vehicle/safety_drive`: `vehicles` absent or empty = every vehicle of the tenant. */
export const safetyDriveQuery = z
  .strictObject({
    from: epochMs(),
    to: epochMs(),
    vehicles: z.array(id()).max(10_000).optional(),
    /** A driver's id: only what that driver drove. */
    driver: id().optional(),
    /** Or a driver's card code (drivers the tenant has not registered too). */
    driverCode: text().trim().min(1).max(64).optional(),
  })
  .refine(isOrdered, ORDER)
  .refine(isShortEnough, MAX);
export type SafetyDriveQuery = z.infer<typeof safetyDriveQuery>;

export const SAFETY_ITEM_CODES = [
  'hardBraking',
  'harshAcceleration',
  'harshCornering',
  'crash',
  'speeding',
  'speedingHigh',
] as const;

/** A behaviour's count (events, or seconds for speeding), rate (per 1,000 km or % of driving). */
export const safetyItemSchema = z.object({
  code: z.enum(SAFETY_ITEM_CODES),
  count: z.number(),
  rate: z.number(),
  penalty: z.number(),
});

export const safetyScoreSchema = z.object({
  /** 0–100; null under 100 km (N/A). */
  valor: z.number().nullable(),
  perfil: z.enum(PROFILE_LETTERS).nullable(),
});

export const safetyVehicleSchema = z.object({
  idVehicle: z.number(),
  distance: z.number(),
  items: z.array(safetyItemSchema),
  score: z.number().nullable(),
  perfil: z.enum(PROFILE_LETTERS).nullable(),
});

export const safetyDriverSchema = z.object({
  driverCode: z.string(),
  driverId: z.number().nullable(),
  name: z.string().nullable(),
  distance: z.number(),
  items: z.array(safetyItemSchema),
  score: z.number().nullable(),
  perfil: z.enum(PROFILE_LETTERS).nullable(),
});

export const safetyDriveAnswer = z.object({
  fleet: safetyScoreSchema.extend({ distance: z.number(), items: z.array(safetyItemSchema) }),
  vehicles: z.array(safetyVehicleSchema),
  drivers: z.array(safetyDriverSchema),
  /** Vehicles per letter; `NA` those under 100 km. */
  profiles: z.object({
    A: z.number(),
    B: z.number(),
    C: z.number(),
    D: z.number(),
    E: z.number(),
    F: z.number(),
    G: z.number(),
    NA: z.number(),
  }),
});
export type SafetyDriveAnswer = z.infer<typeof safetyDriveAnswer>;

/** `POST /v2/event/ralenti_agg` `{from, to, vehicles?}`. */
export const ralentiQuery = z
  .strictObject({
    from: epochMs(),
    to: epochMs(),
    vehicles: z.array(id()).max(10_000).optional(),
  })
  .refine(isOrdered, ORDER)
  .refine(isShortEnough, MAX);
export type RalentiQuery = z.infer<typeof ralentiQuery>;

/** Idle of one vehicle over the period: durations in seconds, fuel in litres. */
export const ralentiAggItemSchema = z.object({
  vehicle_id: z.number(),
  count: z.number(),
  min: z.number(),
  max: z.number(),
  total: z.number(),
  avg: z.number(),
  /** Litres burnt idling (periods' fuel). */
  fuel: z.number(),
  /** Idle time / engine-on time of the period, % (null without engine time). */
  idlePct: z.number().nullable(),
  engineS: z.number(),
});
export const ralentiAggAnswer = z.object({ payload: z.array(ralentiAggItemSchema) });
export type RalentiAggAnswer = z.infer<typeof ralentiAggAnswer>;

/** `POST /v2/event/ralenti_vehicle` `{from, to, vehicle}`: one vehicle's idle periods. */
export const ralentiVehicleQuery = z
  .strictObject({
    from: epochMs(),
    to: epochMs(),
    vehicle: id(),
  })
  .refine(isOrdered, ORDER)
  .refine(isShortEnough, MAX);

export const idlePeriodSchema = z.object({
  start: z.number(),
  end: z.number(),
  duration: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Where it was, in the caller's language (issue 23: the tenant's place, else a locality). */
  place: z.string().nullable().optional(),
  fuel: z.number(),
  fuelSource: z.enum(['counter', 'rate', 'estimated']),
  driverCode: z.string().nullable(),
});
export type IdlePeriod = z.infer<typeof idlePeriodSchema>;
export const ralentiVehicleAnswer = z.object({ payload: z.array(idlePeriodSchema) });

/**
 * `POST /v2/dashboard/summary` (issue 21, docs/decisions/0029-views-per-route.md): the
 * dashboard's figures for the fleet as a whole — what the dashboard shows and nothing per vehicle,
 * so a role holding `dashboard` needs no other screen's calls. `from`/`to` is the week of the
 * distance, fuel, CO₂, idle and score cards; `alertsFrom`/`alertsTo` the period of today's alerts.
 */
export const dashboardSummaryQuery = z
  .strictObject({
    from: epochMs(),
    to: epochMs(),
    alertsFrom: epochMs(),
    alertsTo: epochMs(),
  })
  .refine(isOrdered, ORDER)
  .refine(isShortEnough, MAX)
  .refine((q) => q.alertsTo > q.alertsFrom, { message: 'period_order', path: ['alertsTo'] })
  .refine((q) => q.alertsTo - q.alertsFrom <= ANALYSIS_MAX_DAYS * 86_400_000, {
    message: 'period_max_year',
    path: ['alertsTo'],
  });
export type DashboardSummaryQuery = z.infer<typeof dashboardSummaryQuery>;

/** kg CO₂e of the fleet over a period, TTW and WTW; `estimatedTtwKg` part of `ttwKg`. */
export const dashboardCo2Schema = z.object({
  ttwKg: z.number(),
  wtwKg: z.number(),
  estimatedTtwKg: z.number(),
  /** TTW kg per 100 km (null under 1 km). */
  ttwKgPer100Km: z.number().nullable(),
  /** TTW kg of the period just before, as long. */
  previousTtwKg: z.number(),
});
export type DashboardCo2 = z.infer<typeof dashboardCo2Schema>;

export const dashboardSummaryAnswer = z.object({
  /** The fleet's safe-driving score (null under 100 km). */
  fleetScore: safetyScoreSchema,
  /** Sums over the vehicles of the period: km, litres, kg of CO₂ (counted litres × co2.ts' diesel TTW factor). */
  distanceKm: z.number(),
  fuelL: z.number(),
  co2Kg: z.number(),
  /** The CO₂ card (decision 0050): the period's and the previous period's of the same length. */
  co2: dashboardCo2Schema,
  /** Average eco-driving letter of the vehicles over 20 km; null when none. */
  ecoDriving: z.enum(PROFILE_LETTERS).nullable(),
  /** Idle of the period: seconds and litres. */
  idle: z.object({ seconds: z.number(), fuelL: z.number() }),
  /** Vehicles moving now (in transit or speeding) of all the tenant's vehicles. */
  vehicles: z.object({ inTransit: z.number(), total: z.number() }),
  /** Events raised in [alertsFrom, alertsTo). */
  alerts: z.number(),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryAnswer>;

/** Indicators with a scale of their own in the score settings (eco-driving averages the others). */
export const SCORE_SCALE_KEYS = [
  'consumption',
  'averageTorque',
  'ralenti',
  'excessSpeed',
  'kickdown',
  'percentageOptimumRange',
  'inertia',
  'useCruiseControl',
  'hardBraking',
] as const;
export type ScoreScaleKey = (typeof SCORE_SCALE_KEYS)[number];

const score0to100 = z.number().min(0).max(100);
/** Lowest score of A, B, C, D, E and F, strictly descending (G is below the last). */
const letterFloors = z
  .tuple([score0to100, score0to100, score0to100, score0to100, score0to100, score0to100])
  .refine((f) => f.every((v, i) => i === 0 || v < f[i - 1]!), 'letter_floors_order');
/** The value scoring 0 and the value scoring 100 (linear between, clamped); never equal. */
const indicatorScale = z
  .object({ zeroAt: z.number().min(0).max(1000), hundredAt: z.number().min(0).max(1000) })
  .strict()
  .refine((s) => s.zeroAt !== s.hundredAt, { message: 'scale_equal', path: ['hundredAt'] });

/**
 * A tenant's score settings (`GET`/`PUT /api/rest/analysis/score_settings`, administrators):
 * the indicators' and the safe-driving score's letter floors and each indicator's scale
 * (docs/decisions/0034-score-calibration.md). `consumption` in % of the reference consumption.
 */
export const scoreSettingsSchema = z
  .object({
    letterFloors,
    safetyLetterFloors: letterFloors,
    scales: z
      .object(
        Object.fromEntries(SCORE_SCALE_KEYS.map((k) => [k, indicatorScale])) as Record<
          ScoreScaleKey,
          typeof indicatorScale
        >,
      )
      .strict(),
  })
  .strict();
export type ScoreSettingsBody = z.infer<typeof scoreSettingsSchema>;

/**
 * The settings a tenant without its own has (what `GET …/score_settings` answers then): the score
 * settings screen's "restore defaults". The same values as telematics' `DEFAULT_SCORE_SETTINGS`
 * (a server test keeps the two equal).
 */
export const SCORE_SETTINGS_DEFAULTS: ScoreSettingsBody = {
  letterFloors: [90, 75, 60, 45, 30, 15],
  safetyLetterFloors: [97, 94, 90, 85, 80, 70],
  scales: {
    consumption: { zeroAt: 125, hundredAt: 85 },
    averageTorque: { zeroAt: 4, hundredAt: 0.25 },
    ralenti: { zeroAt: 30, hundredAt: 5 },
    excessSpeed: { zeroAt: 3, hundredAt: 0.1 },
    kickdown: { zeroAt: 8, hundredAt: 0.2 },
    percentageOptimumRange: { zeroAt: 40, hundredAt: 85 },
    inertia: { zeroAt: 2, hundredAt: 15 },
    useCruiseControl: { zeroAt: 1, hundredAt: 61 },
    hardBraking: { zeroAt: 1.5, hundredAt: 0.1 },
  },
};
