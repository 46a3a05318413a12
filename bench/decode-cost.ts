// Teltonika decode cost per record (issue 9: the ingest hot path): a Codec 8E frame of simulated
// FMB640 records (the IO a truck sends) decoded and mapped to positions, as the server does per
// packet. Prints ns per record and the collections meanwhile. Pure CPU, one process, no server.
// Timings move with the machine's load; instructions do not:
//   ROUNDS=1 and ROUNDS=4 under `valgrind --tool=callgrind`, the difference over 33,750 records.
// Run: node --import tsx bench/decode-cost.ts   (ROUNDS: timed passes over the frames, 20)
import { PerformanceObserver } from 'node:perf_hooks';
import { Truck, compileRoutes, describeVehicle, toAvlRecord } from '@rumbo/simulator';
import {
  IO_TABLES,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  mapAvlRecord,
  type Position,
} from '@rumbo/telematics';

const START_MS = Date.UTC(2025, 2, 3, 3, 0, 0);

/** 10-record frames of a few simulated trucks' day (moving and parked records alike). */
function frames(): Buffer[] {
  const routes = new Map(compileRoutes().map((r) => [r.id, r]));
  const out: Buffer[] = [];
  for (let i = 0; i < 4; i++) {
    const device = describeVehicle(i, { seed: 'bench' });
    const truck = new Truck(
      { ...device, route: routes.get(device.routeId)! },
      { seed: `bench/${i}`, startMs: START_MS },
    );
    const records = truck.advanceTo(START_MS + 86_400_000);
    for (let k = 0; k + 10 <= records.length; k += 10)
      out.push(encodeCodec8eFrame(records.slice(k, k + 10).map(toAvlRecord)));
  }
  return out;
}

function decodeAll(list: readonly Buffer[], sink: Position[]): number {
  let n = 0;
  for (const frame of list) {
    const message = decodeTeltonikaTcp(frame);
    if (message.kind !== 'avl') throw new Error(message.kind);
    for (const raw of message.records) {
      sink[n % sink.length] = mapAvlRecord(raw, IO_TABLES.fmb640, '356307042441013');
      n += 1;
    }
  }
  return n;
}

const list = frames();
const sink: Position[] = new Array<Position>(64);
let gcs = 0;
const observer = new PerformanceObserver((entries) => (gcs += entries.getEntries().length));
// Warm up, then time whole passes.
for (let w = 0; w < 5; w++) decodeAll(list, sink);
observer.observe({ entryTypes: ['gc'] });
let records = 0;
const t0 = process.hrtime.bigint();
for (let round = 0; round < Number(process.env.ROUNDS ?? 20); round++)
  records += decodeAll(list, sink);
const ns = Number(process.hrtime.bigint() - t0) / records;
await new Promise((resolve) => setTimeout(resolve, 10)); // the collections are reported
observer.disconnect();

console.log(
  `decode + map (FMB640, 10-record Codec 8E frames, ${list.length} frames): ${ns.toFixed(0)} ns/record, ` +
    `${gcs} collections`,
);
