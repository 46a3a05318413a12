// The fixed day the regression guard counts and `bench/step-costs.ts` times: 50 simulated trucks
// (FMB640, seeded) over one day, their records as the server decodes them (Codec 8 Extended frames
// of 50 records, decoded and mapped), every alert rule on and the trucks' tanks known.
import { Truck, compileRoutes, describeVehicle, toAvlRecord } from '@rumbo/simulator';
import {
  IO_TABLES,
  SPEED_LEVELS_KMH,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  mapAvlRecord,
  type Position,
  type VehicleContext,
} from '../src/index.js';

export const DAY_TRUCKS = 50;
const START_MS = Date.UTC(2025, 2, 3, 3, 0, 0);
const DAY_MS = 86_400_000;

export interface TruckDay {
  positions: Position[];
  context: VehicleContext;
}

/** The fixed day: same records on every machine and every run (the simulator is seeded). */
export function fixedDay(trucks = DAY_TRUCKS): TruckDay[] {
  const routes = new Map(compileRoutes().map((r) => [r.id, r]));
  const knownDriverCodes = Array.from(
    { length: 200 },
    (_, d) => `ARG00000${String(d).padStart(8, '0')}`,
  );
  const out: TruckDay[] = [];
  for (let i = 0; i < trucks; i++) {
    const device = describeVehicle(i, { seed: 'perf' });
    const truck = new Truck(
      { ...device, route: routes.get(device.routeId)! },
      { seed: `perf/${i}`, startMs: START_MS },
    );
    const records = truck.advanceTo(START_MS + DAY_MS);
    const positions: Position[] = [];
    for (let k = 0; k < records.length; k += 50) {
      const message = decodeTeltonikaTcp(
        encodeCodec8eFrame(records.slice(k, k + 50).map(toAvlRecord)),
      );
      if (message.kind !== 'avl') throw new Error(`unexpected ${message.kind} message`);
      for (const raw of message.records)
        positions.push(mapAvlRecord(raw, IO_TABLES.fmb640, device.imei));
    }
    out.push({
      positions,
      context: {
        alerts: {
          speedLevelsKmh: SPEED_LEVELS_KMH,
          knownDriverCodes,
          reefer: { setPointC: -18, toleranceC: 2, minC: -25, maxC: -12 },
        },
        fuelTanksL: [device.tankCapacityL],
        ureaTankL: device.ureaCapacityL,
      },
    });
  }
  return out;
}
