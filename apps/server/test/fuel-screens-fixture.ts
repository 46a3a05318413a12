// The fuel screens' tests' fixture (issue 14, docs/decisions/0024-fuel-screens.md): a truck's day
// that the real detector chain turns into facts and the real sinks store — a refill at a station,
// an AdBlue refill, a theft during a long stop; two tanks, one of them non-linear (calibration
// table) — in a fresh database with the users the fuel calls need.
import {
  tanksLitres,
  tanksPct,
  type FuelTank,
  type Position,
  type VehicleContext,
} from '@rumbo/telematics';
import { sql } from 'kysely';
import { toPositionRow } from '../src/pipeline/position-row.js';
import { insertPositions } from '../src/pipeline/positions.store.js';
import { storeThroughChain } from './chain-ingest.js';
import { addDemoViewer, addTruck, apiCaller, signIn } from './api.js';
import { testApp, addOutsiderAdmin } from './harness.js';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** Monday 5 Oct 2026, 00:00 UTC. */
export const D0 = Date.UTC(2026, 9, 5);

/** A 400 L saddle tank (calibrated) and a 200 L linear one. */
export const TANKS: FuelTank[] = [
  {
    capacityL: 400,
    calibration: [
      { pct: 10, litres: 20 },
      { pct: 40, litres: 200 },
      { pct: 70, litres: 335 },
      { pct: 90, litres: 380 },
    ],
  },
  { capacityL: 200 },
];
export const UREA_L = 80;
/** Where the truck stops to refuel (a station POI 80 m away). */
export const STATION = { lat: -34.5, lng: -58.9 };
export const THEFT_L = 60;

interface Leg {
  forS: number;
  speedKmh: number;
  ignition?: boolean;
  /** Litres added to the tank at this many seconds into the leg. */
  refill?: { atS: number; litres: number; ureaL?: number };
  /** Litres taken over the leg from `fromS` for `forS` seconds. */
  theft?: { fromS: number; forS: number; litres: number };
}

/** The truck's day: levels from litres through the tank model, quantised to 1 % like FMS. */
export function truckDay(deviceId: string): { positions: Position[]; burntL: number } {
  const legs: Leg[] = [
    { forS: 6 * 3600, speedKmh: 0, ignition: false }, // parked until 06:00
    { forS: 3600, speedKmh: 80 },
    {
      forS: 1800,
      speedKmh: 0,
      ignition: false,
      refill: { atS: 600, litres: tanksLitres(TANKS, 70) - tanksLitres(TANKS, 35), ureaL: 45 },
    },
    { forS: 7200, speedKmh: 80 },
    { forS: 1200, speedKmh: 0, ignition: true }, // idling 20 min
    {
      forS: 3 * 3600,
      speedKmh: 0,
      ignition: false,
      theft: { fromS: 3600, forS: 600, litres: THEFT_L },
    },
    { forS: 3600, speedKmh: 80 },
    { forS: 4 * 3600, speedKmh: 0, ignition: false },
  ];
  const out: Position[] = [];
  let t = D0;
  let lat = -34.6;
  let fuelL = tanksLitres(TANKS, 40);
  let ureaL = 0.3 * UREA_L;
  let used = 50_000;
  let odo = 300_000_000;
  let burntL = 0;
  for (const leg of legs) {
    const every = leg.speedKmh > 0 ? 10 : 60;
    const atStation = leg.refill !== undefined;
    for (let s = 0; s < leg.forS; s += every) {
      const ignition = leg.ignition ?? leg.speedKmh > 0;
      if (leg.refill && s === leg.refill.atS) {
        fuelL += leg.refill.litres;
        ureaL += leg.refill.ureaL ?? 0;
      }
      if (leg.theft && s >= leg.theft.fromS && s < leg.theft.fromS + leg.theft.forS) {
        fuelL -= (leg.theft.litres * every) / leg.theft.forS;
      }
      const pct = tanksPct(TANKS, fuelL);
      out.push({
        deviceId,
        fixTimeMs: t,
        lat: atStation ? STATION.lat : lat,
        lng: atStation ? STATION.lng : -58.9 + (lat + 34.6) * 0.1,
        speedKmh: leg.speedKmh,
        wheelSpeedKmh: leg.speedKmh,
        headingDeg: 0,
        satellites: 12,
        ignition,
        rpm: ignition ? (leg.speedKmh > 0 ? 1300 : 650) : 0,
        odometerM: Math.round(odo),
        fuelUsedL: Math.round(used * 10) / 10,
        fuelLevelPct: Math.round(pct + (leg.speedKmh > 0 ? Math.sin(s) : 0)),
        ureaLevelPct: Math.round((ureaL / UREA_L) * 100),
        driverCode: 'CARD-F',
        attributes: {},
      });
      const metres = (leg.speedKmh / 3.6) * every;
      odo += metres;
      if (leg.speedKmh > 0) lat -= metres / 111_000;
      const burn = ignition ? ((leg.speedKmh > 0 ? 30 : 3) * every) / 3600 : 0;
      used += burn;
      fuelL -= burn;
      burntL += burn;
      // AdBlue at 4 % of the diesel while driving.
      if (leg.speedKmh > 0) ureaL -= burn * 0.04;
      t += every * 1000;
    }
  }
  return { positions: out, burntL };
}

/** A fresh app (its own database) of the fuel screens' tests. */
export type FuelApp = Awaited<ReturnType<typeof testApp>>;

/** Steps records through the default chain, stores positions and facts through the sinks. */
export async function ingestDay(
  ctx: FuelApp,
  vehicle: number,
  deviceDbId: number,
  positions: Position[],
  context: VehicleContext,
) {
  const db = ctx.database.db;
  await storeThroughChain(db, vehicle, positions, context);
  for (let i = 0; i < positions.length; i += 2000) {
    await insertPositions(
      db,
      positions.slice(i, i + 2000).map((p) => toPositionRow(deviceDbId, p, [])),
    );
  }
}

/**
 * A fresh app with the truck's day stored for FUE001 (Transportes Demo: the operator, the
 * administrator, a viewer) and NOR014 (Transportes Norte, the outsider), a fuel station and the
 * driver's card registered.
 */
export async function setUpFuelScreens(backend: 'embedded' | 'postgres') {
  const ctx = await testApp(backend);
  const db = ctx.database.db;
  const own = await addTruck(db, '359000000014001', 'FUE001');
  const vehicleId = own.vehicleId;
  await db
    .updateTable('vehicles')
    .set({
      fuel_tanks: JSON.stringify(TANKS),
      tank_capacity_l: 600,
      urea_capacity_l: UREA_L,
    })
    .where('id', '=', vehicleId)
    .execute();
  const other = await addTruck(db, '359000000014002', 'NOR014', { tenant: 'Transportes Norte' });
  const otherVehicle = other.vehicleId;
  await db
    .updateTable('vehicles')
    .set({ tank_capacity_l: 600, urea_capacity_l: UREA_L })
    .where('id', '=', otherVehicle)
    .execute();
  await addOutsiderAdmin(db);
  await addDemoViewer(db);
  const { id: tenantId } = await db
    .selectFrom('tenants')
    .select('id')
    .where('name', '=', 'Transportes Demo')
    .executeTakeFirstOrThrow();
  // The card of the truck's driver is registered: the screens name the driver (issue 22).
  await db
    .insertInto('drivers')
    .values({ tenant_id: tenantId, nombre: 'Fabiana', apellido: 'Ruiz', code: 'CARD-F' })
    .execute();
  const fuelType = await db
    .selectFrom('interest_point_types')
    .select('id')
    .where('code', '=', 'fuel')
    .where('tenant_id', 'is', null)
    .executeTakeFirstOrThrow();
  const { id: stationId } = await db
    .insertInto('interest_points')
    .values({
      tenant_id: tenantId,
      type_id: fuelType.id,
      nombre: 'Estación Ruta 8',
      radio_m: 50,
      lat: STATION.lat + 0.0007,
      lng: STATION.lng,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const day = truckDay('fue');
  await ingestDay(ctx, vehicleId, own.deviceId, day.positions, {
    fuelTanks: TANKS,
    ureaTankL: UREA_L,
  });
  await ingestDay(ctx, otherVehicle, other.deviceId, truckDay('nor').positions, {
    fuelTanksL: [600],
    ureaTankL: UREA_L,
  });
  const otherEvent = await db
    .selectFrom('events')
    .select('id')
    .where('vehicle_id', '=', otherVehicle)
    .where('code', '=', 'DCS')
    .executeTakeFirstOrThrow();
  const otherEventId = Number(otherEvent.id);
  const operator = await signIn(ctx.app, 'demouser', 'demo1234');
  const admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
  const viewer = await signIn(ctx.app, 'demoviewer', 'demo1234');
  const outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');
  return {
    ctx,
    operator,
    admin,
    viewer,
    outsider,
    vehicleId,
    otherVehicle,
    otherEventId,
    stationId,
    burntL: day.burntL,
  };
}
export type FuelScreens = Awaited<ReturnType<typeof setUpFuelScreens>>;

/** The fuel screens' calls as a user sends them, and a row count. */
export function fuelCalls(app: () => FuelApp) {
  const call = apiCaller(() => app().app, { prefix: '', lang: 'es' });
  const count = async (table: 'events' | 'vehicles', where = sql`true`) =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(app().database.db)
      ).rows[0]!.n,
    );
  return { call, count };
}
