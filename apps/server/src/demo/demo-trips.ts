import type { Kysely } from 'kysely';
import {
  compileRoutes,
  DEMO_TRUCK_OPTIONS,
  describeVehicle,
  Truck,
  type SimRecord,
} from '@rumbo/simulator';
import type { Database } from '../db/schema.js';
import { DEMO_TENANT } from '../modules/seed/index.js';
import { demoTruckDuty } from './demo-duty.js';
import { ensureTenant } from '../modules/tenants/index.js';
import {
  insertPlans,
  listPlans,
  vehiclesByPlate,
  plateKey,
} from '../modules/planned-trips/index.js';

// The demo tenant's planned trips (issue 15): for a few demo trucks, the next drive their plan has
// them make after the server starts, planned along the road they will drive (as a dispatcher takes
// the route of an earlier trip), with a 500 m corridor. One plan was made along another road for
// part of the way (its middle third 2.5 km to the side): the truck keeps to its own road, leaves the
// corridor there and raises one DDR, live. The trucks are simulated here exactly as the demo fleet
// drives them (same seed, start and placement), so the plans match what the devices will send.

/** Trucks given a plan (every third of the first 18, so several groups and routes show). */
const PLANNED_TRUCKS = [0, 3, 6, 9, 12, 15];
/** How far ahead a truck's next drive is looked for. */
const LOOKAHEAD_MS = 10 * 3_600_000;
/** A standstill this long ends a drive (parked at the next stop). */
const PARKED_MS = 15 * 60_000;
/** A plan starts where the truck stood this long before leaving. */
const STOOD_MS = 60 * 60_000;
const M_LAT = 111_195;

/** One demo plan and, for the deviating one, where its route leaves the truck's road. */
export interface DemoTripPlan {
  truckIndex: number;
  plate: string;
  name: string;
  stops: { name: string; lat: number; lng: number; radiusM: number; plannedAt: string }[];
  route: [number, number][];
  corridorM: number;
  /** The plan's route is 2.5 km off the truck's road between these fractions of it. */
  deviates: boolean;
}

/**
 * The next drive after `fromMs` that leaves a stop the truck stood at for the hour before (a plan
 * starts at the first fix outside its origin from an hour before its start): from its first
 * moving record to the stop it parks at.
 */
function nextDrive(records: readonly SimRecord[], fromMs: number) {
  let start = -1;
  for (let k = 1; k < records.length; k++) {
    const r = records[k]!;
    if (r.fixTimeMs < fromMs) continue;
    if (start < 0) {
      if (r.speedKmh >= 5 && records[k - 1]!.speedKmh < 5 && stoodBefore(records, k - 1)) {
        start = k - 1;
      }
      continue;
    }
    // Parked: every record of the next PARKED_MS stands still.
    if (r.speedKmh >= 5) continue;
    let still = true;
    let j = k;
    for (; j < records.length && records[j]!.fixTimeMs - r.fixTimeMs < PARKED_MS; j++) {
      if (records[j]!.speedKmh >= 5) {
        still = false;
        break;
      }
    }
    if (still && j < records.length) return { from: start, to: k };
  }
  return undefined;
}

/** Whether the truck stood still for `STOOD_MS` up to record `k` (records reaching that far back). */
function stoodBefore(records: readonly SimRecord[], k: number): boolean {
  const fromMs = records[k]!.fixTimeMs - STOOD_MS;
  if (records[0]!.fixTimeMs > fromMs) return false;
  for (let j = k; j >= 0 && records[j]!.fixTimeMs >= fromMs; j--) {
    if (records[j]!.speedKmh >= 5) return false;
  }
  return true;
}

/** The middle third of a line moved `offsetM` to its left (ramps of a tenth at each end). */
function divert(line: [number, number][], offsetM: number): [number, number][] {
  const n = line.length;
  return line.map(([lng, lat], i) => {
    const f = i / (n - 1);
    const weight =
      f < 0.3 || f > 0.7 ? 0 : f < 0.4 ? (f - 0.3) / 0.1 : f > 0.6 ? (0.7 - f) / 0.1 : 1;
    if (weight === 0) return [lng, lat];
    const [aLng, aLat] = line[Math.max(0, i - 1)]!;
    const [bLng, bLat] = line[Math.min(n - 1, i + 1)]!;
    const kx = M_LAT * Math.cos((lat * Math.PI) / 180);
    const dx = (bLng - aLng) * kx;
    const dy = (bLat - aLat) * M_LAT;
    const len = Math.hypot(dx, dy) || 1;
    // Left of the direction of travel.
    const ox = (-dy / len) * offsetM * weight;
    const oy = (dx / len) * offsetM * weight;
    return [lng + ox / kx, lat + oy / M_LAT];
  });
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

interface PlanOptions {
  seed: string;
  vehicles: number;
  startMs: number;
  nowMs: number;
  /** The first start's present, where the drivers near a limit are placed (default `nowMs`). */
  anchorMs?: number;
}

/** One truck's plan (its next drive after `nowMs`) and the records simulated for it. */
function planForTruck(
  index: number,
  options: PlanOptions,
  routes: Map<string, ReturnType<typeof compileRoutes>[number]>,
  deviates: boolean,
): { plan: DemoTripPlan; records: SimRecord[] } | undefined {
  const device = describeVehicle(index, { seed: options.seed });
  const route = routes.get(device.routeId);
  if (!route) return undefined;
  const truck = new Truck(
    { ...device, route },
    {
      seed: `${options.seed}/truck/${index}`,
      startMs: options.startMs,
      atMs: options.nowMs,
      ...DEMO_TRUCK_OPTIONS,
      // Driven as the demo fleet drives it: its drivers' day shapes its legs.
      duty: demoTruckDuty(
        options.seed,
        options.vehicles,
        options.startMs,
        options.anchorMs ?? options.nowMs,
      )(index),
    },
  );
  const simulated = truck.advanceTo(options.nowMs + LOOKAHEAD_MS);
  const drive = nextDrive(simulated, options.nowMs + 60_000);
  if (!drive) return undefined;
  const from = simulated[drive.from]!;
  const to = simulated[drive.to]!;
  const line: [number, number][] = simulated
    .slice(drive.from, drive.to + 1)
    .filter((_, k, all) => k % 3 === 0 || k === all.length - 1)
    .map((r) => [round6(r.lng), round6(r.lat)]);
  if (line.length < 4) return undefined;
  const planned = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000).toISOString();
  const plan: DemoTripPlan = {
    truckIndex: index,
    plate: device.plate,
    name: `${route.name}${deviates ? ' (por la ruta alternativa)' : ''}`,
    stops: [
      {
        name: 'Salida',
        lat: from.lat,
        lng: from.lng,
        radiusM: 300,
        plannedAt: planned(from.fixTimeMs),
      },
      {
        name: 'Llegada',
        lat: to.lat,
        lng: to.lng,
        radiusM: 300,
        plannedAt: planned(to.fixTimeMs + 10 * 60_000),
      },
    ],
    route: deviates ? divert(line, 2_500).map(([lng, lat]) => [round6(lng), round6(lat)]) : line,
    corridorM: 500,
    deviates,
  };
  return { plan, records: simulated };
}

/**
 * The demo plans: each planned truck's next drive after `nowMs`, simulated as the demo fleet
 * drives it (`startMs`: the fleet's start). The first is the one that deviates. `yieldEvery`
 * lets the event loop run between trucks (each takes ~0.2 s of CPU).
 */
export async function demoTripPlans(
  options: PlanOptions & { yieldBetween?: boolean },
): Promise<{ plans: DemoTripPlan[]; records: Map<number, SimRecord[]> }> {
  const routes = new Map(compileRoutes().map((r) => [r.id, r]));
  const plans: DemoTripPlan[] = [];
  const records = new Map<number, SimRecord[]>();
  for (const index of PLANNED_TRUCKS.filter((i) => i < options.vehicles)) {
    if (options.yieldBetween) await new Promise((resolve) => setImmediate(resolve));
    const made = planForTruck(index, options, routes, plans.length === 0);
    if (!made) continue;
    plans.push(made.plan);
    records.set(index, made.records);
  }
  return { plans, records };
}

/**
 * Adds the demo plans to the demo tenant unless it already has plans around now (idempotent on
 * restarts). Returns how many went in.
 */
export async function registerDemoPlannedTrips(
  db: Kysely<Database>,
  options: PlanOptions,
): Promise<number> {
  const tenant = await ensureTenant(db, DEMO_TENANT);
  const existing = await listPlans(db, tenant.id, {
    fromMs: options.nowMs - 86_400_000,
    toMs: options.nowMs + 86_400_000,
  });
  if (existing.length > 0) return 0;
  const plates = await vehiclesByPlate(db, tenant.id);
  const { plans } = await demoTripPlans({ ...options, yieldBetween: true });
  const rows = plans.flatMap((p) => {
    const vehicleId = plates.get(plateKey(p.plate));
    if (vehicleId === undefined) return [];
    return [
      {
        vehicleId,
        driverId: null,
        name: p.name,
        stops: p.stops.map((s) => ({ ...s, poiId: null })),
        route: p.route,
        routeSource: 'trip' as const,
        corridorM: p.corridorM,
      },
    ];
  });
  await insertPlans(db, tenant.id, rows);
  return rows.length;
}
