import { z } from 'zod';
import { co2Schema } from './co2.js';
import { epochMsParam, idParam, multilineText } from './fields.js';

// Fuel and AdBlue screens (issue 14): `fuel/refuel`, `fuel/consumtion`, `fuel/catalyst`,
// `fuel/add`, and the tank model in vehicle administration. Every quantity is in litres, km,
// seconds and epoch ms (decisions.md: converted to the user's units only on screen). The
// endpoints and their rules: docs/decisions/0024-fuel-screens.md.

/** Longest period one call may cover, days (the refill screen's bench covers 90). */
export const FUEL_MAX_DAYS = 366;

/** Rumbo's fuel codes: refill, suspected theft, AdBlue (urea) refill. */
export const FUEL_EVENT_CODES = ['CRG', 'DCS', 'AUR'] as const;
export type FuelEventCode = (typeof FUEL_EVENT_CODES)[number];

/** A suspected theft's review. */
export const FUEL_REVIEW_STATUSES = ['confirmed', 'dismissed'] as const;
export type FuelReviewStatus = (typeof FUEL_REVIEW_STATUSES)[number];

const isOrdered = (p: { from: number; to: number }) => p.to > p.from;
const isShortEnough = (p: { from: number; to: number }) =>
  p.to - p.from <= FUEL_MAX_DAYS * 86_400_000;
const ORDER = { message: 'period_order', path: ['to'] };
const MAX = { message: 'period_max_year', path: ['to'] };

/** `/{from}/{to}` path of every period call: epoch ms, `[from, to)`. */
export const fuelPeriodParams = z
  .object({ from: epochMsParam(), to: epochMsParam() })
  .refine(isOrdered, ORDER)
  .refine(isShortEnough, MAX);
export type FuelPeriodParams = z.infer<typeof fuelPeriodParams>;

const many = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(10_000)]).transform((v) => (Array.isArray(v) ? v : [v]));

/**
 * `?vids[]=…&gids[]=…` (also without the brackets): vehicles and/or groups (their union); none =
 * every vehicle of the tenant. A vehicle or group of another tenant is refused (400), as in the
 * analysis calls.
 */
export const fuelFilterQuery = z
  .object({
    'vids[]': many(idParam()).optional(),
    vids: many(idParam()).optional(),
    'gids[]': many(idParam()).optional(),
    gids: many(idParam()).optional(),
  })
  .strict();
export type FuelFilterQuery = z.infer<typeof fuelFilterQuery>;

/** Most events one page of `GET /v2/fuel/events/{from}/{to}` may carry (an export pages through). */
export const FUEL_EVENTS_MAX_LIMIT = 10_000;

/**
 * `GET /v2/fuel/events/{from}/{to}`: the filter plus `codes[]` (default `CRG` and `DCS`), and a page:
 * `limit` (default 1,000) events of page `page` (1-based), newest first.
 */
export const fuelEventsQuery = fuelFilterQuery
  .extend({
    'codes[]': many(z.enum(FUEL_EVENT_CODES)).optional(),
    codes: many(z.enum(FUEL_EVENT_CODES)).optional(),
    limit: z.coerce.number().int().min(1).max(FUEL_EVENTS_MAX_LIMIT).default(1000),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type FuelEventsQuery = z.infer<typeof fuelEventsQuery>;

/** One evidence sample kept in the event: seconds since the stop began, litres. */
export const fuelEvidenceSampleSchema = z.object({
  /** Epoch ms (the stop's start + the stored offset). */
  t: z.number(),
  litres: z.number(),
});

/** The tenant's point of interest nearest to the event, within 300 m. */
export const fuelStationSchema = z.object({
  id: z.number(),
  name: z.string(),
  distanceM: z.number(),
});

export const fuelReviewSchema = z.object({
  status: z.enum(FUEL_REVIEW_STATUSES),
  at: z.number(),
  userId: z.number().nullable(),
  /** The reviewer's name (username when the user has none; null when the user was deleted). */
  userName: z.string().nullable(),
  note: z.string(),
});
export type FuelReview = z.infer<typeof fuelReviewSchema>;

/** A refill (CRG), suspected theft (DCS) or AdBlue refill (AUR). */
export const fuelEventSchema = z.object({
  id: z.number(),
  code: z.enum(FUEL_EVENT_CODES),
  vehicleId: z.number(),
  plate: z.string(),
  groupId: z.number().nullable(),
  /** Where the change starts (the last settled level still about `before`), epoch ms. */
  start: z.number(),
  /** The stop's last standstill record, epoch ms. */
  end: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Where it was, in the caller's language (issue 23: the tenant's place, else a locality). */
  place: z.string().nullable().optional(),
  driverCode: z.string().nullable(),
  /** The registered driver of `driverCode` (name and surname; null when the card is unknown). */
  driverName: z.string().nullable(),
  /** Litres added (CRG, AUR) or missing (DCS), net of the fuel burnt in the stop; > 0. */
  volumeL: z.number(),
  levelBeforeL: z.number().nullable(),
  levelAfterL: z.number().nullable(),
  /** % of the tank(s) (AdBlue tank for AUR); null when the vehicle has no capacity now. */
  levelBeforePct: z.number().nullable(),
  levelAfterPct: z.number().nullable(),
  /** Fuel the engine burnt during the stop (ECU counter), litres. */
  burntL: z.number().nullable(),
  /** The vehicle's capacity now (diesel tanks summed, or the AdBlue tank for AUR), litres. */
  capacityL: z.number().nullable(),
  /** Evidence kept by the detector: `before` and the raw levels from the change on. */
  samples: z.array(fuelEvidenceSampleSchema),
  station: fuelStationSchema.nullable(),
  /** DCS only: null while unreviewed (and for CRG/AUR). */
  review: fuelReviewSchema.nullable(),
});
export type FuelEvent = z.infer<typeof fuelEventSchema>;

/**
 * Count and litres of one code over the whole period and filter (not only the page); DCS leaves
 * out the thefts a person dismissed.
 */
export const fuelEventTotalSchema = z.object({
  code: z.enum(FUEL_EVENT_CODES),
  count: z.number(),
  volumeL: z.number(),
});

/** `GET /v2/fuel/events/{from}/{to}` answer: one page, newest first, and the period's totals. */
export const fuelEventsAnswer = z.object({
  /** Events of the period and filter (all pages, dismissed thefts included): for paging. */
  total: z.number(),
  /** One entry per asked code, in `FUEL_EVENT_CODES` order. */
  totals: z.array(fuelEventTotalSchema),
  events: z.array(fuelEventSchema),
});
export type FuelEventsAnswer = z.infer<typeof fuelEventsAnswer>;

/** `GET /v2/fuel/event/{id}/levels` path (`id` is the event's id). */
export const fuelEventIdParams = z.object({ id: idParam() });

/** One raw level reading from the positions: time, % as sent, litres through the tank model. */
export const fuelLevelPointSchema = z.object({
  t: z.number(),
  pct: z.number().nullable(),
  litres: z.number().nullable(),
  /** km/h, so the chart can shade standstill. */
  speed: z.number().nullable(),
});
export type FuelLevelPoint = z.infer<typeof fuelLevelPointSchema>;

/** Half the window of raw levels around an event, ms (±2 h). */
export const FUEL_LEVEL_WINDOW_MS = 2 * 3_600_000;
/** Most raw points one chart gets (thinned evenly in time, the extremes of each slot kept). */
export const FUEL_LEVEL_MAX_POINTS = 600;

/** `GET /v2/fuel/event/{id}/levels`: the event and its level chart's data. */
export const fuelEventLevelsAnswer = z.object({
  event: fuelEventSchema,
  /** [from, to) of `levels`, epoch ms: the stop ± 2 h. */
  from: z.number(),
  to: z.number(),
  /** Raw diesel levels (AdBlue levels for AUR), oldest first. */
  levels: z.array(fuelLevelPointSchema),
});
export type FuelEventLevelsAnswer = z.infer<typeof fuelEventLevelsAnswer>;

/** `POST /v2/fuel/event/{id}/review`: confirm or dismiss a suspected theft (DCS only; else 400). */
export const fuelReviewBody = z.strictObject({
  status: z.enum(FUEL_REVIEW_STATUSES),
  note: multilineText().trim().max(1000).default(''),
});
export type FuelReviewBody = z.infer<typeof fuelReviewBody>;

/** The fuel balance of a vehicle over a period (domain.md §7). */
export const fuelBalanceSchema = z.object({
  /** Tank level at the period's start and end (last reading at or before), litres. */
  levelStartL: z.number().nullable(),
  levelEndL: z.number().nullable(),
  /** `levelStartL − levelEndL`: fuel that left the tank. */
  tankDeltaL: z.number().nullable(),
  /** Sum of the period's refills (CRG). */
  refillsL: z.number(),
  /** Sum of the period's suspected thefts (DCS), not dismissed; shown beside the residual. */
  theftsL: z.number(),
  /** ECU counter litres of the period. */
  consumptionL: z.number(),
  /** `tankDeltaL + refillsL − consumptionL`: fuel unaccounted for (> 0: missing). */
  residualL: z.number().nullable(),
  /** `residualL / consumptionL` × 100 (null without consumption). */
  residualPct: z.number().nullable(),
  /** |residual| > 5 % of the consumption or > 40 L. */
  flagged: z.boolean(),
});
export type FuelBalance = z.infer<typeof fuelBalanceSchema>;

/** `GET /v2/fuel/consumption/{from}/{to}?by=vehicle|driver` (+ the vehicle/group filter). */
export const fuelConsumptionQuery = fuelFilterQuery
  .extend({ by: z.enum(['vehicle', 'driver']).default('vehicle') })
  .strict();
export type FuelConsumptionQuery = z.infer<typeof fuelConsumptionQuery>;

/** One row: a vehicle (by=vehicle) or a vehicle × driver card (by=driver). */
export const fuelConsumptionRowSchema = z.object({
  vehicleId: z.number(),
  plate: z.string(),
  /** by=driver: the card code ('' = unidentified); by=vehicle: null. */
  driverCode: z.string().nullable(),
  /** by=driver: the registered driver's name (null when unknown). */
  driverName: z.string().nullable(),
  distanceKm: z.number(),
  /** ECU counter litres. */
  fuelL: z.number(),
  /** Litres burnt idling (idle periods that started in the period). */
  idleFuelL: z.number(),
  /** `fuelL − idleFuelL`. */
  drivingFuelL: z.number(),
  drivingS: z.number(),
  idleS: z.number(),
  /** L/100 km over the whole fuel (null under 1 km, and without fuel data: a phone, no CAN). */
  lPer100Km: z.number().nullable(),
  /** Driving-only L/100 km (null under 1 km or without fuel data). */
  drivingLPer100Km: z.number().nullable(),
  /** Idle L/h (null without idle time). */
  idleLPerH: z.number().nullable(),
  /** by=vehicle only (null by driver). */
  balance: fuelBalanceSchema.nullable(),
  /** kg CO₂e of `fuelL`, or estimated from the distance without counted fuel (decision 0050). */
  co2: co2Schema,
});
export type FuelConsumptionRow = z.infer<typeof fuelConsumptionRowSchema>;

/** One day (in the user's time zone; `day` the instant it starts) of the filtered vehicles with fuel data together (the trend chart). */
export const fuelConsumptionDaySchema = z.object({
  day: z.number(),
  distanceKm: z.number(),
  fuelL: z.number(),
  idleFuelL: z.number(),
  lPer100Km: z.number().nullable(),
});
export type FuelConsumptionDay = z.infer<typeof fuelConsumptionDaySchema>;

export const fuelConsumptionAnswer = z.object({
  rows: z.array(fuelConsumptionRowSchema),
  /** Every day of the user's time zone the period touches, oldest first, even empty ones. */
  days: z.array(fuelConsumptionDaySchema),
});
export type FuelConsumptionAnswer = z.infer<typeof fuelConsumptionAnswer>;

/** AdBlue/diesel ratio limits, %: expected 2–6; flagged below 1 over ≥ 1,000 km, or above 10. */
export const ADBLUE_RATIO = { low: 1, high: 10, lowMinKm: 1000, expectedMin: 2, expectedMax: 6 };

/** `GET /v2/fuel/adblue/{from}/{to}` (+ the vehicle/group filter): one row per vehicle. */
export const adBlueRowSchema = z.object({
  vehicleId: z.number(),
  plate: z.string(),
  capacityL: z.number().nullable(),
  /** The latest reading (now), % and litres (null without a reading / capacity). */
  levelPct: z.number().nullable(),
  levelL: z.number().nullable(),
  levelAt: z.number().nullable(),
  refills: z.number(),
  refillsL: z.number(),
  /** AdBlue used over the period: Δ level × capacity + refills, litres (null without readings). */
  usedL: z.number().nullable(),
  dieselL: z.number(),
  distanceKm: z.number(),
  /** `usedL / dieselL` × 100 (null without both). */
  ratioPct: z.number().nullable(),
  /** `low`: < 1 % over ≥ 1,000 km (emulator or stuck sensor); `high`: > 10 %. */
  flag: z.enum(['low', 'high']).nullable(),
});
export type AdBlueRow = z.infer<typeof adBlueRowSchema>;
export const adBlueAnswer = z.object({ rows: z.array(adBlueRowSchema) });
export type AdBlueAnswer = z.infer<typeof adBlueAnswer>;

/** One point of a calibration table: the sensor's % and the litres it means. */
export const calibrationPointSchema = z.strictObject({
  pct: z.number().min(0).max(100),
  litres: z.number().min(0).max(5000),
});

/** Strictly increasing in both % and litres (a tank's litres never fall as the gauge rises). */
function isIncreasing(points: readonly { pct: number; litres: number }[]): boolean {
  for (let i = 1; i < points.length; i++) {
    if (points[i]!.pct <= points[i - 1]!.pct || points[i]!.litres <= points[i - 1]!.litres)
      return false;
  }
  return true;
}

/** A fuel tank: its capacity and, for a non-linear tank, the calibration table (≥ 2 points). */
export const fuelTankSchema = z
  .strictObject({
    capacityL: z.number().positive('capacity_positive').max(5000),
    calibration: z
      .array(calibrationPointSchema)
      .min(2)
      .max(101)
      .refine(isIncreasing, 'calibration_increasing')
      .nullable()
      .default(null),
  })
  .refine((t) => !t.calibration || t.calibration.every((p) => p.litres <= t.capacityL), {
    message: 'calibration_capacity',
    path: ['calibration'],
  });
export type FuelTank = z.infer<typeof fuelTankSchema>;

/** `GET`/`PUT /vehicles/admin/vehicles/{id}/tanks`: the diesel tanks and the AdBlue tank. */
export const vehicleTanksSchema = z.strictObject({
  /** Empty: no tank known (no fuel detection). The vehicle's `tankCapacityL` is their sum. */
  tanks: z
    .array(fuelTankSchema)
    .max(4)
    .refine((tanks) => tanks.reduce((s, t) => s + t.capacityL, 0) <= 5000, 'capacity_total'),
  adBlueCapacityL: z.number().positive('capacity_positive').max(500).nullable(),
});
export type VehicleTanks = z.infer<typeof vehicleTanksSchema>;
