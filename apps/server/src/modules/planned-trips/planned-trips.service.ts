import type { Kysely } from 'kysely';
import { placeText } from '../../places/render.js';
import { z } from 'zod';
import {
  interpolate,
  plannedTripSave,
  translations,
  type EarlierTrip,
  type ImportRowError,
  type Language,
  type PlannedStop,
  type PlannedTrip,
  type PlannedTripDetail,
  type PlannedTripImportAnswer,
  type PlannedTripProgress,
  type PlannedTripSave,
  type ProgressKind,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { tenantRowExists, deleteTenantRow } from '../../db/tenant-rows.js';
import { vehiclePositions } from '../history/index.js';
import { readTable, rowsOf, type ImportedRow } from './planned-trips.import.js';
import { withCo2 } from './planned-trips-co2.js';
import {
  driversByKey,
  earlierTrips,
  etasOf,
  findPlan,
  insertPlans,
  listPlans,
  plateKey,
  poisByName,
  poisOfTenant,
  progressOf,
  tripOfTenant,
  updatePlan,
  vehiclesByPlate,
  type EtaRow,
  type PlanWrite,
  type ProgressRow,
  type StoredPlan,
} from './planned-trips.repository.js';
import { orNotFound } from '../../lib/not-found.js';

/** What the planned-trip use cases need. */
export interface PlannedTripsDeps {
  db: Kysely<Database>;
  /** Told after every change (this node's pipeline reloads the plans it follows). */
  onChanged?: (() => void) | undefined;
  nowMs?: () => number;
}

/** A stop reached this long after its time (or an ETA this long after the end) is late. */
const LATE_MS = 10 * 60_000;
/** Points of a route taken from an earlier trip, and of a plan's actual track. */
const TRACK_POINTS = 1_500;

const DAY_MS = 86_400_000;
const isoOrNull = (ms: number | undefined | null) =>
  ms === undefined || ms === null ? null : new Date(ms).toISOString();
const minutes = (ms: number) => Math.round(ms / 60_000);

/** A plan with what the route detector saw of it. */
export function followUp(
  plan: StoredPlan,
  progress: readonly ProgressRow[],
  eta: EtaRow | undefined,
  nowMs: number,
): PlannedTrip {
  const first = (kind: string, stop?: number) =>
    progress.find((p) => p.kind === kind && (stop === undefined || p.stopIndex === stop))?.atMs;
  const startedAt = first('started');
  const arrivedAt = first('arrived');
  const last = plan.stops.length - 1;
  const stops: PlannedStop[] = plan.stops.map((s, i) => {
    const arrived = i === 0 ? undefined : i === last ? arrivedAt : first('stop_arrived', i);
    const left = i === 0 ? startedAt : i === last ? undefined : first('stop_left', i);
    const reference = i === 0 ? left : arrived;
    return {
      ...s,
      arrivedAt: isoOrNull(arrived),
      leftAt: isoOrNull(left),
      delayMin: reference === undefined ? null : minutes(reference - Date.parse(s.plannedAt)),
    };
  });
  const deviations = progress.filter((p) => p.kind === 'deviation');
  const backs = progress.filter((p) => p.kind === 'back_on_route');
  const offRoute =
    arrivedAt === undefined &&
    deviations.length > 0 &&
    (backs.length === 0 || backs[backs.length - 1]!.atMs < deviations[deviations.length - 1]!.atMs);
  const etaMs = arrivedAt === undefined ? (eta?.etaMs ?? undefined) : undefined;
  let delayMs: number | null = null;
  if (arrivedAt !== undefined) delayMs = arrivedAt - plan.plannedEndMs;
  else if (etaMs !== undefined) delayMs = etaMs - plan.plannedEndMs;
  else if (nowMs > plan.plannedEndMs) delayMs = nowMs - plan.plannedEndMs;
  const late =
    progress.some((p) => p.kind === 'late') ||
    stops.some((s, i) => i > 0 && s.delayMin !== null && s.delayMin * 60_000 > LATE_MS) ||
    (delayMs !== null && delayMs > LATE_MS) ||
    (startedAt === undefined && nowMs > plan.plannedStartMs + LATE_MS);
  return {
    id: plan.id,
    vehicleId: plan.vehicleId,
    vehicleName: plan.vehicleName,
    driverId: plan.driverId,
    driverName: plan.driverName,
    name: plan.name,
    stops,
    route: plan.route,
    routeSource: plan.routeSource,
    corridorM: plan.corridorM,
    plannedStart: new Date(plan.plannedStartMs).toISOString(),
    plannedEnd: new Date(plan.plannedEndMs).toISOString(),
    status: arrivedAt !== undefined ? 'arrived' : startedAt !== undefined ? 'under_way' : 'planned',
    startedAt: isoOrNull(startedAt),
    arrivedAt: isoOrNull(arrivedAt),
    late,
    delayMin: delayMs === null ? null : minutes(delayMs),
    eta: isoOrNull(etaMs),
    remainingKm: arrivedAt !== undefined ? 0 : eta ? Math.round(eta.remainingM / 100) / 10 : null,
    deviations: deviations.length,
    offRoute,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
  };
}

const now = (deps: PlannedTripsDeps) => deps.nowMs?.() ?? Date.now();

/** Plans of the tenant starting in [from, to) (default: a week back, a month ahead). */
export async function plannedTripsOf(
  deps: PlannedTripsDeps,
  tenantId: number,
  query: { from?: number | undefined; to?: number | undefined; vehicleId?: number | undefined },
): Promise<PlannedTrip[]> {
  const nowMs = now(deps);
  const fromMs = query.from ?? nowMs - 7 * DAY_MS;
  const toMs = query.to ?? nowMs + 31 * DAY_MS;
  if (toMs <= fromMs) {
    throw new DomainError('validation', {}, [{ path: 'querystring.to', message: 'period_order' }]);
  }
  const plans = await listPlans(deps.db, tenantId, { fromMs, toMs, vehicleId: query.vehicleId });
  const ids = plans.map((p) => p.id);
  const [progress, etas] = await Promise.all([progressOf(deps.db, ids), etasOf(deps.db, ids)]);
  const byPlan = new Map<number, ProgressRow[]>();
  for (const p of progress) byPlan.set(p.planId, [...(byPlan.get(p.planId) ?? []), p]);
  const trips = plans.map((plan) =>
    followUp(plan, byPlan.get(plan.id) ?? [], etas.get(plan.id), nowMs),
  );
  return withCo2(deps.db, tenantId, trips, nowMs);
}

/** One plan with its progress and the track driven so far (404 for another tenant's). */
export async function plannedTripOf(
  deps: PlannedTripsDeps,
  tenantId: number,
  id: number,
  lang: 'es' | 'en' = 'es',
): Promise<PlannedTripDetail> {
  const plan = orNotFound(await findPlan(deps.db, tenantId, id));
  const nowMs = now(deps);
  const [progress, etas] = await Promise.all([progressOf(deps.db, [id]), etasOf(deps.db, [id])]);
  const followed = followUp(plan, progress, etas.get(id), nowMs);
  const trip = (await withCo2(deps.db, tenantId, [followed], nowMs))[0] ?? followed;
  let track: [number, number][] = [];
  const startMs = trip.startedAt ? Date.parse(trip.startedAt) : undefined;
  if (startMs !== undefined) {
    const endMs = trip.arrivedAt ? Date.parse(trip.arrivedAt) + 1 : nowMs;
    const points = await vehiclePositions(
      deps.db,
      tenantId,
      plan.vehicleId,
      startMs,
      endMs,
      TRACK_POINTS,
    );
    track = points.map((p) => [p.lng, p.lat]);
  }
  return {
    ...trip,
    progress: progress.map((p): PlannedTripProgress => ({
      kind: p.kind as ProgressKind,
      stopIndex: p.stopIndex < 0 ? null : p.stopIndex,
      at: new Date(p.atMs).toISOString(),
      lat: p.lat,
      lng: p.lng,
      place: placeText(p.place, lang),
    })),
    track,
  };
}

/** The vehicle, driver and POIs a plan names must be the tenant's (404 otherwise). */
async function checkRefs(deps: PlannedTripsDeps, tenantId: number, input: PlannedTripSave) {
  if (!(await tenantRowExists(deps.db, 'vehicles', tenantId, input.vehicleId))) {
    throw new DomainError('not_found', {}, [
      { path: 'body.vehicleId', message: 'unknown vehicle' },
    ]);
  }
  if (
    input.driverId !== null &&
    !(await tenantRowExists(deps.db, 'drivers', tenantId, input.driverId))
  ) {
    throw new DomainError('not_found', {}, [{ path: 'body.driverId', message: 'unknown driver' }]);
  }
  const poiIds = [...new Set(input.stops.flatMap((s) => (s.poiId === null ? [] : [s.poiId])))];
  const found = await poisOfTenant(deps.db, tenantId, poiIds);
  const missing = input.stops.findIndex((s) => s.poiId !== null && !found.has(s.poiId));
  if (missing >= 0) {
    throw new DomainError('not_found', {}, [
      { path: `body.stops.${missing}.poiId`, message: 'unknown point of interest' },
    ]);
  }
}

/** The plan as stored: a route of straight lines between the stops when none was given. */
function toWrite(input: PlannedTripSave): PlanWrite {
  const route: [number, number][] =
    input.route.length >= 2
      ? input.route.map(([lng, lat]) => [lng, lat])
      : input.stops.map((s) => [s.lng, s.lat]);
  return {
    vehicleId: input.vehicleId,
    driverId: input.driverId,
    name: input.name,
    stops: input.stops,
    route,
    routeSource: input.route.length >= 2 ? input.routeSource : 'stops',
    corridorM: input.corridorM,
  };
}

/** Creates a plan of the tenant. */
export async function createPlannedTrip(
  deps: PlannedTripsDeps,
  tenantId: number,
  input: PlannedTripSave,
): Promise<PlannedTripDetail> {
  await checkRefs(deps, tenantId, input);
  const [id] = await insertPlans(deps.db, tenantId, [toWrite(input)]);
  deps.onChanged?.();
  return plannedTripOf(deps, tenantId, id!);
}

/** Replaces a plan of the tenant (its follow-up starts again). */
export async function editPlannedTrip(
  deps: PlannedTripsDeps,
  tenantId: number,
  id: number,
  input: PlannedTripSave,
): Promise<PlannedTripDetail> {
  if (!(await findPlan(deps.db, tenantId, id))) throw new DomainError('not_found');
  await checkRefs(deps, tenantId, input);
  if (!(await updatePlan(deps.db, tenantId, id, toWrite(input))))
    throw new DomainError('not_found');
  deps.onChanged?.();
  return plannedTripOf(deps, tenantId, id);
}

/** Deletes a plan of the tenant. */
export async function removePlannedTrip(deps: PlannedTripsDeps, tenantId: number, id: number) {
  if (!(await deleteTenantRow(deps.db, 'planned_trips', tenantId, id)))
    throw new DomainError('not_found');
  deps.onChanged?.();
}

/** A vehicle's recent actual trips (404 for another tenant's vehicle). */
export async function earlierTripsOf(
  deps: PlannedTripsDeps,
  tenantId: number,
  vehicleId: number,
): Promise<EarlierTrip[]> {
  if (!(await tenantRowExists(deps.db, 'vehicles', tenantId, vehicleId)))
    throw new DomainError('not_found');
  const rows = await earlierTrips(deps.db, tenantId, vehicleId);
  return rows.map((row) => ({
    id: row.id,
    startTime: new Date(row.start_time).toISOString(),
    endTime: new Date(row.end_time).toISOString(),
    distanceKm: row.distance_km,
    startLat: row.start_lat,
    startLng: row.start_lng,
    endLat: row.end_lat,
    endLng: row.end_lng,
  }));
}

/** An earlier trip's positions as a route line (404 for another tenant's trip). */
export async function earlierTripRoute(
  deps: PlannedTripsDeps,
  tenantId: number,
  tripId: number,
): Promise<{ route: [number, number][] }> {
  const trip = orNotFound(await tripOfTenant(deps.db, tenantId, tripId));
  const points = await vehiclePositions(
    deps.db,
    tenantId,
    trip.vehicle_id,
    new Date(trip.start_time).getTime(),
    new Date(trip.end_time).getTime() + 1,
    TRACK_POINTS,
  );
  return { route: points.map((p) => [p.lng, p.lat]) };
}

/** A zod issue in the caller's language: a contract rule key translated, else zod's wording. */
function issueMessage(lang: Language, issue: z.core.$ZodIssue): string {
  const rules: Record<string, string> = translations[lang].validation.rule;
  if (rules[issue.message]) return rules[issue.message]!;
  const locale = lang === 'es' ? z.locales.es() : z.locales.en();
  const worded = locale.localeError(issue as unknown as z.core.$ZodRawIssue);
  if (typeof worded === 'string') return worded;
  return worded?.message ?? issue.message;
}

/** The import column a plan's refused field came from. */
function columnOf(row: ImportedRow, path: readonly PropertyKey[]): string {
  const [head, index, field] = path;
  if (head === 'stops' && typeof index === 'number') {
    const column = row.stopColumns[index] ?? 'waypoints';
    if (field === 'plannedAt')
      return column === 'origin' ? 'start' : column === 'destination' ? 'arrival' : column;
    if (field === 'lat' || field === 'lng')
      return column === 'waypoints' ? column : `${column}_${field}`;
    return column;
  }
  if (head === 'corridorM') return 'corridor_m';
  return String(head ?? '');
}

/**
 * Imports plans from an Excel or CSV file: every row checked, and all of them go in or none
 * (decision 0027): a 400 lists every refused cell by row, column and message.
 */
export async function importPlannedTrips(
  deps: PlannedTripsDeps,
  tenantId: number,
  bytes: Buffer,
  lang: Language,
  timeZone: string,
): Promise<PlannedTripImportAnswer> {
  const table = await readTable(bytes);
  const [plates, drivers, pois] = await Promise.all([
    vehiclesByPlate(deps.db, tenantId),
    driversByKey(deps.db, tenantId),
    poisByName(deps.db, tenantId),
  ]);
  const { rows, errors, dataRows } = rowsOf(
    table,
    {
      vehicleByPlate: (plate) => plates.get(plateKey(plate)),
      driverByKey: (key) => drivers.get(key.toUpperCase()) ?? drivers.get(key.toLowerCase()),
      poiByName: (name) => pois.get(name.trim().toLowerCase()),
      timeZone,
    },
    lang,
  );
  const plans: PlanWrite[] = [];
  for (const row of rows) {
    const parsed = plannedTripSave.safeParse(row.input);
    if (parsed.success) plans.push(toWrite(parsed.data));
    else {
      for (const issue of parsed.error.issues) {
        errors.push({
          row: row.row,
          field: columnOf(row, issue.path),
          message: issueMessage(lang, issue),
        });
      }
    }
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    const count = new Set(errors.map((e: ImportRowError) => e.row)).size;
    throw new DomainError('validation', { reason: 'import_rows', count }, errors.slice(0, 200));
  }
  await insertPlans(deps.db, tenantId, plans);
  deps.onChanged?.();
  return { imported: plans.length, rows: dataRows, errors: [] };
}

/** The import refusal's message (planned-trips.routes.ts). */
export function importRowsMessage(lang: Language, count: number): string {
  return interpolate(translations[lang].trips.error.import_rows, { count });
}
