import type { FuelBalance, FuelConsumptionRow, FuelEvent } from '@rumbo/contracts';
import { memoryStorage, type FakeHandler, type FakeReply } from '../../test/fake-server';
import { signedInRoutes, VIEWS } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** The app at `path` with a stored session whose role sees the fuel screens. */
export function openFuelScreen(path: string, routes: Record<string, FakeHandler | FakeReply>) {
  const auth = { token: 'tok', userToken: 'utok', digest: 'abcdefgh12345678', rol: 'operator' };
  const views = {
    ...VIEWS,
    'fuel-refuel': true,
    'fuel-catalyst': true,
    'fuel-add': true,
    'fuel-analysis': true,
  };
  return renderApp(
    path,
    {
      ...signedInRoutes(),
      'POST /api/v2/views-authz/web3': { body: { start_on: 'dashboard', views } },
      'GET /api/vehicles/vehicles': { body: [] },
      ...routes,
    },
    memoryStorage({ 'rumbo.auth': JSON.stringify({ ...auth, loginStatus: 'authenticated' }) }),
  );
}

/** A refill of 180 L at a station unless `changes` say otherwise. */
export function fuelEvent(changes: Partial<FuelEvent> = {}): FuelEvent {
  return {
    id: 1,
    code: 'CRG',
    vehicleId: 10,
    plate: 'AA 100 BB',
    groupId: 1,
    start: Date.UTC(2026, 10, 20, 12, 0),
    end: Date.UTC(2026, 10, 20, 12, 30),
    lat: -34.6,
    lng: -58.4,
    driverCode: null,
    driverName: null,
    volumeL: 180,
    levelBeforeL: 240,
    levelAfterL: 418,
    levelBeforePct: 40,
    levelAfterPct: 69.7,
    burntL: 2,
    capacityL: 600,
    samples: [],
    station: { id: 3, name: 'YPF Ruta 9', distanceM: 40 },
    review: null,
    ...changes,
  };
}

/** A balance whose residual is `residualL` of 800 L burnt (flagged over 5 % or 40 L). */
export function balance(residualL: number): FuelBalance {
  return {
    levelStartL: 300,
    levelEndL: 250,
    tankDeltaL: 50,
    refillsL: 750 + residualL,
    theftsL: 0,
    consumptionL: 800,
    residualL,
    residualPct: (residualL / 800) * 100,
    flagged: Math.abs(residualL) > 40,
  };
}

export function consumptionRow(changes: Partial<FuelConsumptionRow> = {}): FuelConsumptionRow {
  return {
    vehicleId: 10,
    plate: 'AA 100 BB',
    driverCode: null,
    driverName: null,
    distanceKm: 2500,
    fuelL: 800,
    idleFuelL: 40,
    drivingFuelL: 760,
    drivingS: 30 * 3600,
    idleS: 20 * 3600,
    lPer100Km: 32,
    drivingLPer100Km: 30.4,
    idleLPerH: 2,
    balance: balance(10),
    co2: { fuelType: 'diesel', ttwKg: 2016, wtwKg: 2536, isEstimated: false },
    ...changes,
  };
}
