import type { Kysely } from 'kysely';
import { placeText } from '../../places/render.js';
import {
  ADBLUE_RATIO,
  FUEL_EVENT_CODES,
  FUEL_LEVEL_MAX_POINTS,
  FUEL_LEVEL_WINDOW_MS,
  isViewAllowed,
  translations,
  type AdBlueAnswer,
  type AdBlueRow,
  type FuelBalance,
  type FuelConsumptionAnswer,
  type FuelConsumptionRow,
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
import { periodSums, selectVehicles } from '../analysis/index.js';
import {
  consumptionDays,
  deviceUniqueIds,
  driverNames,
  eventLitres,
  eventTotals,
  findEvent,
  firstLevelsIn,
  findTanks,
  fuelStations,
  idleFuel,
  latestUrea,
  levelsAt,
  levelsOf,
  listEvents,
  type LevelKind,
  listTanks,
  saveReview,
  saveTanks,
  type FuelEventRow,
  type StationRow,
  type TankRow,
} from './fuel.repository.js';

// The fuel screens' use cases (docs/decisions/0024-fuel-screens.md). Litres, km, s, epoch ms.

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
/** How far back a level reading may be to stand for the period's start or end, ms. */
const LEVEL_LOOKBACK_MS = 3 * 86_400_000;
/** Balance residual limits (domain.md §7). */
const BALANCE_MAX_L = 40;
const BALANCE_MAX_SHARE = 0.05;

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

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

async function chosenVehicles(deps: FuelDeps, caller: FuelCaller, s: FuelSelection) {
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
  const row = await findEvent(deps.db, caller.tenantId, id, FUEL_EVENT_CODES);
  if (!row) throw new DomainError('not_found');
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
  const row = await findEvent(deps.db, caller.tenantId, id, FUEL_EVENT_CODES);
  if (!row) throw new DomainError('not_found');
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

/** The fuel balance of a vehicle (domain.md §7). */
export function fuelBalance(input: {
  levelStartL: number | null;
  levelEndL: number | null;
  refillsL: number;
  theftsL: number;
  consumptionL: number;
  capacityL: number;
}): FuelBalance {
  const { levelStartL, levelEndL, refillsL, theftsL, consumptionL, capacityL } = input;
  const tankDeltaL =
    levelStartL === null || levelEndL === null ? null : round1(levelStartL - levelEndL);
  const residualL = tankDeltaL === null ? null : round1(tankDeltaL + refillsL - consumptionL);
  const residualPct =
    residualL === null || consumptionL <= 0 ? null : round1((residualL / consumptionL) * 100);
  // 5 % of a small consumption is below what a level gauge resolves (1 % steps at either end):
  // the share counts once it exceeds two steps of the tank.
  const shareLimit = Math.max(BALANCE_MAX_SHARE * consumptionL, 0.02 * capacityL);
  const flagged =
    residualL !== null && (Math.abs(residualL) > BALANCE_MAX_L || Math.abs(residualL) > shareLimit);
  return {
    levelStartL: levelStartL === null ? null : round1(levelStartL),
    levelEndL: levelEndL === null ? null : round1(levelEndL),
    tankDeltaL,
    refillsL: round1(refillsL),
    theftsL: round1(theftsL),
    consumptionL: round1(consumptionL),
    residualL,
    residualPct,
    flagged,
  };
}

const per100 = (litres: number, km: number) => (km >= 1 ? round2((litres / km) * 100) : null);

/** `GET /fuel/consumption/{from}/{to}`: per vehicle (with its balance) or per vehicle × driver. */
export async function fuelConsumption(
  deps: FuelDeps,
  caller: FuelCaller,
  s: FuelSelection & { by: 'vehicle' | 'driver' },
): Promise<FuelConsumptionAnswer> {
  const { chosen, ids } = await chosenVehicles(deps, caller, s);
  const byDriver = s.by === 'driver';
  const { db } = deps;
  const t = caller.tenantId;
  const chosenIds = chosen.map((v) => v.id);
  const [sums, idle, names] = await Promise.all([
    periodSums(db, t, s.from, s.to, ids, byDriver),
    idleFuel(db, t, s.from, s.to, byDriver),
    byDriver ? driverNames(db, t) : Promise.resolve(new Map<string, string>()),
  ]);
  // The trend's daily L/100 km: over the vehicles with fuel data only (a phone's kilometres with
  // no litres would lower it).
  const withFuel = new Set(sums.filter((r) => r.sums.fuelL > 0).map((r) => r.vehicleId));
  const chosenSet = new Set(chosenIds);
  const days = await consumptionDays(
    db,
    t,
    s.from,
    s.to,
    [...withFuel].filter((id) => chosenSet.has(id)),
  );
  const idleOf = new Map(idle.map((r) => [`${r.vehicleId}|${r.driverCode}`, r.litres]));
  const balances = byDriver ? undefined : await balancesOf(deps, t, chosenIds, s, sums);
  const plateOf = new Map(chosen.map((v) => [v.id, v.plate]));
  const rows: FuelConsumptionRow[] = [];
  for (const r of sums) {
    const plate = plateOf.get(r.vehicleId);
    if (plate === undefined) continue;
    const x = r.sums;
    const idleFuelL = Math.min(idleOf.get(`${r.vehicleId}|${r.driverCode}`) ?? 0, x.fuelL);
    const drivingFuelL = x.fuelL - idleFuelL;
    // No litres over the kilometres: the vehicle does not report fuel (N/D, not 0 L/100 km).
    const hasFuel = x.fuelL > 0;
    rows.push({
      vehicleId: r.vehicleId,
      plate,
      driverCode: byDriver ? r.driverCode : null,
      driverName: byDriver ? (names.get(r.driverCode) ?? null) : null,
      distanceKm: round1(x.distanceKm),
      fuelL: round1(x.fuelL),
      idleFuelL: round1(idleFuelL),
      drivingFuelL: round1(drivingFuelL),
      drivingS: Math.round(x.drivingS),
      idleS: Math.round(x.idleS),
      lPer100Km: hasFuel ? per100(x.fuelL, x.distanceKm) : null,
      drivingLPer100Km: hasFuel ? per100(drivingFuelL, x.distanceKm) : null,
      idleLPerH: x.idleS > 0 ? round2(idleFuelL / (x.idleS / 3600)) : null,
      balance: balances?.get(r.vehicleId) ?? null,
    });
  }
  if (balances) {
    // A vehicle without driving in the period still has a balance (a theft while parked).
    const listed = new Set(rows.map((r) => r.vehicleId));
    for (const v of chosen) {
      if (listed.has(v.id)) continue;
      const balance = balances.get(v.id);
      if (!balance || balance.residualL === null) continue;
      rows.push({
        vehicleId: v.id,
        plate: v.plate,
        driverCode: null,
        driverName: null,
        distanceKm: 0,
        fuelL: 0,
        idleFuelL: 0,
        drivingFuelL: 0,
        drivingS: 0,
        idleS: 0,
        lPer100Km: null,
        drivingLPer100Km: null,
        idleLPerH: null,
        balance,
      });
    }
    rows.sort((a, b) => a.plate.localeCompare(b.plate));
  }
  return { rows, days: fillDays(s.from, s.to, days) };
}

/**
 * The fuel (`kind` 'fuel') or AdBlue level percent standing for the period's start and end of each
 * vehicle: the last reading at or before the edge (within LEVEL_LOOKBACK_MS) or, for a history
 * that starts or stops inside the period, the first (last) reading inside it. The fallback asks
 * only for the vehicles still missing, one ordered `limit 1` on the positions key each.
 */
async function periodLevels(
  db: Kysely<Database>,
  tenantId: number,
  vehicleIds: readonly number[],
  s: Pick<FuelSelection, 'from' | 'to'>,
  kind: Exclude<LevelKind, 'both'>,
): Promise<{ start: Map<number, number>; end: Map<number, number> }> {
  const pick = (m: Map<number, { fuelPct: number | null; ureaPct: number | null }>) => {
    const out = new Map<number, number>();
    for (const [id, l] of m) {
      const pct = kind === 'fuel' ? l.fuelPct : l.ureaPct;
      if (pct !== null) out.set(id, pct);
    }
    return out;
  };
  const [start, end] = (
    await Promise.all([
      levelsAt(db, tenantId, vehicleIds, s.from, LEVEL_LOOKBACK_MS, kind),
      levelsAt(db, tenantId, vehicleIds, s.to, LEVEL_LOOKBACK_MS, kind),
    ])
  ).map(pick) as [Map<number, number>, Map<number, number>];
  const missing = (m: Map<number, number>) => vehicleIds.filter((id) => !m.has(id));
  const [first, last] = (
    await Promise.all([
      firstLevelsIn(db, tenantId, missing(start), s.from, s.to, kind),
      levelsAt(db, tenantId, missing(end), s.to, s.to - s.from, kind),
    ])
  ).map(pick) as [Map<number, number>, Map<number, number>];
  return { start: new Map([...first, ...start]), end: new Map([...last, ...end]) };
}

async function balancesOf(
  deps: FuelDeps,
  tenantId: number,
  vehicleIds: readonly number[],
  s: FuelSelection,
  sums: Awaited<ReturnType<typeof periodSums>>,
): Promise<Map<number, FuelBalance>> {
  const { db } = deps;
  const tanks = await listTanks(db, tenantId);
  const tankOf = new Map(tanks.map((v) => [v.vehicleId, tanksOf(v)]));
  // Levels only of vehicles with a tank model: the others get no balance.
  const withTanks = vehicleIds.filter((id) => (tankOf.get(id) ?? []).length > 0);
  const [levels, refills, thefts] = await Promise.all([
    periodLevels(db, tenantId, withTanks, s, 'fuel'),
    eventLitres(db, tenantId, 'CRG', s.from, s.to),
    eventLitres(db, tenantId, 'DCS', s.from, s.to),
  ]);
  const fuelOf = new Map<number, number>();
  for (const r of sums) fuelOf.set(r.vehicleId, (fuelOf.get(r.vehicleId) ?? 0) + r.sums.fuelL);
  const out = new Map<number, FuelBalance>();
  for (const id of withTanks) {
    const model = tankOf.get(id) ?? [];
    if (model.length === 0) continue;
    const litres = (pct: number | null | undefined) =>
      pct === null || pct === undefined ? null : tanksLitres(model, pct);
    out.set(
      id,
      fuelBalance({
        levelStartL: litres(levels.start.get(id)),
        levelEndL: litres(levels.end.get(id)),
        refillsL: refills.get(id)?.litres ?? 0,
        theftsL: thefts.get(id)?.litres ?? 0,
        consumptionL: fuelOf.get(id) ?? 0,
        capacityL: tanksCapacityL(model),
      }),
    );
  }
  return out;
}

function fillDays(
  fromMs: number,
  toMs: number,
  days: readonly { day: number; distanceKm: number; fuelL: number; idleFuelL: number }[],
): FuelConsumptionAnswer['days'] {
  const DAY = 86_400_000;
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: FuelConsumptionAnswer['days'] = [];
  for (let d = Math.floor(fromMs / DAY) * DAY; d < toMs; d += DAY) {
    const x = byDay.get(d);
    out.push({
      day: d,
      distanceKm: round1(x?.distanceKm ?? 0),
      fuelL: round1(x?.fuelL ?? 0),
      idleFuelL: round1(x?.idleFuelL ?? 0),
      lPer100Km: per100(x?.fuelL ?? 0, x?.distanceKm ?? 0),
    });
  }
  return out;
}

/** The AdBlue flag of a ratio (domain.md §7). */
export function adBlueFlag(ratioPct: number | null, distanceKm: number): AdBlueRow['flag'] {
  if (ratioPct === null) return null;
  if (ratioPct < ADBLUE_RATIO.low && distanceKm >= ADBLUE_RATIO.lowMinKm) return 'low';
  if (ratioPct > ADBLUE_RATIO.high) return 'high';
  return null;
}

/** `GET /fuel/adblue/{from}/{to}`: AdBlue level now, refills, use and the AdBlue/diesel ratio. */
export async function adBlue(
  deps: FuelDeps,
  caller: FuelCaller,
  s: FuelSelection,
): Promise<AdBlueAnswer> {
  const { chosen, ids } = await chosenVehicles(deps, caller, s);
  const { db } = deps;
  const t = caller.tenantId;
  const chosenIds = chosen.map((v) => v.id);
  const tanks = await listTanks(db, t);
  const capOf = new Map(tanks.map((v) => [v.vehicleId, v.ureaCapacityL]));
  // Levels only of vehicles with an AdBlue tank: the others get no ratio.
  const withUrea = chosenIds.filter((id) => (capOf.get(id) ?? null) !== null);
  const [sums, now, levels, refills] = await Promise.all([
    periodSums(db, t, s.from, s.to, ids, false),
    latestUrea(db, t, chosenIds),
    periodLevels(db, t, withUrea, s, 'urea'),
    eventLitres(db, t, 'AUR', s.from, s.to),
  ]);
  const sumOf = new Map(sums.map((r) => [r.vehicleId, r.sums]));
  const rows: AdBlueRow[] = chosen.map((v) => {
    const capacityL = capOf.get(v.id) ?? null;
    const x = sumOf.get(v.id);
    const dieselL = x?.fuelL ?? 0;
    const distanceKm = x?.distanceKm ?? 0;
    const level = now.get(v.id);
    const startPct = levels.start.get(v.id) ?? null;
    const endPct = levels.end.get(v.id) ?? null;
    const refill = refills.get(v.id);
    const refillsL = refill?.litres ?? 0;
    const usedL =
      capacityL === null || startPct === null || endPct === null
        ? null
        : round1(((startPct - endPct) / 100) * capacityL + refillsL);
    const ratioPct = usedL === null || dieselL <= 0 ? null : round2((usedL / dieselL) * 100);
    const levelPct = level?.pct ?? null;
    return {
      vehicleId: v.id,
      plate: v.plate,
      capacityL,
      levelPct,
      levelL: levelPct === null || capacityL === null ? null : round1((levelPct / 100) * capacityL),
      levelAt: level?.at ?? null,
      refills: refill?.count ?? 0,
      refillsL: round1(refillsL),
      usedL,
      dieselL: round1(dieselL),
      distanceKm: round1(distanceKm),
      ratioPct,
      flag: adBlueFlag(ratioPct, distanceKm),
    };
  });
  return { rows };
}

/** `GET /vehicles/admin/vehicles/{id}/tanks`. */
export async function vehicleTanks(
  deps: FuelDeps,
  tenantId: number,
  vehicleId: number,
): Promise<VehicleTanks> {
  const row = await findTanks(deps.db, tenantId, vehicleId);
  if (!row) throw new DomainError('not_found');
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
