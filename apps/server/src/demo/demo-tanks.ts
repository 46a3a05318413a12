import type { FuelTankJson } from '../db/schema.js';

// The demo fleet's tank model (issue 14): every truck one linear tank of its catalogue capacity,
// but the first 600 L truck carries two — a 400 L saddle tank with a calibration table and a
// 200 L linear one — so the refill screen and vehicle administration show a non-linear tank. The
// table stays within a few litres of the linear reading the simulator sends (its levels are % of
// a linear 600 L), so the demo's volumes keep to its ground truth.

/** The saddle tank's table: narrow at the bottom and top. */
const SADDLE: FuelTankJson = {
  capacityL: 400,
  calibration: [
    { pct: 5, litres: 16 },
    { pct: 10, litres: 36 },
    { pct: 50, litres: 200 },
    { pct: 90, litres: 364 },
    { pct: 95, litres: 384 },
  ],
};

/** The tanks of a demo truck (the first 600 L one: two), or null: one linear tank. */
export function demoTanks(tankCapacityL: number, chosen: boolean): FuelTankJson[] | null {
  if (tankCapacityL !== 600 || !chosen) return null;
  return [SADDLE, { capacityL: 200, calibration: null }];
}
