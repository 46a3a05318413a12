import type { Position } from '@rumbo/telematics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTruck } from './api.js';
import { testApp, testBackends } from './harness.js';

const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);

function records(deviceId: string, startMs: number, count: number, extra: Partial<Position> = {}) {
  return Array.from({ length: count }, (_, i): Position => ({
    deviceId,
    fixTimeMs: startMs + i * 10_000,
    lat: 40.4,
    lng: -3.7 + i * 0.001,
    speedKmh: 50,
    ignition: true,
    odometerM: 100_000 + i * 140,
    attributes: {},
    ...extra,
  }));
}

for (const backend of testBackends()) {
  describe(`pipeline: one device's bad record never holds back another (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    const good = '359000000000901';
    const bad = '359000000000902';

    beforeAll(async () => {
      // A long flush interval, waited even when nothing commits: both devices' records land in
      // the same batch.
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 200, flushWhenIdle: false } });
      await addTruck(ctx.database.db, good, 'ISO001', { tenant: 'Transportes Norte' });
      await addTruck(ctx.database.db, bad, 'ISO002', {
        tenant: 'Transportes Sur',
        protocol: 'osmand',
      });
    });
    afterAll(() => ctx.close());

    const device = async (id: string) =>
      (await ctx.app.services.registry.resolve(id, 'teltonika'))!;
    const stored = async (id: string) => {
      const d = await device(id);
      const row = await ctx.database.db
        .selectFrom('positions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('device_id', '=', d.id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };

    it('stores a lone surrogate and a NUL as storable text instead of failing the batch', async () => {
      const [okResult, oddResult] = await Promise.all([
        ctx.app.services.pipeline!.submit(await device(good), records(good, T0, 5)),
        ctx.app.services.pipeline!.submit(
          await device(bad),
          records(bad, T0, 3, {
            driverCode: 'x\ud800y',
            attributes: { note: 'a\udc00b\u0000c', ['k\ud800']: 1 },
          }),
        ),
      ]);
      expect(okResult).toEqual({ accepted: 5, rejected: 0 });
      expect(oddResult).toEqual({ accepted: 3, rejected: 0 });
      const d = await device(bad);
      const row = await ctx.database.db
        .selectFrom('positions')
        .select(['driver_code', 'attributes'])
        .where('device_id', '=', d.id)
        .executeTakeFirstOrThrow();
      expect(row.driver_code).toBe('x\ufffdy');
      expect(row.attributes).toMatchObject({ note: 'a\ufffdbc', 'k\ufffd': 1 });
    });

    it('refuses only the record the database refuses; the other device is acknowledged in full', async () => {
      const goodBefore = await stored(good);
      const badBefore = await stored(bad);
      const poisoned = records(bad, T0 + 3_600_000, 4);
      // An odometer beyond PostgreSQL's bigint: the database refuses this one record.
      poisoned[2] = { ...poisoned[2]!, odometerM: 1e30 };
      const isolatedBefore = ctx.app.services.pipeline!.stats.isolatedBatches;
      const [okResult, badResult] = await Promise.all([
        ctx.app.services.pipeline!.submit(await device(good), records(good, T0 + 3_600_000, 10)),
        ctx.app.services.pipeline!.submit(await device(bad), poisoned),
      ]);
      expect(ctx.app.services.pipeline!.stats.isolatedBatches).toBe(isolatedBefore + 1);
      expect(okResult).toEqual({ accepted: 10, rejected: 0 });
      expect(badResult).toEqual({ accepted: 3, rejected: 1 });
      expect(await stored(good)).toBe(goodBefore + 10);
      expect(await stored(bad)).toBe(badBefore + 3);
    });
  });
}
