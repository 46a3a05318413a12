// A pipeline slower than JetStream's ack_wait (a loaded machine, issue 25): the records it is
// still storing are not delivered again. Needs TEST_DATABASE_URL (partition leases) and NATS.
import { createConnection } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { natsBus, natsNames } from '../src/bus/nats-bus.js';
import type { IngestDevice } from '../src/lib/ingest-device.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const natsUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(natsUrl);
  const socket = createConnection(Number(port), hostname);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});

describe.skipIf(!adminUrl || !natsUp)('NATS pipeline slower than ack_wait', () => {
  const prefix = `slow${process.pid}`;
  const pool = new pg.Pool({ connectionString: adminUrl, max: 2 });
  let cleanUp = async (): Promise<void> => undefined;
  afterAll(async () => {
    await cleanUp();
    const nc = await natsConnect({ servers: natsUrl });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(natsNames(prefix).stream).catch(() => undefined);
    await nc.close();
    await pool.end();
  });

  it('stores a message once although storing it takes 4 × ack_wait', async () => {
    const log = { info: () => undefined, warn: () => undefined };
    const bus = await natsBus({ url: natsUrl, prefix, partitions: 1, ackWaitMs: 400, pool, log });
    const calls: number[] = [];
    const consumer = await bus.consumeRecords(async (_device, positions) => {
      calls.push(positions.length);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      return { accepted: positions.length, rejected: 0 };
    });
    cleanUp = async () => {
      await consumer.stop();
      await bus.close();
    };
    const device: IngestDevice = {
      id: 1,
      uniqueId: '356000000000042',
      tenantId: 1,
      vehicleId: 1,
      protocol: 'teltonika',
      model: null,
      speedLimitKmh: null,
    };
    const now = Date.now();
    await bus.publishRecords(device, [
      { deviceId: device.uniqueId, fixTimeMs: now, lat: -34.6, lng: -58.4, attributes: {} },
    ]);
    await expect.poll(() => calls.length).toBe(1);
    // Well past the first ack_wait and the 1,600 ms it takes: no second delivery.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls).toEqual([1]);
  });
});
