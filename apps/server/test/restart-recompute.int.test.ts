// Issue 16: after a restart, devices resend what was not acknowledged and old buffers arrive late.
// Health must answer and other devices be acknowledged within moments, whatever is recomputed.
import type { Position } from '@rumbo/telematics';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { composeApp } from '../src/main/compose.js';
import { seed } from '../src/modules/seed/seed.service.js';
import { addTruck } from './api.js';
import { freshDatabase, testBackends, testConfig } from './harness.js';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 9, 1, 0, 0, 0);

/** A fortnight of a truck: 8 h of driving a day, a record every 20 s while driving, hourly at night. */
function fortnight(deviceId: string): Position[] {
  const out: Position[] = [];
  let odometerM = 100_000_000;
  for (let day = 0; day < 14; day++) {
    const dayStart = START + day * DAY_MS;
    for (let t = dayStart; t < dayStart + DAY_MS;) {
      const hour = (t - dayStart) / 3_600_000;
      const driving = hour >= 6 && hour < 14 && Math.floor(hour) !== 10;
      const step = driving ? 20_000 : 3_600_000;
      if (driving) odometerM += 20 * 22;
      out.push({
        deviceId,
        fixTimeMs: t,
        lat: 40 + day * 0.01,
        lng: -3.7 + (odometerM - 100_000_000) / 9e7,
        speedKmh: driving ? 80 : 0,
        ignition: driving,
        satellites: 10,
        odometerM,
        attributes: {},
      });
      t += step;
    }
  }
  return out;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

for (const backend of testBackends()) {
  describe(`a restart with a long history (${backend})`, () => {
    let database: DatabaseHandle;
    const config = testConfig();
    const history = '359100000000001';
    const other = '359100000000002';
    let records: Position[] = [];

    beforeAll(async () => {
      database = await freshDatabase(backend);
      await seed(database.db, { adminPassword: 'admin-password', demo: true });
      for (const imei of [history, other]) await addTruck(database.db, imei, `RS${imei.slice(-3)}`);
      // The first life: a fortnight stored in order.
      const app = await composeApp({ config, database, pipeline: { flushIntervalMs: 5 } });
      const device = (await app.services.registry.resolve(history, 'teltonika'))!;
      records = fortnight(history);
      for (let i = 0; i < records.length; i += 500)
        await app.services.pipeline!.submit(device, records.slice(i, i + 500));
      await app.close();
    }, 120_000);
    afterAll(async () => {
      await database.close();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    });

    it('answers health and acknowledges devices at once; a resend recomputes nothing, a late fortnight is recomputed in pages', async () => {
      const app = await composeApp({
        config,
        database,
        pipeline: { flushIntervalMs: 5, recomputeDebounceMs: 10 },
      });
      const { registry } = app.services;
      const pipeline = app.services.pipeline!;
      const recomputer = app.services.recomputer!;
      const device = (await registry.resolve(history, 'teltonika'))!;
      const otherDevice = (await registry.resolve(other, 'teltonika'))!;

      // The device resends its last 2,000 records (their acknowledgements were lost).
      const resent = await timed(() => pipeline.submit(device, records.slice(-2000)));
      expect(resent.value.accepted).toBe(2000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await recomputer.idle();
      expect(recomputer.stats.done).toBe(0);

      // A buffer from another device of the same vehicle's fortnight arrives late: delete a
      // spread of stored records and send them again, oldest first — a 14-day window to replay.
      const late = records.filter((_, i) => i % 7 === 3);
      await database.db
        .deleteFrom('positions')
        .where('device_id', '=', device.id)
        .where(
          'fix_time',
          'in',
          late.map((p) => new Date(p.fixTimeMs)),
        )
        .execute();
      const lateResult = await pipeline.submit(device, late);
      expect(lateResult.accepted).toBe(late.length);

      // While that window is recomputed, health and another device stay prompt.
      const healthMs: number[] = [];
      const ackMs: number[] = [];
      let t = Date.now();
      const probe = (async () => {
        for (let i = 0; i < 40 && recomputer.stats.done === 0; i++) {
          healthMs.push((await timed(() => app.inject({ method: 'GET', url: '/api/health' }))).ms);
          t += 10_000;
          ackMs.push(
            (
              await timed(() =>
                pipeline.submit(otherDevice, [
                  {
                    deviceId: other,
                    fixTimeMs: t,
                    lat: 41,
                    lng: 2,
                    speedKmh: 30,
                    ignition: true,
                    attributes: {},
                  },
                ]),
              )
            ).ms,
          );
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      })();
      const recomputed = await timed(() => recomputer.idle());
      await probe;
      expect(recomputer.stats.done).toBe(1);
      expect(recomputer.stats.failed).toBe(0);
      const worst = (list: number[]) => Math.max(0, ...list);
      console.log(
        `restart (${backend}): resend of 2,000 records acknowledged in ${resent.ms.toFixed(0)} ms, ` +
          `no recompute; ${late.length} late records over 14 days recomputed in ${recomputed.ms.toFixed(0)} ms; ` +
          `meanwhile health worst ${worst(healthMs).toFixed(0)} ms and another device's ack worst ` +
          `${worst(ackMs).toFixed(0)} ms over ${healthMs.length} probes`,
      );
      expect(worst(healthMs)).toBeLessThan(1000);
      expect(worst(ackMs)).toBeLessThan(2000);
      const trips = await database.db
        .selectFrom('trips')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('vehicle_id', '=', device.vehicleId!)
        .executeTakeFirstOrThrow();
      expect(Number(trips.n)).toBeGreaterThanOrEqual(14);
      await app.close();
    }, 120_000);
  });
}
