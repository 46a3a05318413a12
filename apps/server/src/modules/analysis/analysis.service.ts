import type { Kysely } from 'kysely';
import {
  translations,
  ttwKgOfFuel,
  type Language,
  type AnalysisOption,
  type AnalysisRow,
  type IdlePeriod,
  type RalentiAggAnswer,
  type SafetyDriveAnswer,
  type TimeZoneSetting,
} from '@rumbo/contracts';
import {
  addSums,
  DEFAULT_SCORE_SETTINGS,
  evaluate,
  evaluationSettingsOf,
  letterOf,
  safetyScore,
  zeroSums,
  type IndicatorSums,
  type ScoreSettings,
} from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { findDriver } from '../drivers/index.js';
import { tenantScoreSettings } from './score-settings.repository.js';
import {
  driversByCode,
  idleAggregates,
  idlePeriods,
  periodSums,
  tenantGroupIds,
  tenantVehicles,
  vehicleDays,
  vehicleKickdowns,
  type AnalysisVehicle,
} from './analysis.repository.js';

/** Analysis rows are kept only above this distance, km (spec §9), unless `opts[]=all`. */
export const ANALYSIS_MIN_KM = 20;

/** A period of epoch ms, [from, to). */
export interface Period {
  from: number;
  to: number;
}

/** A 400 naming one field, worded in the caller's language. */
function refuse(
  path: string,
  rule: 'unknown_vehicle' | 'unknown_group' | 'unknown_driver',
  lang: Language,
): never {
  throw new DomainError('validation', {}, [
    { path, message: translations[lang].validation.rule[rule] },
  ]);
}

/**
 * The vehicles a call is about: every vehicle of the tenant, or those named (and those of the
 * groups named). A vehicle or group of another tenant is refused (400), never silently dropped.
 */
export async function selectVehicles(
  db: Kysely<Database>,
  tenantId: number,
  vehicleIds: readonly number[] | undefined,
  groupIds: readonly number[] | undefined,
  lang: Language,
  path = 'body.vehicles',
): Promise<AnalysisVehicle[]> {
  const all = await tenantVehicles(db, tenantId);
  const hasVehicles = vehicleIds !== undefined && vehicleIds.length > 0;
  const hasGroups = groupIds !== undefined && groupIds.length > 0;
  if (!hasVehicles && !hasGroups) return all;
  const byId = new Map(all.map((v) => [v.id, v]));
  const chosen = new Map<number, AnalysisVehicle>();
  for (const id of vehicleIds ?? []) {
    const v = byId.get(id);
    if (!v) refuse(path, 'unknown_vehicle', lang);
    chosen.set(id, v);
  }
  if (hasGroups) {
    const known = new Set(await tenantGroupIds(db, tenantId, groupIds));
    if (groupIds.some((g) => !known.has(g))) refuse('querystring.gids', 'unknown_group', lang);
    for (const v of all) if (v.groupId !== null && known.has(v.groupId)) chosen.set(v.id, v);
  }
  return [...chosen.values()].sort((a, b) => a.id - b.id);
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** An analysis row from a vehicle's summed buckets (decisions.md's shape, domain.md §5). */
export function analysisRow(
  vehicleId: number,
  kind: string | undefined,
  sums: IndicatorSums,
  driverCode?: string,
  settings: ScoreSettings = DEFAULT_SCORE_SETTINGS,
): AnalysisRow {
  const e = evaluate(sums, evaluationSettingsOf(settings, kind));
  const evaluation = {} as AnalysisRow['evaluation'];
  for (const [key, v] of Object.entries(e.evaluation) as [
    keyof AnalysisRow['evaluation'],
    (typeof e.evaluation)[keyof typeof e.evaluation],
  ][]) {
    evaluation[key] = {
      value: v.value === null ? null : round(v.value),
      profile: v.profile,
      score: v.score === null ? null : round(v.score, 1),
      coverage: round(v.coverage),
      lowCoverage: v.lowCoverage,
    };
  }
  return {
    vehicleid: vehicleId,
    ...(driverCode === undefined ? {} : { driverCode }),
    odometers: { distance: round(e.distanceKm) },
    evaluation,
    consumption: { totalFuel: round(e.totalFuelL) },
    co2: round(ttwKgOfFuel(e.totalFuelL)),
    coverage: round(e.coverage),
    drivingS: round(sums.drivingS, 0),
    engineS: round(sums.engineS, 0),
    idleS: round(sums.idleS, 0),
    kickdowns: sums.kickdowns,
    hardBrakes: sums.hardBrakes,
    rpmBands: {
      under800: round(sums.rpmUnder800S, 0),
      belowGreen: round(sums.rpmBelowGreenS, 0),
      green: round(sums.rpmGreenS, 0),
      aboveGreen: round(sums.rpmAboveGreenS, 0),
      over1800: round(sums.rpmOver1800S, 0),
    },
  };
}

/** `GET /analysis/{from}/{to}/`: one row per vehicle (or per vehicle and driver). */
export async function fleetAnalysis(
  db: Kysely<Database>,
  tenantId: number,
  period: Period,
  filter: { vehicles?: number[]; groups?: number[]; opts: readonly AnalysisOption[] },
  lang: Language,
): Promise<AnalysisRow[]> {
  const vehicles = await selectVehicles(
    db,
    tenantId,
    filter.vehicles,
    filter.groups,
    lang,
    'querystring.vids',
  );
  const isFiltered = (filter.vehicles?.length ?? 0) > 0 || (filter.groups?.length ?? 0) > 0;
  const kinds = new Map(vehicles.map((v) => [v.id, v.kind]));
  const byDriver = filter.opts.includes('drivers');
  const [rows, settings] = await Promise.all([
    periodSums(
      db,
      tenantId,
      period.from,
      period.to,
      isFiltered ? vehicles.map((v) => v.id) : undefined,
      byDriver,
    ),
    tenantScoreSettings(db, tenantId),
  ]);
  const keepAll = filter.opts.includes('all');
  const out: AnalysisRow[] = [];
  for (const r of rows) {
    if (!kinds.has(r.vehicleId)) continue;
    const row = analysisRow(
      r.vehicleId,
      kinds.get(r.vehicleId),
      r.sums,
      byDriver ? r.driverCode : undefined,
      settings,
    );
    const consumption = row.evaluation.consumption.value;
    if (!keepAll && (row.odometers.distance <= ANALYSIS_MIN_KM || (consumption ?? 0) < 0)) continue;
    out.push(row);
  }
  return out;
}

/** `GET /analysis/{from}/{to}/{vehicleId}`: one row (zeros and nulls for an empty period). */
export async function vehicleAnalysis(
  db: Kysely<Database>,
  tenantId: number,
  period: Period,
  vehicleId: number,
  timeZone: TimeZoneSetting = 'UTC',
): Promise<AnalysisRow> {
  const [vehicle] = await tenantVehicles(db, tenantId, [vehicleId]);
  if (!vehicle) throw new DomainError('not_found');
  const [rows, settings] = await Promise.all([
    periodSums(db, tenantId, period.from, period.to, [vehicleId], false),
    tenantScoreSettings(db, tenantId),
  ]);
  const sums = rows[0]?.sums ?? zeroSums();
  return {
    ...analysisRow(vehicleId, vehicle.kind, sums, undefined, settings),
    days: await vehicleDays(db, tenantId, vehicleId, period.from, period.to, timeZone),
    kickdownEvents: await vehicleKickdowns(db, tenantId, vehicleId, period.from, period.to),
  };
}

type Profiles = SafetyDriveAnswer['profiles'];

function safetyOf(sums: IndicatorSums, settings: ScoreSettings) {
  const r = safetyScore({
    distanceKm: sums.distanceKm,
    drivingS: sums.drivingS,
    hardBrakes: sums.hardBrakes,
    harshAccels: sums.harshAccels,
    harshCorners: sums.harshCorners,
    crashes: sums.crashes,
    speedingS: sums.speedingS,
    speeding10S: sums.speeding10S,
    harshInputS: sums.harshInputS,
  });
  return {
    score: r.score === null ? null : round(r.score, 1),
    perfil: r.score === null ? null : letterOf(r.score, settings.safetyLetterFloors),
    items: r.items.map((i) => ({
      code: i.code,
      count: round(i.count, 0),
      rate: round(i.rate),
      penalty: round(i.penalty, 2),
    })),
  };
}

/** The sums the safe-driving score reads (the other columns are not summed for it). */
const SAFETY_SUM_KEYS: readonly (keyof IndicatorSums)[] = [
  'distanceKm',
  'drivingS',
  'hardBrakes',
  'harshAccels',
  'harshCorners',
  'speedingS',
  'speeding10S',
  'crashes',
  'harshInputS',
];

/** The sums the idle aggregate reads (idle % of engine time). */
const IDLE_SUM_KEYS: readonly (keyof IndicatorSums)[] = ['engineS', 'idleS'];

/** `POST /v2/vehicle/safety_drive` (domain.md §6). */
export async function safetyDrive(
  db: Kysely<Database>,
  tenantId: number,
  query: { from: number; to: number; vehicles?: number[]; driver?: number; driverCode?: string },
  lang: Language,
): Promise<SafetyDriveAnswer> {
  const vehicles = await selectVehicles(db, tenantId, query.vehicles, undefined, lang);
  const known = new Set(vehicles.map((v) => v.id));
  let driverCode: string | undefined;
  if (typeof query.driver === 'number') {
    const driver = await findDriver(db, tenantId, query.driver);
    if (!driver) refuse('body.driver', 'unknown_driver', lang);
    driverCode = driver.codigo;
  } else if (query.driverCode !== undefined) driverCode = query.driverCode.toUpperCase();

  const isFiltered = (query.vehicles?.length ?? 0) > 0;
  const [rows, settings] = await Promise.all([
    periodSums(
      db,
      tenantId,
      query.from,
      query.to,
      isFiltered ? [...known] : undefined,
      true,
      SAFETY_SUM_KEYS,
    ),
    tenantScoreSettings(db, tenantId),
  ]);
  const byVehicle = new Map<number, IndicatorSums>();
  const byDriver = new Map<string, IndicatorSums>();
  const fleet = zeroSums();
  for (const r of rows) {
    if (!known.has(r.vehicleId)) continue;
    if (driverCode !== undefined && r.driverCode.toUpperCase() !== driverCode) continue;
    // The fleet's score pools the vehicles that measure harsh driving (a phone's clean record
    // would dilute every rate).
    if (r.sums.harshInputS > 0) addSums(fleet, r.sums);
    let v = byVehicle.get(r.vehicleId);
    if (!v) byVehicle.set(r.vehicleId, (v = zeroSums()));
    addSums(v, r.sums);
    if (r.driverCode !== '') {
      const code = r.driverCode.toUpperCase();
      let d = byDriver.get(code);
      if (!d) byDriver.set(code, (d = zeroSums()));
      addSums(d, r.sums);
    }
  }
  const profiles: Profiles = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, NA: 0 };
  const outVehicles = [...byVehicle.entries()].map(([idVehicle, sums]) => {
    const s = safetyOf(sums, settings);
    profiles[s.perfil ?? 'NA'] += 1;
    return {
      idVehicle,
      distance: round(sums.distanceKm),
      items: s.items,
      score: s.score,
      perfil: s.perfil,
    };
  });
  const names =
    byDriver.size > 0
      ? await driversByCode(db, tenantId)
      : new Map<string, { id: number; name: string }>();
  const drivers = [...byDriver.entries()].map(([code, sums]) => {
    const s = safetyOf(sums, settings);
    const known = names.get(code);
    return {
      driverCode: code,
      driverId: known?.id ?? null,
      name: known?.name ?? null,
      distance: round(sums.distanceKm),
      items: s.items,
      score: s.score,
      perfil: s.perfil,
    };
  });
  const f = safetyOf(fleet, settings);
  return {
    fleet: { valor: f.score, perfil: f.perfil, distance: round(fleet.distanceKm), items: f.items },
    vehicles: outVehicles,
    drivers,
    profiles,
  };
}

/** `POST /v2/event/ralenti_agg` (domain.md §4): idle per vehicle, durations in seconds. */
export async function ralentiAggregate(
  db: Kysely<Database>,
  tenantId: number,
  query: { from: number; to: number; vehicles?: number[] },
  lang: Language,
): Promise<RalentiAggAnswer> {
  const vehicles = await selectVehicles(db, tenantId, query.vehicles, undefined, lang);
  const ids = (query.vehicles?.length ?? 0) > 0 ? vehicles.map((v) => v.id) : undefined;
  const [aggs, sums] = await Promise.all([
    idleAggregates(db, tenantId, query.from, query.to, ids),
    periodSums(db, tenantId, query.from, query.to, ids, false, IDLE_SUM_KEYS),
  ]);
  const engine = new Map(sums.map((r) => [r.vehicleId, r.sums]));
  return {
    payload: aggs.map((a) => {
      const s = engine.get(a.vehicleId);
      const engineS = s?.engineS ?? 0;
      return {
        vehicle_id: a.vehicleId,
        count: a.count,
        min: a.min,
        max: a.max,
        total: a.total,
        avg: round(a.total / a.count, 1),
        fuel: round(a.fuel),
        idlePct: engineS > 0 ? round((100 * (s?.idleS ?? 0)) / engineS, 2) : null,
        engineS: round(engineS, 0),
      };
    }),
  };
}

/** `POST /v2/event/ralenti_vehicle`: one vehicle's idle periods (place, duration, fuel). */
export async function ralentiOfVehicle(
  db: Kysely<Database>,
  tenantId: number,
  query: { from: number; to: number; vehicle: number },
  lang: 'es' | 'en' = 'es',
): Promise<{ payload: IdlePeriod[] }> {
  const [vehicle] = await tenantVehicles(db, tenantId, [query.vehicle]);
  if (!vehicle) throw new DomainError('not_found');
  return { payload: await idlePeriods(db, tenantId, query.vehicle, query.from, query.to, lang) };
}
