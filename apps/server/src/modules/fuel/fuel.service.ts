import type { Kysely } from 'kysely';
import { placeText } from '../../places/render.js';
import {
  FUEL_EVENT_CODES,
  FUEL_LEVEL_MAX_POINTS,
  FUEL_LEVEL_WINDOW_MS,
  isViewAllowed,
  translations,
  type FuelEvent,
  type FuelEventCode,
  type FuelEventLevelsAnswer,
  type FuelEventsAnswer,
  type FuelLevelPoint,
  type FuelReviewBody,
  type Language,
  type VehicleTanks,
} from '@rumbo/contracts';
import {
  haversineM,
  tanksCapacityL,
  tanksLitres,
  tanksPct,
  type FuelTank,
} from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { selectVehicles } from '../analysis/index.js';
import {
  deviceUniqueIds,
  driverNames,
  eventTotals,
  findEvent,
  findTanks,
  fuelStations,
  listEvents,
  listTanks,
  saveReview,
  saveTanks,
  type FuelEventRow,
  type StationRow,
  type TankRow,
} from './fuel.repository.js';
import { levelsOf } from './fuel-levels.repository.js';
import { orNotFound } from '../../lib/not-found.js';

// The fuel screens' use cases (docs/decisions/0024-fuel-screens.md): refills, thefts and AdBlue
// refills, a theft's review, the tank model. Consumption and AdBlue ratios:
// fuel-consumption.service.ts. Litres, km, s, epoch ms.

/** What the fuel use cases need. */
export interface FuelDeps {
  db: Kysely<Database>;
  /** Called after a vehicle's tanks change, so ingest re-reads the tank model. */
  onDeviceChanged?: (uniqueId: string) => void;
  nowMs?: () => number;
}

/** The caller as the fuel calls see it. */
export interface FuelCaller {
  tenantId: number;
  userId: number;
  views: Record<string, boolean>;
  lang: Language;
}

/** A period and the vehicle/group filter, as the routes pass them. */
export interface FuelSelection {
  from: number;
  to: number;
  vehicles: readonly number[];
  groups: readonly number[];
}

/** A station counts within this distance of the event, metres. */
export const STATION_RADIUS_M = 300;

/** Rounded to one decimal (litres, km). */
export const round1 = (x: number) => Math.round(x * 10) / 10;
/** Rounded to two decimals (rates). */
export const round2 = (x: number) => Math.round(x * 100) / 100;

function refuse(path: string, rule: 'not_a_theft', lang: Language): never {
  throw new DomainError('validation', {}, [
    { path, message: translations[lang].validation.rule[rule] },
  ]);
}

/** The tank model of a stored vehicle: its tanks, or one linear tank of its capacity. */
export function tanksOf(row: Pick<TankRow, 'fuelTanks' | 'tankCapacityL'>): FuelTank[] {
  if (row.fuelTanks) return row.fuelTanks;
  return row.tankCapacityL && row.tankCapacityL > 0 ? [{ capacityL: row.tankCapacityL }] : [];
}

/** The view a code is listed in: refills and thefts in `fuel-refuel`, AdBlue in `fuel-add`. */
function viewOf(code: FuelEventCode): string {
  return code === 'AUR' ? 'fuel-add' : 'fuel-refuel';
}

function requireViews(caller: FuelCaller, codes: readonly FuelEventCode[]): void {
  for (const code of codes) {
    if (!isViewAllowed(caller.views, viewOf(code))) throw new DomainError('forbidden');
  }
}

/** The vehicles a selection names (all of the tenant's when it names none) and their ids. */
export async function chosenVehicles(deps: FuelDeps, caller: FuelCaller, s: FuelSelection) {
  const chosen = await selectVehicles(
    deps.db,
    caller.tenantId,
    s.vehicles,
    s.groups,
    caller.lang,
    'querystring.vids',
  );
  const all = s.vehicles.length === 0 && s.groups.length === 0;
  return { chosen, ids: all ? undefined : chosen.map((v) => v.id) };
}

/** Nearest station within `STATION_RADIUS_M` (stations sorted by latitude). */
function nearestStation(stations: readonly StationRow[], lat: number | null, lng: number | null) {
  if (lat === null || lng === null || stations.length === 0) return null;
  const dLat = STATION_RADIUS_M / 111_000;
  let best: { id: number; name: string; distanceM: number } | null = null;
  for (const s of stations) {
    if (Math.abs(s.lat - lat) > dLat) continue;
    const d = haversineM(lat, lng, s.lat, s.lng);
    if (d <= STATION_RADIUS_M && (!best || d < best.distanceM)) {
      best = { id: s.id, name: s.name, distanceM: Math.round(d) };
    }
  }
  return best;
}

function parseSamples(data: FuelEventRow['data'], stopStartMs: number) {
  const text = typeof data?.samples === 'string' ? data.samples : '';
  const out: { t: number; litres: number }[] = [];
  for (const pair of text.split(',')) {
    const [s, l] = pair.split(':');
    const sec = Number(s);
    const litres = Number(l);
    if (s && l && Number.isFinite(sec) && Number.isFinite(litres)) {
      out.push({ t: stopStartMs + sec * 1000, litres });
    }
  }
  return out;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The stop's start (the evidence's origin): stored since 0024, else the event's start. */
function stopStartOf(row: FuelEventRow): number {
  return num(row.data?.stopStartMs) ?? row.start;
}

function toFuelEvent(
  row: FuelEventRow,
  vehicle: TankRow | undefined,
  stations: readonly StationRow[],
  lang: Language,
  names: ReadonlyMap<string, string>,
): FuelEvent {
  const urea = row.code === 'AUR';
  const tanks = vehicle ? tanksOf(vehicle) : [];
  const capacityL = urea
    ? (vehicle?.ureaCapacityL ?? null)
    : tanks.length > 0
      ? tanksCapacityL(tanks)
      : null;
  const pctOf = (litres: number | null): number | null => {
    if (litres === null || capacityL === null || capacityL <= 0) return null;
    return round1(urea ? (litres / capacityL) * 100 : tanksPct(tanks, litres));
  };
  const before = num(row.data?.levelBeforeL);
  const after = num(row.data?.levelAfterL);
  return {
    id: row.id,
    code: row.code,
    vehicleId: row.vehicleId,
    plate: vehicle?.plate ?? '',
    groupId: vehicle?.groupId ?? null,
    start: row.start,
    end: row.end,
    lat: row.lat,
    lng: row.lng,
    place: placeText(row.place, lang),
    driverCode: row.driverCode,
    driverName: row.driverCode ? (names.get(row.driverCode) ?? null) : null,
    volumeL: row.value ?? 0,
    levelBeforeL: before,
    levelAfterL: after,
    levelBeforePct: pctOf(before),
    levelAfterPct: pctOf(after),
    burntL: num(row.data?.burntL),
    capacityL,
    samples: parseSamples(row.data, stopStartOf(row)),
    station: row.code === 'CRG' ? nearestStation(stations, row.lat, row.lng) : null,
    review:
      row.review === null
        ? null
        : {
            status: row.review,
            at: row.reviewedAt ?? row.start,
            userId: row.reviewedBy,
            userName: row.reviewerName,
            note: row.reviewNote ?? '',
          },
  };
}

async function stationsByLatitude(deps: FuelDeps, tenantId: number) {
  return (await fuelStations(deps.db, tenantId)).sort((a, b) => a.lat - b.lat);
}

/** `GET /fuel/events/{from}/{to}`: page `page` of the period's events, newest first, and totals. */
export async function fuelEvents(
  deps: FuelDeps,
  caller: FuelCaller,
  s: FuelSelection & { codes: readonly FuelEventCode[]; limit: number; page: number },
): Promise<FuelEventsAnswer> {
  const asked = s.codes.length === 0 ? (['CRG', 'DCS'] as const) : s.codes;
  const codes = FUEL_EVENT_CODES.filter((c) => asked.includes(c));
  requireViews(caller, codes);
  const { ids } = await chosenVehicles(deps, caller, s);
  const filter = { fromMs: s.from, toMs: s.to, codes, vehicleIds: ids };
  const [rows, totals, vehicles, stations, names] = await Promise.all([
    listEvents(deps.db, caller.tenantId, filter, s.limit, (s.page - 1) * s.limit),
    eventTotals(deps.db, caller.tenantId, filter),
    listTanks(deps.db, caller.tenantId),
    stationsByLatitude(deps, caller.tenantId),
    driverNames(deps.db, caller.tenantId),
  ]);
  const byId = new Map(vehicles.map((v) => [v.vehicleId, v]));
  const byCode = new Map(totals.map((t) => [t.code, t]));
  return {
    total: totals.reduce((n, t) => n + t.all, 0),
    totals: codes.map((code) => ({
      code,
      count: byCode.get(code)?.count ?? 0,
      volumeL: round1(byCode.get(code)?.volumeL ?? 0),
    })),
    events: rows.map((r) => toFuelEvent(r, byId.get(r.vehicleId), stations, caller.lang, names)),
  };
}

/** Evenly thinned to at most `max` points: each time slot keeps its lowest and highest level. */
export function thinLevels(points: readonly FuelLevelPoint[], max: number): FuelLevelPoint[] {
  if (points.length <= max) return [...points];
  const slots = Math.max(1, Math.floor(max / 2));
  const t0 = points[0]!.t;
  const span = points[points.length - 1]!.t - t0 + 1;
  const out: FuelLevelPoint[] = [];
  let slot = -1;
  let lo: FuelLevelPoint | undefined;
  let hi: FuelLevelPoint | undefined;
  const flush = () => {
    if (!lo || !hi) return;
    if (lo === hi) out.push(lo);
    else if (lo.t < hi.t) out.push(lo, hi);
    else out.push(hi, lo);
  };
  for (const p of points) {
    const k = Math.floor(((p.t - t0) / span) * slots);
    if (k !== slot) {
      flush();
      slot = k;
      lo = hi = p;
      continue;
    }
    const v = p.pct ?? 0;
    if (v < (lo!.pct ?? 0)) lo = p;
    if (v > (hi!.pct ?? 0)) hi = p;
  }
  flush();
  return out;
}

/** `GET /v2/fuel/event/{id}/levels`: the event and the raw levels of its stop ± 2 h. */
export async function fuelEventLevels(
  deps: FuelDeps,
  caller: FuelCaller,
  id: number,
): Promise<FuelEventLevelsAnswer> {
  const row = orNotFound(await findEvent(deps.db, caller.tenantId, id, FUEL_EVENT_CODES));
  requireViews(caller, [row.code]);
  const [vehicle, stations, names] = await Promise.all([
    findTanks(deps.db, caller.tenantId, row.vehicleId),
    stationsByLatitude(deps, caller.tenantId),
    driverNames(deps.db, caller.tenantId),
  ]);
  const event = toFuelEvent(row, vehicle, stations, caller.lang, names);
  const from = Math.min(stopStartOf(row), row.start) - FUEL_LEVEL_WINDOW_MS;
  const to = (row.end ?? row.start) + FUEL_LEVEL_WINDOW_MS;
  const raw = await levelsOf(deps.db, caller.tenantId, row.vehicleId, from, to);
  const tanks = vehicle ? tanksOf(vehicle) : [];
  const ureaCap = vehicle?.ureaCapacityL ?? null;
  const urea = row.code === 'AUR';
  const points: FuelLevelPoint[] = [];
  for (const r of raw) {
    const pct = urea ? r.ureaPct : r.fuelPct;
    if (pct === null) continue;
    let litres: number | null = null;
    if (urea) litres = ureaCap ? round1((pct / 100) * ureaCap) : null;
    else if (tanks.length > 0) litres = round1(tanksLitres(tanks, pct));
    points.push({ t: r.t, pct, litres, speed: r.speed });
  }
  return { event, from, to, levels: thinLevels(points, FUEL_LEVEL_MAX_POINTS) };
}

/** `POST /v2/fuel/event/{id}/review`: confirms or dismisses a suspected theft. */
export async function reviewFuelEvent(
  deps: FuelDeps,
  caller: FuelCaller,
  id: number,
  body: FuelReviewBody,
): Promise<FuelEvent> {
  const row = orNotFound(await findEvent(deps.db, caller.tenantId, id, FUEL_EVENT_CODES));
  if (row.code !== 'DCS') refuse('params.id', 'not_a_theft', caller.lang);
  const atMs = deps.nowMs?.() ?? Date.now();
  const saved = await saveReview(deps.db, caller.tenantId, id, {
    status: body.status,
    note: body.note,
    userId: caller.userId,
    atMs,
  });
  if (!saved) throw new DomainError('not_found');
  const [updated, vehicle, names] = await Promise.all([
    findEvent(deps.db, caller.tenantId, id, ['DCS']),
    findTanks(deps.db, caller.tenantId, row.vehicleId),
    driverNames(deps.db, caller.tenantId),
  ]);
  if (!updated) throw new DomainError('not_found');
  return toFuelEvent(updated, vehicle, [], caller.lang, names);
}

/** `GET /vehicles/admin/vehicles/{id}/tanks`. */
export async function vehicleTanks(
  deps: FuelDeps,
  tenantId: number,
  vehicleId: number,
): Promise<VehicleTanks> {
  const row = orNotFound(await findTanks(deps.db, tenantId, vehicleId));
  return {
    tanks: tanksOf(row).map((t) => ({
      capacityL: t.capacityL,
      calibration: t.calibration ? [...t.calibration] : null,
    })),
    adBlueCapacityL: row.ureaCapacityL,
  };
}

/** `PUT /vehicles/admin/vehicles/{id}/tanks`: stores the tank model; ingest re-reads it. */
export async function editVehicleTanks(
  deps: FuelDeps,
  tenantId: number,
  vehicleId: number,
  input: VehicleTanks,
): Promise<VehicleTanks> {
  const tanks = input.tanks.map((t) => ({
    capacityL: t.capacityL,
    calibration: t.calibration ?? null,
  }));
  if (!(await saveTanks(deps.db, tenantId, vehicleId, tanks, input.adBlueCapacityL))) {
    throw new DomainError('not_found');
  }
  for (const uniqueId of await deviceUniqueIds(deps.db, tenantId, vehicleId)) {
    deps.onDeviceChanged?.(uniqueId);
  }
  return vehicleTanks(deps, tenantId, vehicleId);
}
