// Alert-rule evaluation cost per record (issue 11; goal ≤ 2 µs for the alert detectors): the
// device reducer over simulated FMB640 records with the whole default chain, minus the same
// records through the chain without the alert detectors. Pure CPU, one process, no server.
// Run: npx tsx bench/alert-rules.ts   (TRUCKS, DAYS, ROUNDS to change the workload)
import { ALERT_DETECTORS } from '@rumbo/telematics';
import { DAYS, ROUNDS, TRUCKS, compareChains, workloads } from './detector-cost.js';

const r = compareChains(workloads(), ALERT_DETECTORS, (f) => f.type === 'event');
console.log(
  `alert rules: ${TRUCKS} trucks × ${DAYS} days = ${r.records} records, every rule on (11 speed levels, 200 known drivers, reefer), ${r.facts} events\n` +
    `  whole chain     ${r.fullUs.toFixed(2)} µs/record\n` +
    `  without alerts  ${r.baseUs.toFixed(2)} µs/record\n` +
    `  alert detectors ${(r.fullUs - r.baseUs).toFixed(2)} µs/record (median of ${ROUNDS - 1} rounds after a warm-up)`,
);
