import type { Kysely } from 'kysely';
import {
  ADBLUE_RATIO,
  type AdBlueAnswer,
  type AdBlueRow,
  type FuelBalance,
  type FuelConsumptionAnswer,
  type FuelConsumptionRow,
  type TimeZoneSetting,
  addZonedDays,
  co2Of,
  startOfZonedDay,
} from '@rumbo/contracts';
import { tanksCapacityL, tanksLitres } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { periodSums } from '../analysis/index.js';
import { consumptionDays, eventLitres, idleFuel } from './fuel-consumption.repository.js';
import { firstLevelsIn, latestUrea, levelsAt, type LevelKind } from './fuel-levels.repository.js';
import { driverNames, listTanks } from './fuel.repository.js';
import {
  chosenVehicles,
  round1,
  round2,
  tanksOf,
  type FuelCaller,
  type FuelDeps,
  type FuelSelection,
} from './fuel.service.js';

// The consumption and AdBlue screens' use cases (docs/decisions/0024-fuel-screens.md): litres and
// kilometres of a period, the fuel balance, the AdBlue ratio. Litres, km, s, epoch ms.

/** How far back a level reading may be to stand for the period's start or end, ms. */
const LEVEL_LOOKBACK_MS = 3 * 86_400_000;
/** Balance residual limits (domain.md §7). */
const BALANCE_MAX_L = 40;
const BALANCE_MAX_SHARE = 0.05;

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
  s: FuelSelection & { by: 'vehicle' | 'driver'; timeZone?: TimeZoneSetting },
): Promise<FuelConsumptionAnswer> {
  const { chosen, ids } = await chosenVehicles(deps, caller, s);
  const byDriver = s.by === 'driver';
  const zone = s.timeZone ?? 'UTC';
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
    zone,
  );
  const idleOf = new Map(idle.map((r) => [`${r.vehicleId}|${r.driverCode}`, r.litres]));
  const balances = byDriver ? undefined : await balancesOf(deps, t, chosenIds, s, sums);
  const vehicleOf = new Map(chosen.map((v) => [v.id, v]));
  const rows: FuelConsumptionRow[] = [];
  for (const r of sums) {
    const vehicle = vehicleOf.get(r.vehicleId);
    if (vehicle === undefined) continue;
    const { plate, kind } = vehicle;
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
      // Vehicles carry no fuel type: diesel (decision 0050).
      co2: co2Of({ fuelL: round1(x.fuelL), distanceKm: round1(x.distanceKm), kind }),
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
        co2: co2Of({ fuelL: 0, distanceKm: 0, kind: v.kind }),
      });
    }
    rows.sort((a, b) => a.plate.localeCompare(b.plate));
  }
  return { rows, days: fillDays(s.from, s.to, days, zone) };
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

/** Every day of the zone the period touches, oldest first, empty ones with zeros. */
function fillDays(
  fromMs: number,
  toMs: number,
  days: readonly { day: number; distanceKm: number; fuelL: number; idleFuelL: number }[],
  zone: TimeZoneSetting,
): FuelConsumptionAnswer['days'] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: FuelConsumptionAnswer['days'] = [];
  for (let d = startOfZonedDay(zone, fromMs); d < toMs; d = addZonedDays(zone, d, 1)) {
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
