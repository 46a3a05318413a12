// Do the demo's trucks move as their drivers' tachograph says (issue 26, decision 0048)? Simulates
// the demo fleet's last DAYS days as its history sends them (the trucks planned with their
// drivers' day, the drivers' activities from the trucks' legs: `demoTruckDuty`) and prints per
// Teltonika truck the share of moving records (> 5 km/h) whose driving slot is not `drive`, and
// the share of `drive` time spent standing still for more than 10 minutes.
// Goal (issue 26 item 5): both < 1 % for every truck.
// Run: npx tsx bench/demo-duty-motion.ts   (DEMO_VEHICLES 50, DAYS 7, HISTORY_DAYS 14)
import {
  createFleet,
  dutyMotionAgreement,
  type SimRecord,
} from '../packages/simulator/src/index.js';
import { demoDutyFleet, demoTruckDuty } from '../apps/server/src/demo/demo-duty.js';

const DAY_MS = 86_400_000;
const SEED = 'rumbo-demo';
const vehicles = Number(process.env.DEMO_VEHICLES ?? 50);
const days = Number(process.env.DAYS ?? 7);
const historyDays = Number(process.env.HISTORY_DAYS ?? 14);
const nowMs = Math.floor(Date.parse(process.env.NOW ?? '2026-11-28T01:07:00Z') / 1000) * 1000;
const startMs = nowMs - historyDays * DAY_MS;

const fleet = createFleet({
  vehicles,
  seed: SEED,
  startMs,
  tachograph: demoDutyFleet(SEED, vehicles, startMs, nowMs),
  duty: demoTruckDuty(SEED, vehicles, startMs, nowMs),
});
const pct = (part: number, whole: number): string =>
  whole > 0 ? `${((100 * part) / whole).toFixed(2)} %` : '—';

const t0 = performance.now();
const rows: string[][] = [
  ['truck', 'records', 'moving', 'moving, not drive', 'drive h', 'drive standing > 10 min'],
];
let worstMoving = 0;
let worstStanding = 0;
for (const device of fleet.devices) {
  if (device.protocol !== 'teltonika') continue;
  const records: SimRecord[] = [];
  for (const chunk of fleet.history(device.index, { fromMs: nowMs - days * DAY_MS, toMs: nowMs })) {
    for (const r of chunk.records) records.push(r);
  }
  const a = dutyMotionAgreement(records);
  worstMoving = Math.max(worstMoving, a.movingNotDrive / Math.max(1, a.movingRecords));
  worstStanding = Math.max(worstStanding, a.driveStandingMs / Math.max(1, a.driveMs));
  rows.push([
    String(device.index),
    String(a.records),
    String(a.movingRecords),
    pct(a.movingNotDrive, a.movingRecords),
    (a.driveMs / 3_600_000).toFixed(1),
    pct(a.driveStandingMs, a.driveMs),
  ]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((cell, c) => cell.padStart(widths[c]!)).join('  '));
console.log(
  `worst truck: moving while not drive ${(100 * worstMoving).toFixed(2)} %, drive standing > 10 min ${(100 * worstStanding).toFixed(2)} % (goal < 1 % each); ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
