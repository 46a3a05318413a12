// Fuel and AdBlue detector cost per record (issue 14; goal ≤ 2 µs for both tanks together): the
// device reducer over simulated FMB640 records with the whole default chain and the tanks'
// capacities in the context, minus the same records through the chain without the fuel detector.
// Pure CPU, one process, no server. Also measured alone: the fuel detector's step by itself.
// Run: npx tsx bench/fuel-cost.ts   (TRUCKS, DAYS, ROUNDS to change the workload)
import { Truck, compileRoutes, describeVehicle, toAvlRecord } from '@rumbo/simulator';
import {
  DEFAULT_DETECTORS,
  DEFAULT_REDUCER_SETTINGS,
  IO_TABLES,
  SPEED_LEVELS_KMH,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  fuelDetector,
  initialDeviceState,
  mapAvlRecord,
  step,
  toSample,
  type DetectorChain,
  type Sample,
  type Position,
  type VehicleContext,
} from '@rumbo/telematics';

const TRUCKS = Number(process.env.TRUCKS ?? 20);
const DAYS = Number(process.env.DAYS ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const START_MS = Date.UTC(2025, 2, 3, 3, 0, 0);

interface Workload {
  positions: Position[];
  context: VehicleContext;
}

/** Simulated trucks' records as the server decodes them, with every alert rule switched on. */
function workloads(): Workload[] {
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
    out.push({
      positions,
      context: {
        fuelTanksL: [device.tankCapacityL],
        ureaTankL: device.ureaCapacityL,
        alerts: {
          speedLevelsKmh: SPEED_LEVELS_KMH,
          knownDriverCodes: Array.from(
            { length: 200 },
            (_, d) => `ARG00000${String(d).padStart(8, '0')}`,
          ),
          reefer: { setPointC: -18, toleranceC: 2, minC: -25, maxC: -12 },
        },
      },
    });
  }
  return out;
}

/** Nanoseconds per record of stepping every workload through `detectors`. */
function run(
  loads: readonly Workload[],
  detectors: DetectorChain,
): { nsPerRecord: number; facts: number } {
  let records = 0;
  let facts = 0;
  const t0 = process.hrtime.bigint();
  for (const { positions, context } of loads) {
    let state = initialDeviceState(detectors);
    for (const p of positions) {
      const r = step(state, p, DEFAULT_REDUCER_SETTINGS, { context, detectors });
      state = r.state;
      for (const f of r.facts)
        if (f.type === 'event' && ['CRG', 'DCS', 'AUR'].includes(f.code)) facts++;
    }
    records += positions.length;
  }
  return { nsPerRecord: Number(process.hrtime.bigint() - t0) / records, facts };
}

const loads = workloads();
const records = loads.reduce((n, w) => n + w.positions.length, 0);
const without = DEFAULT_DETECTORS.filter((d) => d !== fuelDetector);
const full: number[] = [];
const base: number[] = [];
let facts = 0;
for (let round = 0; round < ROUNDS; round++) {
  const a = run(loads, DEFAULT_DETECTORS);
  const b = run(loads, without);
  if (round > 0) {
    full.push(a.nsPerRecord);
    base.push(b.nsPerRecord);
  }
  facts = a.facts;
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const fullNs = median(full);
const baseNs = median(base);
console.log(
  `fuel and AdBlue: ${TRUCKS} trucks × ${DAYS} days = ${records} records, ${facts} CRG/DCS/AUR events\n` +
    `  whole chain            ${(fullNs / 1000).toFixed(2)} µs/record\n` +
    `  without fuel detector  ${(baseNs / 1000).toFixed(2)} µs/record\n` +
    `  fuel detector          ${((fullNs - baseNs) / 1000).toFixed(2)} µs/record (median of ${ROUNDS - 1} rounds after a warm-up)\n` +
    `  fuel detector alone    ${(aloneNs() / 1000).toFixed(2)} µs/record (its step only, samples prepared)`,
);

/** The fuel detector's step alone over every record's sample (median of the rounds). */
function aloneNs(): number {
  const prepared = loads.map((w) => ({
    context: w.context,
    samples: w.positions.map((p) => toSample(p, [], DEFAULT_REDUCER_SETTINGS)),
  }));
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = process.hrtime.bigint();
    let n = 0;
    for (const { context, samples } of prepared) {
      let slice = fuelDetector.initial;
      let prev: Sample | undefined;
      for (const sample of samples) {
        slice = fuelDetector.step(
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
