// Fuel and AdBlue detector cost per record (issue 14; goal ≤ 2 µs for both tanks together): the
// device reducer over simulated FMB640 records with the whole default chain and the tanks'
// capacities in the context, minus the same records through the chain without the fuel detector.
// Pure CPU, one process, no server. Also measured alone: the fuel detector's step by itself.
// Run: npx tsx bench/fuel-cost.ts   (TRUCKS, DAYS, ROUNDS to change the workload)
import { fuelDetector } from '@rumbo/telematics';
import { DAYS, ROUNDS, TRUCKS, aloneNs, compareChains, workloads } from './detector-cost.js';

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
    `  fuel detector alone    ${(aloneNs(loads, fuelDetector) / 1000).toFixed(2)} µs/record (its step only, samples prepared)`,
);
