import { afterEach, describe, expect, it } from 'vitest';
import { OsmAndClient, osmandPath } from './osmand-client.js';
import type { SimRecord } from './sim-record.js';
import { startOsmAndTestServer, type OsmAndTestServer } from './test-support/osmand-test-server.js';
import { makeTruck } from './test-support/trucks.js';

const DEVICE = '350000000000010';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverForTest(): Promise<OsmAndTestServer> {
  const server = await startOsmAndTestServer();
  cleanups.push(() => server.close());
  return server;
}

function clientForTest(port: number): OsmAndClient {
  const client = new OsmAndClient({
    host: '127.0.0.1',
    port,
    deviceId: DEVICE,
    backoff: { initialMs: 20, maxMs: 100 },
  });
  cleanups.push(() => client.stop());
  return client;
}

/** Records of a truck while it drives. */
function drivingRecords(count: number): SimRecord[] {
  return makeTruck(9)
    .tick(20 * 3_600_000)
    .filter((r) => r.speedKmh > 0)
    .slice(0, count);
}

describe('the OsmAnd HTTP client', () => {
  it('builds the documented query: unix seconds, speed in knots', () => {
    const [record] = drivingRecords(1);
    const query = new URL(`http://x${osmandPath(DEVICE, record!)}`).searchParams;
    expect([...query.keys()]).toEqual([
      'id',
      'lat',
      'lon',
      'timestamp',
      'speed',
      'bearing',
      'altitude',
      'batt',
    ]);
    expect(Number(query.get('timestamp'))).toBe(record!.fixTimeMs / 1000);
    expect(Number(query.get('speed'))).toBeCloseTo(record!.speedKmh / 1.852, 2);
  });

  it('sends one GET per record, oldest first, that the server decodes back', async () => {
    const server = await serverForTest();
    const client = clientForTest(server.port);
    const records = drivingRecords(20);
    client.start();
    client.enqueue(records);
    await client.whenIdle();
    const positions = server.positions.get(DEVICE) ?? [];
    expect(positions.map((p) => p.fixTimeMs)).toEqual(records.map((r) => r.fixTimeMs));
    positions.forEach((p, i) => {
      const r = records[i]!;
      expect(p).toMatchObject({ lat: r.lat, lng: r.lng, headingDeg: r.headingDeg });
      expect(p.altitudeM).toBe(r.altitudeM);
      expect(p.speedKmh).toBeCloseTo(r.speedKmh, 1);
      expect(p.attributes.batteryLevelPct).toBe(r.phoneBatteryPct);
    });
    expect(client.stats()).toMatchObject({ sent: 20, acked: 20, queued: 0, connected: true });
  });

  it('retries a record the server fails with a 5xx, and gives up on one it refuses with a 4xx', async () => {
    const server = await serverForTest();
    const client = clientForTest(server.port);
    const records = drivingRecords(3);
    server.failNext(2, 503);
    client.start();
    client.enqueue(records.slice(0, 1));
    await client.whenIdle();
    server.failNext(1, 400);
    client.enqueue(records.slice(1));
    await client.whenIdle();
    const stored = (server.positions.get(DEVICE) ?? []).map((p) => p.fixTimeMs);
    expect(stored).toEqual([records[0]!.fixTimeMs, records[2]!.fixTimeMs]);
    expect(client.stats()).toMatchObject({ sent: 3, resent: 2, acked: 2, rejected: 1 });
  });
});
