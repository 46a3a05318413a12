// Accuracy of fault episodes (issue 15, docs/decisions/0026) against the simulator's ground truth:
// trucks whose ECUs raise common SPN/FMI pairs for half an hour to two days (over nights and
// ignition cycles) and one truck losing oil pressure (red stop lamp) now and then; their FMB640
// DM1 reports (IO 10493, only with the ignition on) through the server's decoder into the reducer
// with the whole chain. A truth fault counts when the device could see it (ignition on while it
// was active); an episode matches a truth fault of the same code whose span it overlaps. Goals:
// precision and recall ≥ 98 %, one FCR per red-stop fault. FAULT_TRUCKS / FAULT_DAYS to widen.

import { initialDeviceState, step, type FaultFact, type Position } from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { throughTeltonika } from './test-support/alert-accuracy.js';
import { MONDAY_MS, makeTruck } from './test-support/trucks.js';
import { faultTruth, LAMP } from './truck-faults.js';

const TRUCKS = Number(process.env['FAULT_TRUCKS'] ?? 12);
const DAYS = Number(process.env['FAULT_DAYS'] ?? 14);

interface Episode {
  code: string;
  startMs: number;
  endMs: number;
  severity: string;
}

/** Final episodes (open ones end at the last record) and the FCR start times. */
function detect(positions: readonly Position[]): { episodes: Episode[]; fcr: number[] } {
  let state = initialDeviceState();
  const byKey = new Map<string, FaultFact>();
  const fcr: number[] = [];
  for (const p of positions) {
    const r = step(state, p);
    state = r.state;
    for (const f of r.facts) {
      if (f.type === 'fault') byKey.set(`${f.code}|${f.start.timeMs}`, f);
      if (f.type === 'event' && f.code === 'FCR') fcr.push(f.startTimeMs);
    }
  }
  const lastMs = positions.at(-1)?.fixTimeMs ?? 0;
  const episodes = [...byKey.values()].map((f) => ({
    code: f.code,
    startMs: f.start.timeMs,
    endMs: f.end?.timeMs ?? lastMs,
    severity: f.severity,
  }));
  return { episodes, fcr };
}

const pct = (a: number, b: number) => (b === 0 ? 100 : (a / b) * 100);

describe(`fault episodes against ground truth (${TRUCKS} trucks × ${DAYS} days)`, () => {
  it(
    'finds each fault the device could see once, with its code and severity',
    { timeout: 600_000 },
    () => {
      let truths = 0;
      let unseen = 0;
      let found = 0;
      let detections = 0;
      let matched = 0;
      let severityOk = 0;
      let redStops = 0;
      let fcrs = 0;
      const startDelaysMin: number[] = [];
      const endDelaysMin: number[] = [];
      const endMs = MONDAY_MS + DAYS * 86_400_000;
      for (let i = 0; i < TRUCKS; i++) {
        const truck = makeTruck(i);
        const records = truck.advanceTo(endMs);
        const positions = throughTeltonika(records, truck.identity.imei);
        const onTimes = records.filter((r) => r.ignition).map((r) => r.fixTimeMs);
        const lastMs = records.at(-1)!.fixTimeMs;
        const { episodes, fcr } = detect(positions);
        detections += episodes.length;
        fcrs += fcr.length;
        const used = new Set<Episode>();
        for (const t of faultTruth(truck.identity.imei, MONDAY_MS, lastMs)) {
          const seen = onTimes.some((ms) => ms >= t.startMs && ms < t.endMs);
          if (!seen) {
            unseen++;
            continue;
          }
          truths++;
          if (t.lamps & LAMP.redStop) redStops++;
          const e = episodes.find(
            (x) => !used.has(x) && x.code === t.code && x.startMs < t.endMs && x.endMs >= t.startMs,
          );
          if (!e) continue;
          used.add(e);
          found++;
          startDelaysMin.push((e.startMs - t.startMs) / 60_000);
          if (t.endMs < lastMs) endDelaysMin.push((e.endMs - t.endMs) / 60_000);
          if (t.lamps & LAMP.redStop && e.severity === 'critical') severityOk++;
        }
        matched += [...used].length;
      }
      const median = (xs: number[]) =>
        [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      const recall = pct(found, truths);
      const precision = pct(matched, detections);
      console.log(
        [
          `fault episodes, ${TRUCKS} trucks × ${DAYS} days`,
          `  truth faults seen by the device ${truths} (${unseen} never seen: active only while parked)`,
          `  episodes ${detections}, matched ${matched}`,
          `  recall ${recall.toFixed(1)} %   precision ${precision.toFixed(1)} %`,
          `  red-stop faults ${redStops}, FCR raised ${fcrs}; read critical ${severityOk}`,
          `  median delay: open ${median(startDelaysMin).toFixed(1)} min, close ${median(endDelaysMin).toFixed(1)} min`,
        ].join('\n'),
      );
      expect(truths).toBeGreaterThan(10);
      expect(recall).toBeGreaterThanOrEqual(98);
      expect(precision).toBeGreaterThanOrEqual(98);
      expect(fcrs).toBe(redStops);
      expect(severityOk).toBe(redStops);
    },
  );
});
