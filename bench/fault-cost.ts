// Fault-episode detector cost per record (issue 15): the device reducer over simulated FMB640
// records (DM1 reports in IO 10493 on change and every 5 min with the ignition on) with the whole
// default chain, minus the same records through the chain without the fault detector. Pure CPU,
// one process, no server. Also measured alone: the fault detector's step by itself.
// Run: npx tsx bench/fault-cost.ts   (TRUCKS, DAYS, ROUNDS to change the workload)
import { DEFAULT_REDUCER_SETTINGS, faultDetector, toSample, type Sample } from '@rumbo/telematics';
import { DAYS, ROUNDS, TRUCKS, compareChains, median, workloads } from './detector-cost.js';

const loads = workloads();
const r = compareChains(loads, [faultDetector], (f) => f.type === 'fault');
const reports = loads.reduce((n, w) => n + w.positions.filter((p) => p.dtcs).length, 0);
console.log(
  `fault episodes: ${TRUCKS} trucks × ${DAYS} days = ${r.records} records (${reports} DM1 reports), ${r.facts} fault facts\n` +
    `  whole chain             ${r.fullUs.toFixed(2)} µs/record\n` +
    `  without fault detector  ${r.baseUs.toFixed(2)} µs/record\n` +
    `  fault detector          ${(r.fullUs - r.baseUs).toFixed(2)} µs/record (median of ${ROUNDS - 1} rounds after a warm-up)\n` +
    `  fault detector alone    ${(aloneNs() / 1000).toFixed(3)} µs/record (its step only, samples prepared)`,
);

/** The fault detector's step alone over every record's sample (median of the rounds). */
function aloneNs(): number {
  const prepared = loads.map((w) =>
    w.positions.map((p) => toSample(p, [], DEFAULT_REDUCER_SETTINGS)),
  );
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = process.hrtime.bigint();
    let n = 0;
    for (const samples of prepared) {
      let slice = faultDetector.initial;
      let prev: Sample | undefined;
      for (const sample of samples) {
        slice = faultDetector.step(
          slice,
          { sample, prev, isGap: false },
          {},
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
