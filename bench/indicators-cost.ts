// Driving-indicator cost per record (issue 13; goal ≤ 2 µs for all indicators): the device
// reducer over simulated FMB640 records with the whole default chain, minus the same records
// through the chain without the indicators detector. Pure CPU, one process, no server.
// Run: npx tsx bench/indicators-cost.ts   (TRUCKS, DAYS, ROUNDS to change the workload)
import { indicatorsDetector } from '@rumbo/telematics';
import { DAYS, ROUNDS, TRUCKS, compareChains, workloads } from './detector-cost.js';

const r = compareChains(workloads(), [indicatorsDetector], (f) => f.type === 'indicators');
console.log(
  `driving indicators: ${TRUCKS} trucks × ${DAYS} days = ${r.records} records, ${r.facts} indicator facts\n` +
    `  whole chain            ${r.fullUs.toFixed(2)} µs/record\n` +
    `  without indicators     ${r.baseUs.toFixed(2)} µs/record\n` +
    `  indicators detector    ${(r.fullUs - r.baseUs).toFixed(2)} µs/record (median of ${ROUNDS - 1} rounds after a warm-up)`,
);
