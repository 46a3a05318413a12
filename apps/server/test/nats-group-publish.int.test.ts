// Group publish (decision 0060): several devices' packets of one partition travel as one
// JetStream message; each device's records are stored once, also when the message comes again.
// Needs TEST_DATABASE_URL (partition leases) and NATS at NATS_URL (default 127.0.0.1:4222).
import { rmSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '@rumbo/telematics';
import type { Bus, RecordsHandler } from '../src/bus/bus.js';
import { natsBus, natsNames } from '../src/bus/nats-bus.js';
import type { DatabaseHandle } from '../src/db/database.js';
import type { IngestDevice } from '../src/lib/ingest-device.js';
import { composeApp } from '../src/main/compose.js';
import { DeviceRegistry } from '../src/modules/fleet/device-registry.js';
import { seed } from '../src/modules/seed/seed.service.js';
import { addTruck } from './api.js';
import { freshDatabase, natsReachable, testConfig } from './harness.js';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const natsUp = await natsReachable(natsUrl);
const IMEIS = ['359000000060001', '359000000060002', '359000000060003'];
const RECORDS = 5;

function packet(device: IngestDevice, startMs: number): Position[] {
  return Array.from({ length: RECORDS }, (_, i) => ({
    deviceId: device.uniqueId,
    fixTimeMs: startMs + i * 10_000,
    lat: -34.6 + i * 0.001,
    lng: -58.4,
    speedKmh: 40,
    attributes: {},
  }));
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !natsUp)('NATS group publish', () => {
  const prefix = `grp${process.pid}`;
  let database: DatabaseHandle;
  let bus: Bus;
  let pipeline: FastifyInstance | undefined;
  let dataDir = '';
  let devices: IngestDevice[] = [];
  const deliveries: string[] = [];
  let failOnce: string | null = null;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await seed(database.db, { adminPassword: 'admin-password', demo: true });
    const registry = new DeviceRegistry({
      db: database.db,
      live: { upsertVehicle: () => undefined },
      autoRegisterTenant: null,
    });
    for (const [i, imei] of IMEIS.entries()) {
      const plate = `GP0${i}AA`;
      await addTruck(database.db, imei, plate);
    }
    devices = await Promise.all(
      IMEIS.map(async (imei) => (await registry.resolve(imei, 'teltonika'))!),
    );
    const log = { info: () => undefined, warn: () => undefined };
    const nats = await natsBus({ url: natsUrl, prefix, partitions: 1, pool: database.pool, log });
    // The pipeline's handler, seen from the bus: counts deliveries and fails one packet once,
    // after the pipeline stored it (the worst case: the whole message comes again).
    const consumeRecords = (handler: RecordsHandler) =>
      nats.consumeRecords(async (device, positions) => {
        deliveries.push(device.uniqueId);
        const result = await handler(device, positions);
        if (device.uniqueId === failOnce) {
          failOnce = null;
          throw new Error('lost connection after commit');
        }
        return result;
      });
    bus = { ...nats, consumeRecords };
    const config = testConfig({ ROLES: 'pipeline' });
    dataDir = config.DATA_DIR;
    pipeline = await composeApp({ config, database, bus });
    await pipeline.ready();
  });

  afterAll(async () => {
    await pipeline?.close();
    await bus?.close();
    const nc = await natsConnect({ servers: natsUrl });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(natsNames(prefix).stream).catch(() => false);
    await nc.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const storedPerDevice = async () => {
    const rows = await database.db
      .selectFrom('positions')
      .select(['device_id', sql<string>`count(*)`.as('n')])
      .groupBy('device_id')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.device_id, Number(r.n)]));
  };
  const messagesPublished = async () => {
    const nc = await natsConnect({ servers: natsUrl });
    const info = await (await jetstreamManager(nc)).streams.info(natsNames(prefix).stream);
    await nc.close();
    return info.state.last_seq;
  };
  const everyDevice = (n: number) => Object.fromEntries(devices.map((d) => [d.id, n]));

  it("sends several devices' packets as one message and stores each device's records once", async () => {
    const startMs = Date.now() - 3_600_000;
    const published = await Promise.all(
      devices.map((device) => bus.publishRecords(device, packet(device, startMs))),
    );
    expect(published).toEqual(devices.map(() => ({ accepted: RECORDS, rejected: 0 })));
    expect(await messagesPublished()).toBe(1);
    await expect.poll(storedPerDevice, { timeout: 10_000 }).toEqual(everyDevice(RECORDS));
    expect(deliveries).toEqual(IMEIS);
  });

  it('delivers a message again when one of its packets failed, and stores every record once', async () => {
    deliveries.length = 0;
    failOnce = IMEIS[1]!;
    const startMs = Date.now() - 1_800_000;
    await Promise.all(devices.map((device) => bus.publishRecords(device, packet(device, startMs))));
    expect(await messagesPublished()).toBe(2);
    await expect.poll(() => deliveries.length, { timeout: 10_000 }).toBe(2 * IMEIS.length);
    expect(deliveries).toEqual([...IMEIS, ...IMEIS]);
    await expect.poll(storedPerDevice, { timeout: 10_000 }).toEqual(everyDevice(2 * RECORDS));
    // Nothing comes a third time: the redelivered message was acknowledged.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(deliveries).toHaveLength(2 * IMEIS.length);
    expect(await storedPerDevice()).toEqual(everyDevice(2 * RECORDS));
  });
});
