// Builds trucks of the catalogue for tests.

import { describeVehicle } from '../catalog.js';
import { compileRoutes } from '../routes.js';
import { Truck } from '../truck.js';
import type { FuelSensorNoise } from '../truck-options.js';
import type { EventRates } from '../truck-driving.js';

const routes = new Map(compileRoutes().map((r) => [r.id, r]));

/** Monday 3 March 2025, 00:00 in Argentina. */
export const MONDAY_MS = Date.UTC(2025, 2, 3, 3, 0, 0);

/** The truck at `index` of the fleet of `seed`, starting at `startMs` (placed at `atMs`). */
export function makeTruck(
  index: number,
  options: {
    seed?: string | number;
    startMs?: number;
    atMs?: number;
    rates?: Partial<EventRates>;
    fuelSensor?: Partial<FuelSensorNoise>;
  } = {},
): Truck {
  const seed = options.seed ?? 42;
  const device = describeVehicle(index, { seed });
  const route = routes.get(device.routeId);
  if (!route) throw new Error(`no route ${device.routeId}`);
  return new Truck(
    { ...device, route },
    {
      seed: `${seed}/truck/${index}`,
      startMs: options.startMs ?? MONDAY_MS,
      atMs: options.atMs,
      rates: options.rates,
      fuelSensor: options.fuelSensor,
    },
  );
}
