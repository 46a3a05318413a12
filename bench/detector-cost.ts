// What the detector-cost benches share (alert-rules.ts, indicators-cost.ts, fuel-cost.ts, fault-cost.ts): the
// simulated FMB640 workload as the server decodes it, and the whole default chain against the
// chain without some detectors, timed in alternating rounds.
// Env: TRUCKS (20), DAYS (2), ROUNDS (7; the first is a warm-up).
import { Truck, compileRoutes, describeVehicle, toAvlRecord } from '@rumbo/simulator';
import {
  DEFAULT_DETECTORS,
  DEFAULT_REDUCER_SETTINGS,
  toSample,
  IO_TABLES,
  SPEED_LEVELS_KMH,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  initialDeviceState,
  mapAvlRecord,
  step,
  type Detector,
  type DetectorChain,
  type DeviceFact,
  type Position,
  type VehicleContext,
} from '@rumbo/telematics';

export const TRUCKS = Number(process.env.TRUCKS ?? 20);
export const DAYS = Number(process.env.DAYS ?? 2);
export const ROUNDS = Number(process.env.ROUNDS ?? 7);
const START_MS = Date.UTC(2025, 2, 3, 3, 0, 0);

export interface Workload {
  positions: Position[];
  context: VehicleContext;
}

/**
 * Simulated trucks' records as the server decodes them, with every alert rule switched on (11
 * speed levels, 200 known drivers, a reefer); `tanks` adds the trucks' fuel and AdBlue capacities.
 */
export function workloads(options: { tanks?: boolean } = {}): Workload[] {
  const routes = new Map(compileRoutes().map((r) => [r.id, r]));
  const out: Workload[] = [];
  for (let i = 0; i < TRUCKS; i++) {
    const device = describeVehicle(i, { seed: 'bench' });
    const truck = new Truck(
      { ...device, route: routes.get(device.routeId)! },
      { seed: `bench/${i}`, startMs: START_MS },
    );
    const records = truck.advanceTo(START_MS + DAYS * 86_400_000);
    const positions: Position[] = [];
    for (let k = 0; k < records.length; k += 50) {
      const message = decodeTeltonikaTcp(
        encodeCodec8eFrame(records.slice(k, k + 50).map(toAvlRecord)),
      );
      if (message.kind !== 'avl') throw new Error(message.kind);
      for (const raw of message.records)
        positions.push(mapAvlRecord(raw, IO_TABLES.fmb640, device.imei));
    }
    const context: VehicleContext = {
      alerts: {
        speedLevelsKmh: SPEED_LEVELS_KMH,
        knownDriverCodes: Array.from(
          { length: 200 },
          (_, d) => `ARG00000${String(d).padStart(8, '0')}`,
        ),
        reefer: { setPointC: -18, toleranceC: 2, minC: -25, maxC: -12 },
      },
    };
    if (options.tanks) {
      context.fuelTanksL = [device.tankCapacityL];
      context.ureaTankL = device.ureaCapacityL;
    }
    out.push({ positions, context });
  }
  return out;
}

/** Nanoseconds per record of stepping every workload through `detectors`, and the facts counted. */
function run(
  loads: readonly Workload[],
  detectors: DetectorChain,
  counts: (fact: DeviceFact) => boolean,
): { nsPerRecord: number; facts: number } {
  let records = 0;
  let facts = 0;
  const t0 = process.hrtime.bigint();
  for (const { positions, context } of loads) {
    let state = initialDeviceState(detectors);
    for (const p of positions) {
      const r = step(state, p, DEFAULT_REDUCER_SETTINGS, { context, detectors });
      state = r.state;
      for (const f of r.facts) if (counts(f)) facts++;
    }
    records += positions.length;
  }
  return { nsPerRecord: Number(process.hrtime.bigint() - t0) / records, facts };
}

export const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/**
 * The whole default chain against it without `left out`: µs per record of each (median of the
 * rounds after a warm-up) and the facts `counts` picks in one run of the whole chain.
 */
export function compareChains(
  loads: readonly Workload[],
  leftOut: DetectorChain,
  counts: (fact: DeviceFact) => boolean,
): { records: number; fullUs: number; baseUs: number; facts: number } {
  const without = DEFAULT_DETECTORS.filter((d) => !leftOut.includes(d));
  const full: number[] = [];
  const base: number[] = [];
  let facts = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const a = run(loads, DEFAULT_DETECTORS, counts);
    const b = run(loads, without, counts);
    if (round > 0) {
      full.push(a.nsPerRecord);
      base.push(b.nsPerRecord);
    }
    facts = a.facts;
  }
  return {
    records: loads.reduce((n, w) => n + w.positions.length, 0),
    fullUs: median(full) / 1000,
    baseUs: median(base) / 1000,
    facts,
  };
}

/** One detector's step alone over every record's sample, ns per record (median of the rounds). */
export function aloneNs(loads: readonly Workload[], detector: Detector<unknown>): number {
  const prepared = loads.map((w) => ({
    context: w.context,
    samples: w.positions.map((p) => toSample(p, [], DEFAULT_REDUCER_SETTINGS)),
  }));
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = process.hrtime.bigint();
    let n = 0;
    for (const { context, samples } of prepared) {
      let slice = detector.initial;
      let prev: (typeof samples)[number] | undefined;
      for (const sample of samples) {
        slice = detector.step(
          slice,
          { sample, prev, isGap: false },
          context,
          DEFAULT_REDUCER_SETTINGS,
        ).slice;
        prev = sample;
        n++;
      }
    }
    if (round > 0) times.push(Number(process.hrtime.bigint() - t0) / n);
  }
  return median(times);
}
