// Accuracy of driver activities and driving-time infringements (issue 26, "done when") over a
// simulated month of 50 drivers in harsh settings (driving-times-accuracy-fixture.ts): each
// truck's FMB640 records (IO 184/185/187/195–198) decoded by the server's Teltonika decoder,
// stepped through the whole detector chain, the driver-activity facts stored by the capability's
// sink; then the stored activities per card (across trucks) against the simulator's truth, and the
// rule engine's infringements on the stored activities against the engine's on the truth (the
// truth's infringements are the engine's verdict on the simulator's intended schedule).
// Goals: activity-time error ≤ 1 % per day; infringement precision and recall ≥ 98 % per rule.
// ACCURACY_DRIVERS / ACCURACY_DAYS to change the month.
import {
  initialDeviceState,
  step,
  type DeviceState,
  type DriverActivityKind,
  type DrivingRule,
} from '@rumbo/telematics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CAPABILITIES, sinksOf } from '../src/capabilities/index.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { addDeviceWithVehicle } from '../src/modules/fleet/fleet-cli.js';
import { SinkSet } from '../src/pipeline/sinks/sink.js';
import {
  DAY_MS,
  accuracyMonth,
  imeiOf,
  infringementsOf,
  mismatchPerDay,
  scoreInfringements,
  timeline,
  type AccuracyMonth,
  type RuleScore,
  type StoredActivity,
} from './driving-times-accuracy-fixture.js';
import { freshDatabase, testBackends } from './harness.js';

const DRIVERS = Number(process.env['ACCURACY_DRIVERS'] ?? 50);
const DAYS = Number(process.env['ACCURACY_DAYS'] ?? 30);
const TENANT = 'Transportes Precisos';
const KINDS: DriverActivityKind[] = ['drive', 'work', 'available', 'rest', 'unknown'];
const pct = (a: number, b: number): number => (b === 0 ? 100 : (a / b) * 100);
const h = (ms: number): string => (ms / 3_600_000).toFixed(1);

let month: AccuracyMonth;
beforeAll(() => {
  const t0 = performance.now();
  month = accuracyMonth(DRIVERS, DAYS);
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`simulated ${DRIVERS} drivers × ${DAYS} days: ${month.records} records, ${s} s`);
}, 300_000);

/** Steps every truck's positions through the chain and stores the activity facts through the sink. */
async function ingest(db: DatabaseHandle['db'], vehicleIds: number[], tenantId: number) {
  const sinks = new SinkSet(
    sinksOf(SERVER_CAPABILITIES).filter((s) => s.kinds.includes('driver-activity')),
  );
  let stepMs = 0;
  let writeMs = 0;
  for (let t = 0; t < month.positions.length; t++) {
    const rows = sinks.empty();
    let state: DeviceState = initialDeviceState();
    const t0 = performance.now();
    for (const p of month.positions[t]!) {
      const r = step(state, p);
      state = r.state;
      for (const f of r.facts) sinks.collect(rows, { vehicleId: vehicleIds[t]!, tenantId }, f);
    }
    const t1 = performance.now();
    await db.transaction().execute((trx) => sinks.write(trx, [rows]));
    stepMs += t1 - t0;
    writeMs += performance.now() - t1;
  }
  return { stepS: stepMs / 1000, writeS: writeMs / 1000 };
}

for (const backend of testBackends()) {
  describe(`driving times against the simulator's truth (${backend})`, () => {
    let database: DatabaseHandle;
    let stored: Map<string, StoredActivity[]>;
    let ingestS = 0;
    let ingestParts = '';

    beforeAll(async () => {
      database = await freshDatabase(backend);
      const vehicleIds: number[] = [];
      for (const truck of month.fleet.trucks) {
        const { vehicleId } = await addDeviceWithVehicle(database.db, {
          imei: imeiOf(truck.index),
          plate: `DT${String(truck.index).padStart(3, '0')}`,
          model: 'FMC650',
          protocol: 'teltonika',
          tenant: TENANT,
        });
        vehicleIds.push(vehicleId);
      }
      const { tenant_id: tenantId } = await database.db
        .selectFrom('vehicles')
        .select('tenant_id')
        .where('id', '=', vehicleIds[0]!)
        .executeTakeFirstOrThrow();
      const t0 = performance.now();
      const times = await ingest(database.db, vehicleIds, tenantId);
      ingestS = (performance.now() - t0) / 1000;
      ingestParts = `chain ${times.stepS.toFixed(1)} s, sink ${times.writeS.toFixed(1)} s`;
      const rows = await database.db
        .selectFrom('driver_activities')
        .select(['card', 'kind', 'start_time', 'end_time'])
        .where('tenant_id', '=', tenantId)
        .execute();
      stored = new Map();
      for (const r of rows) {
        const list = stored.get(r.card) ?? [];
        list.push({
          card: r.card,
          kind: r.kind,
          startMs: new Date(r.start_time).getTime(),
          endMs: r.end_time === null ? null : new Date(r.end_time).getTime(),
        });
        stored.set(r.card, list);
      }
      // The sink writes an interval per statement pair: minutes on a loaded machine (see 0048).
    }, 900_000);
    afterAll(() => database?.close());

    it('stores each card’s activities within 1 % of the truth per day', () => {
      const { startMs, endMs } = month;
      const mismatch = new Array<number>(DAYS).fill(0);
      const worst = new Array<number>(DAYS).fill(0);
      const truthByDay = Array.from({ length: DAYS }, () => new Map<DriverActivityKind, number>());
      for (const [card, truth] of month.truth) {
        const t = timeline(truth, startMs, endMs);
        const s = timeline(stored.get(card) ?? [], startMs, endMs);
        mismatchPerDay(t, s, startMs, DAYS).forEach((ms, d) => {
          mismatch[d]! += ms;
          worst[d] = Math.max(worst[d]!, ms);
        });
        for (const a of t) {
          const d = Math.floor((a.startMs - startMs) / DAY_MS);
          const m = truthByDay[d]!;
          m.set(a.kind, (m.get(a.kind) ?? 0) + a.endMs - a.startMs);
        }
      }
      const cardDayMs = month.truth.size * DAY_MS;
      const table = mismatch.map((ms, d) => ({
        day: new Date(startMs + d * DAY_MS).toISOString().slice(0, 10),
        ...Object.fromEntries(KINDS.map((k) => [`${k} h`, h(truthByDay[d]!.get(k) ?? 0)])),
        'error %': pct(ms, cardDayMs).toFixed(3),
        'worst card %': pct(worst[d]!, DAY_MS).toFixed(2),
      }));
      console.log(
        `activity-time error per day (${backend}; ingest ${ingestS.toFixed(1)} s: ${ingestParts}; error: time a card's stored activity differs from the truth / 24 h × cards)`,
      );
      console.table(table);
      for (const [d, ms] of mismatch.entries()) {
        expect(pct(ms, cardDayMs), `day ${table[d]!.day}`).toBeLessThanOrEqual(1);
      }
    });

    it('finds the truth’s infringements, per rule, with precision and recall ≥ 98 %', () => {
      const { startMs, endMs } = month;
      const scores = new Map<DrivingRule, RuleScore>();
      for (const [card, truth] of month.truth) {
        const t = infringementsOf(timeline(truth, startMs, endMs), startMs, endMs);
        const s = timeline(stored.get(card) ?? [], startMs, endMs);
        scoreInfringements(t, infringementsOf(s, startMs, endMs), scores);
      }
      const rows = [...scores].map(([rule, s]) => ({
        rule,
        truth: s.truth,
        detected: s.detected,
        'precision %': pct(s.matched, s.detected).toFixed(1),
        'recall %': pct(s.found, s.truth).toFixed(1),
      }));
      console.log(`infringements against the truth (${backend})`);
      console.table(rows);
      expect([...scores.values()].reduce((n, s) => n + s.truth, 0)).toBeGreaterThan(20);
      for (const [rule, s] of scores) {
        expect(pct(s.matched, s.detected), `${rule} precision`).toBeGreaterThanOrEqual(98);
        expect(pct(s.found, s.truth), `${rule} recall`).toBeGreaterThanOrEqual(98);
      }
    });
  });
}
