// Fuel and AdBlue detector cost per record (issue 14; goal ≤ 2 µs for both tanks together): the
// device reducer over simulated FMB640 records with the whole default chain and the tanks'
// capacities in the context, minus the same records through the chain without the fuel detector.
// Pure CPU, one process, no server. Also measured alone: the fuel detector's step by itself.
// Run: npx tsx bench/fuel-cost.ts   (TRUCKS, DAYS, ROUNDS to change the workload)
import { DEFAULT_REDUCER_SETTINGS, fuelDetector, toSample, type Sample } from '@rumbo/telematics';
import { DAYS, ROUNDS, TRUCKS, compareChains, median, workloads } from './detector-cost.js';

const loads = workloads({ tanks: true });
const r = compareChains(
  loads,
  [fuelDetector],
  (f) => f.type === 'event' && ['CRG', 'DCS', 'AUR'].includes(f.code),
);
console.log(
  `fuel and AdBlue: ${TRUCKS} trucks × ${DAYS} days = ${r.records} records, ${r.facts} CRG/DCS/AUR events\n` +
    `  whole chain            ${r.fullUs.toFixed(2)} µs/record\n` +
    `  without fuel detector  ${r.baseUs.toFixed(2)} µs/record\n` +
    `  fuel detector          ${(r.fullUs - r.baseUs).toFixed(2)} µs/record (median of ${ROUNDS - 1} rounds after a warm-up)\n` +
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
