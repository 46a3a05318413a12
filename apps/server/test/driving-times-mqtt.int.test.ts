import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import { addTruck, positionCount } from './api.js';
import { testApp, testBackends } from './harness.js';
import { openTestIngest } from './ingest-helpers.js';

// The tachograph's slots over MQTT JSON (issue 26, decision 0054): a gateway publishes its records
// through the real broker with both drivers' working states by name and their cards; the driver
// activities are stored per card as from a Teltonika device. A record with a state that is not one
// of the four is refused, message and all, and stores nothing.

const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const MIN = 60_000;
const CARD1 = 'E26000000000MQ01';
const CARD2 = 'E26000000000MQ02';

for (const backend of testBackends()) {
  describe(`driving times over MQTT JSON (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    const id = `gw-dt-${backend}-${process.pid}`;

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5 } });
      await addTruck(ctx.database.db, id, 'MQ026AA', { protocol: 'mqtt' });
      await loadLiveFleet(ctx.database.db, ctx.app.services.live, Date.now());
      ingest = await openTestIngest(ctx, { mqttUrl: MQTT_URL });
    }, 180_000);
    afterAll(async () => {
      await ingest?.close();
      await ctx?.close();
    });

    it('stores both drivers’ activities from the working states and cards', async () => {
      const t0 = Math.floor((Date.now() - 3 * 60 * MIN) / MIN) * MIN;
      // 10 min of loading work (the co-driver available), then 20 min of driving, a minute apart.
      const records = Array.from({ length: 31 }, (_, i) => ({
        fixTimeMs: t0 + i * MIN,
        lat: -32.9,
        lng: -60.6 + (i > 10 ? i * 1e-3 : 0),
        speedKmh: i > 10 ? 80 : 0,
        ignition: true,
        driverCode: CARD1,
        driver1WorkingState: i < 10 ? 'work' : 'drive',
        driver2Code: CARD2,
        driver2WorkingState: 'available',
      }));
      const gateway = await mqtt.connectAsync(MQTT_URL, {
        clientId: `test-gateway-dt-${process.pid}-${backend}`,
      });
      // Refused whole: one record's state is not a tachograph activity.
      await gateway.publishAsync(
        `rumbo/${id}/telemetry`,
        JSON.stringify([{ ...records[0], driver1WorkingState: 'sleep' }]),
        { qos: 1 },
      );
      await gateway.publishAsync(`rumbo/${id}/telemetry`, JSON.stringify(records), { qos: 1 });
      await gateway.endAsync();

      const activities = () =>
        ctx.database.db
          .selectFrom('driver_activities')
          .select(['card', 'slot', 'kind', 'start_time', 'end_time'])
          .orderBy('card')
          .orderBy('start_time')
          .execute();
      await expect
        .poll(async () => (await activities()).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(3);
      const rows = (await activities()).map((r) => ({
        card: r.card,
        slot: r.slot,
        kind: r.kind,
        from: (new Date(r.start_time).getTime() - t0) / MIN,
        to: r.end_time === null ? null : (new Date(r.end_time).getTime() - t0) / MIN,
      }));
      expect(rows).toEqual([
        { card: CARD1, slot: 1, kind: 'work', from: 0, to: 10 },
        { card: CARD1, slot: 1, kind: 'drive', from: 10, to: null },
        { card: CARD2, slot: 2, kind: 'available', from: 0, to: null },
      ]);
      // The refused record stored no position either: the first minute is there once.
      expect(await positionCount(ctx.database.db, id)).toBe(31);
    });
  });
}
