import { z } from 'zod';
import { epochMsParam, idParam } from './fields.js';

// Driving and rest times from the tachograph (issue 26; decisions 0043–0045). A driver's activity
// comes from the working state the tachograph reports (Teltonika IO 184 driver 1, IO 185 driver 2;
// 0 rest, 1 available, 2 work, 3 drive, 6 error, 7 not available), per card (IO 195/196, 197/198),
// across the trucks the driver moves between. Gaps (card out, device silent) are `unknown`.

export const DRIVER_ACTIVITY_KINDS = ['drive', 'work', 'available', 'rest', 'unknown'] as const;
export type DriverActivityKind = (typeof DRIVER_ACTIVITY_KINDS)[number];

/** Severity of an infringement (Directive 2006/22/EC Annex III categories, thresholds as data). */
export const INFRINGEMENT_SEVERITIES = ['minor', 'serious', 'very-serious'] as const;
export type InfringementSeverity = (typeof INFRINGEMENT_SEVERITIES)[number];

/** The rules an infringement can break (the rule set names each limit). */
export const DRIVING_RULES = [
  'continuous-driving', // 4 h 30 without a qualifying break (45 min, or 15 + 30 in that order)
  'daily-driving', // 9 h (10 h at most twice a week)
  'weekly-driving', // 56 h in a fixed week (Monday 00:00 – Sunday 24:00)
  'fortnight-driving', // 90 h in two consecutive fixed weeks
  'daily-rest', // 11 h (9 h reduced, at most 3 times between weekly rests; split 3 h + 9 h) within 24 h
  'weekly-rest', // 45 h (24 h reduced) within six 24-hour periods of the previous weekly rest
] as const;
export type DrivingRule = (typeof DRIVING_RULES)[number];

/** One activity interval as the API gives it (ISO instants; `end` null while it goes on). */
export interface DriverActivityDto {
  kind: DriverActivityKind;
  start: string;
  end: string | null;
  /** The truck the card was in; null for `unknown` gaps. */
  idvehiculo: number | null;
  plate: string | null;
  /** 1 or 2: the tachograph slot. */
  slot: 1 | 2 | null;
  /** Where the interval started, in the caller's language (issue 23), when known. */
  place: string | null;
}

/** Driving left, seconds (never negative: 0 means the limit is reached or passed). */
export interface DrivingLeftDto {
  /** Before the next break is due (4 h 30 continuous). */
  breakS: number;
  /** Today (since the end of the last daily rest): 9 h or, when an extension is left, 10 h. */
  dayS: number;
  /** This fixed week. */
  weekS: number;
  /** This and last week together (90 h). */
  fortnightS: number;
}

/** `GET /api/v2/driving-times`: one row per driver with a card seen (and each known driver). */
export interface DriverDrivingTimesDto {
  driverId: number | null;
  /** The card id as the tachograph reports it. */
  codigo: string;
  nombre: string;
  groupId: number | null;
  idvehiculo: number | null;
  plate: string | null;
  activity: DriverActivityKind;
  activitySince: string | null;
  /** Driving totals, seconds. */
  drivenS: { sinceBreakS: number; todayS: number; weekS: number; fortnightS: number };
  drivingLeft: DrivingLeftDto;
  /** When the next break and the next daily rest are due (ISO), null when not driving toward one. */
  nextBreakDue: string | null;
  nextDailyRestDue: string | null;
  /** Extended (10 h) days used this week, reduced daily rests used since the last weekly rest. */
  extendedDaysUsed: number;
  reducedRestsUsed: number;
  /** The last record's time (ISO). */
  updatedAt: string | null;
}
export interface DrivingTimesListDto {
  drivers: DriverDrivingTimesDto[];
  /** The rule set in force for the tenant. */
  ruleSet: { id: string; name: string };
}

/** An infringement with its evidence. */
export interface InfringementDto {
  id: string;
  driverId: number | null;
  codigo: string;
  nombre: string;
  rule: DrivingRule;
  severity: InfringementSeverity;
  start: string;
  end: string;
  /** The limit, the measured value and the excess, seconds (for rests: the rest required, taken, missing). */
  limitS: number;
  measuredS: number;
  excessS: number;
  idvehiculo: number | null;
  plate: string | null;
  place: string | null;
  evidence: DriverActivityDto[];
}

/** `GET /api/v2/driving-times/drivers/{driverId}?from&to`: the driver's page. */
export interface DriverDrivingTimesDetailDto {
  driver: DriverDrivingTimesDto;
  activities: DriverActivityDto[];
  /** Per calendar day in the caller's time zone: seconds per activity kind. */
  days: { day: string; totals: Record<DriverActivityKind, number> }[];
  week: { drivenS: number; limitS: number };
  fortnight: { drivenS: number; limitS: number };
  infringements: InfringementDto[];
}

/** `GET /api/v2/driving-times/infringements/{from}/{to}`. */
export interface InfringementListDto {
  infringements: InfringementDto[];
}

export const drivingTimesDriverParams = z.object({ driverId: idParam() });
export const drivingTimesPeriodQuery = z.object({
  from: epochMsParam().optional(),
  to: epochMsParam().optional(),
});
export const infringementPeriodParams = z.object({ from: epochMsParam(), to: epochMsParam() });
export const drivingTimesGroupQuery = z.object({ groupId: idParam().optional() });

/** The live update on `/api/ws`: `{ mutation: 'drivingTimes/update', payload: DriverDrivingTimesDto }`. */
export const DRIVING_TIMES_MUTATION = 'drivingTimes/update';
