import net from 'node:net';
import type { AvlRecordInput } from '@rumbo/telematics';
import { afterEach, describe, expect, it } from 'vitest';
import { TeltonikaClient, type TeltonikaClientOptions } from './teltonika-client.js';
import {
  startTeltonikaTestServer,
  type TeltonikaTestServer,
} from './test-support/teltonika-test-server.js';

const IMEI = '350000000000042';
const T0 = Date.UTC(2025, 2, 3, 12, 0, 0);

function records(from: number, count: number): AvlRecordInput[] {
  return Array.from({ length: count }, (_, i) => ({
    timestampMs: T0 + (from + i) * 10_000,
    lat: -34.6 + (from + i) * 1e-4,
    lng: -58.4,
    speedKmh: 80,
    satellites: 10,
    io: [{ id: 239, group: 1, value: 1 }],
  }));
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverForTest(port?: number): Promise<TeltonikaTestServer> {
  const server = await startTeltonikaTestServer(port);
  cleanups.push(() => server.close());
  return server;
}

function clientForTest(
  port: number,
  options: Partial<TeltonikaClientOptions<AvlRecordInput>> = {},
): TeltonikaClient<AvlRecordInput> {
  const client = new TeltonikaClient<AvlRecordInput>({
    host: '127.0.0.1',
    port,
    imei: IMEI,
    toAvlRecord: (r) => r,
    ackTimeoutMs: 300,
    backoff: { initialMs: 40, maxMs: 200 },
    ...options,
  });
  cleanups.push(() => client.stop());
  return client;
}

function timestampsAt(server: TeltonikaTestServer): number[] {
  return (server.records.get(IMEI) ?? []).map((r) => r.timestampMs);
}

async function waitFor(isMet: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isMet()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the Teltonika TCP client', () => {
  it('logs in with its IMEI, then sends packets of at most N records, each acknowledged', async () => {
    const server = await serverForTest();
    const client = clientForTest(server.port, { maxRecordsPerPacket: 10 });
    client.start();
    client.enqueue(records(0, 35));
    await client.whenIdle();
    expect(server.logins).toEqual([IMEI]);
    expect(server.packets).toBe(4);
    expect(timestampsAt(server)).toEqual(records(0, 35).map((r) => r.timestampMs));
    expect(client.stats()).toMatchObject({ sent: 35, acked: 35, resent: 0, queued: 0 });
    expect(client.stats().connected).toBe(true);
  });

  it('sends a packet again when the server does not acknowledge it', async () => {
    const server = await serverForTest();
    const client = clientForTest(server.port);
    client.start();
    await waitFor(() => client.stats().connected);
    server.dropNextPacket();
    client.enqueue(records(0, 5));
    await client.whenIdle();
    expect(server.packets).toBe(2);
    expect(timestampsAt(server)).toEqual(records(0, 5).map((r) => r.timestampMs));
    expect(client.stats()).toMatchObject({ sent: 5, resent: 5, acked: 5, reconnects: 1 });
    expect(server.logins).toEqual([IMEI, IMEI]);
  });

  it('reconnects after the server hangs up and sends what was queued meanwhile, in order', async () => {
    const server = await serverForTest();
    const client = clientForTest(server.port);
    client.start();
    client.enqueue(records(0, 3));
    await client.whenIdle();
    server.closeConnections();
    await waitFor(() => !client.stats().connected);
    client.enqueue(records(3, 4));
    await client.whenIdle();
    expect(timestampsAt(server)).toEqual(records(0, 7).map((r) => r.timestampMs));
    expect(server.logins).toEqual([IMEI, IMEI]);
    expect(client.stats()).toMatchObject({ acked: 7, reconnects: 1 });
  });

  it('keeps retrying with backoff while the server is down', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const client = clientForTest(port);
    client.start();
    client.enqueue(records(0, 4));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.stats()).toMatchObject({ connected: false, acked: 0, queued: 4 });
    const server = await serverForTest(port);
    await client.whenIdle();
    expect(timestampsAt(server)).toEqual(records(0, 4).map((r) => r.timestampMs));
    expect(client.stats().reconnects).toBeGreaterThan(0);
  });

  it('waits and logs in again when the server refuses its login', async () => {
    const server = await serverForTest();
    server.refuseLogins(true);
    const events: string[] = [];
    const client = clientForTest(server.port, { onEvent: (e) => events.push(e.kind) });
    client.start();
    client.enqueue(records(0, 2));
    await waitFor(() => events.includes('login-refused'));
    expect(client.stats()).toMatchObject({ connected: false, acked: 0 });
    server.refuseLogins(false);
    await client.whenIdle();
    expect(timestampsAt(server)).toEqual(records(0, 2).map((r) => r.timestampMs));
    expect(events).toContain('connected');
  });

  it('skips a command the server sends before an acknowledgement', async () => {
    const server = await serverForTest();
    server.sendCommandsBeforeAcks(true);
    const client = clientForTest(server.port, { maxRecordsPerPacket: 2 });
    client.start();
    client.enqueue(records(0, 6));
    await client.whenIdle();
    expect(client.stats()).toMatchObject({ acked: 6, resent: 0, reconnects: 0 });
  });

  it('drops the oldest records when its outbox is full', async () => {
    const server = await serverForTest();
    const client = clientForTest(server.port, { maxQueuedRecords: 10 });
    client.enqueue(records(0, 25));
    expect(client.stats()).toMatchObject({ queued: 10, dropped: 15 });
    client.start();
    await client.whenIdle();
    expect(timestampsAt(server)).toEqual(records(15, 10).map((r) => r.timestampMs));
  });
});
