// The composition root (src/main/, decision 0037): each role a unit of its own; nodes that share a
// bus hear each other's changes at once. Two nodes on one memory bus and one database stand for a
// cluster (an API node, a pipeline node); the NATS form of the same messages is checked against
// the NATS server when one runs (NATS_URL, default nats://127.0.0.1:4222).
import { rmSync } from 'node:fs';
import { connect as natsConnect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedTripSaveInput } from '@rumbo/contracts';
import type { Bus } from '../src/bus/bus.js';
import { memoryBus } from '../src/bus/memory-bus.js';
import { natsBus, natsNames } from '../src/bus/nats-bus.js';
import type { DatabaseHandle } from '../src/db/database.js';
import type { IngestDevice } from '../src/lib/ingest-device.js';
import { composeApp } from '../src/main/compose.js';
import { ALERTS_GROUP } from '../src/main/roles/pipeline.role.js';
import { seed } from '../src/modules/seed/seed.service.js';
import { addTruck } from './api.js';
import {
  freshDatabase,
  natsReachable,
  signInHeaders,
  testBackends,
  testConfig,
} from './harness.js';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const natsUp = await natsReachable(natsUrl);

const HOUR = 3_600_000;

function plan(vehicleId: number): PlannedTripSaveInput {
  const start = Date.now() + HOUR;
  return {
    vehicleId,
    name: 'Depósito → Luján',
    stops: [
      { name: 'Depósito', lat: -34.6, lng: -58.5, plannedAt: new Date(start).toISOString() },
      { name: 'Luján', lat: -34.6, lng: -59.1, plannedAt: new Date(start + HOUR).toISOString() },
    ],
  };
}

for (const backend of testBackends()) {
  describe(`roles on two nodes sharing a bus (${backend})`, () => {
    let database: DatabaseHandle;
    let bus: Bus;
    let api: FastifyInstance;
    let pipeline: FastifyInstance;
    const dataDirs: string[] = [];

    beforeAll(async () => {
      database = await freshDatabase(backend);
      await seed(database.db, { adminPassword: 'admin-password', demo: true });
      bus = memoryBus();
      const node = async (roles: string) => {
        const config = testConfig({ ROLES: roles });
        dataDirs.push(config.DATA_DIR);
        const app = await composeApp({ config, database, bus });
        await app.ready();
        return app;
      };
      api = await node('api');
      pipeline = await node('pipeline');
    });

    afterAll(async () => {
      await api?.close();
      await pipeline?.close();
      await bus?.close();
      await database?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('each node runs only its roles: the API node has no pipeline, the pipeline node serves health only', async () => {
      expect(api.services.pipeline).toBeUndefined();
      expect(api.services.liveFeed).toBeDefined();
      expect(pipeline.services.pipeline).toBeDefined();
      expect(pipeline.services.liveFeed).toBeUndefined();
      expect((await pipeline.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(
        (await pipeline.inject({ method: 'GET', url: '/api/v2/planned-trips' })).statusCode,
      ).toBe(404);
      expect((await api.inject({ method: 'GET', url: '/api/v2/planned-trips' })).statusCode).toBe(
        401,
      );
    });

    it('a plan saved on the API node is followed by the pipeline node at once (bus), not after its 30 s reload', async () => {
      const { vehicleId } = await addTruck(database.db, '359000000037001', 'RT037AA');
      const device = { vehicleId } as IngestDevice;
      const followed = () => pipeline.services.plannedTrips.plannedTripFor(device)?.id;
      expect(followed()).toBeUndefined();

      const { token, digest } = await signInHeaders(api, 'demouser', 'demo1234');
      const saved = await api.inject({
        method: 'POST',
        url: '/api/v2/planned-trips',
        headers: { token, digest },
        payload: plan(vehicleId),
      });
      expect(saved.statusCode).toBe(200);
      const { id } = saved.json<{ id: number }>();
      await expect.poll(followed, { timeout: 5_000, interval: 20 }).toBe(id);

      const removed = await api.inject({
        method: 'DELETE',
        url: `/api/v2/planned-trips/${id}`,
        headers: { token, digest },
      });
      expect(removed.statusCode).toBe(200);
      await expect.poll(followed, { timeout: 5_000, interval: 20 }).toBeUndefined();
    });
  });
}

describe.skipIf(!natsUp)('the NATS bus carries what the roles exchange', () => {
  const prefix = `rumboroles${process.pid}`;
  const buses: Bus[] = [];

  afterAll(async () => {
    for (const bus of buses) await bus.close();
    const nc = await natsConnect({ servers: natsUrl });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(natsNames(prefix).stream).catch(() => false);
    await nc.close();
  });

  const open = async () => {
    const bus = await natsBus({
      url: natsUrl,
      prefix,
      partitions: 2,
      log: { info: () => undefined, warn: () => undefined },
    });
    buses.push(bus);
    return bus;
  };

  it('a planned-trip change reaches every node; a batch of facts reaches one member of the alerts group', async () => {
    const [apiNode, pipelineA, pipelineB] = [await open(), await open(), await open()];
    const reloads = { a: 0, b: 0 };
    pipelineA.onPlannedTripsChanged(() => reloads.a++);
    pipelineB.onPlannedTripsChanged(() => reloads.b++);
    const dispatched: string[] = [];
    pipelineA.onFacts(() => dispatched.push('a'), ALERTS_GROUP);
    pipelineB.onFacts(() => dispatched.push('b'), ALERTS_GROUP);
    // Subscriptions reach the server before the messages below (one round trip each).
    await new Promise((resolve) => setTimeout(resolve, 200));

    apiNode.publishPlannedTripsChanged();
    await expect.poll(() => reloads, { timeout: 5_000 }).toEqual({ a: 1, b: 1 });

    const fact = {
      tag: { tenantId: 1, vehicleId: 1, deviceId: 1 },
      fact: { type: 'event', code: 'OSP', startTimeMs: Date.now() },
    };
    for (let i = 0; i < 10; i++) pipelineA.publishFacts([fact] as never);
    await expect.poll(() => dispatched.length, { timeout: 5_000 }).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dispatched).toHaveLength(10);
  });
});
