// A cluster on one machine: two ingest, two pipeline, two API and one jobs process against one
// PostgreSQL database and NATS JetStream. Needs TEST_DATABASE_URL and a NATS server (NATS_URL,
// default nats://127.0.0.1:4222), as on CI.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as natsConnect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { encodeCodec8eFrame, encodeLogin } from '@rumbo/telematics';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../src/db/schema.js';
import { addTruck } from './api.js';
import { DeviceSocket, truckRecord } from './ingest-helpers.js';
import { newDigest } from './harness.js';
import { dropPostgres, freePort, recreatePostgres } from './server-child.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const serverDir = join(import.meta.dirname, '..');
const DEVICES = 500;
const PACKETS = 10;
const RECORDS = 10;

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 4222) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const natsUp = await reachable(natsUrl);
if (!adminUrl || !natsUp)
  console.warn(
    `scale-out test SKIPPED: ${!adminUrl ? 'TEST_DATABASE_URL is not set' : `no NATS at ${natsUrl}`}`,
  );

interface Node {
  role: string;
  child: ChildProcess;
  httpPort: number;
  teltonikaPort: number;
}

async function waitHealthy(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('process did not start');
}

describe.skipIf(!adminUrl || !natsUp)('scale-out: 2 ingest, 2 pipeline, 2 API, 1 jobs', () => {
  const name = `rumbo_scale_${process.pid}`;
  const prefix = `rumbotest${process.pid}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-scale-'));
  const nodes: Node[] = [];
  let dbUrl = '';

  afterAll(async () => {
    for (const node of nodes) node.child.kill('SIGKILL');
    await dropPostgres(name);
    const nc = await natsConnect({ servers: natsUrl });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(`${prefix.toUpperCase()}_RECORDS`).catch(() => false);
    await nc.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(role: string): Promise<Node> {
    const [httpPort, teltonikaPort, osmandPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(serverDir, 'src/cli.ts'), 'serve'],
      {
        env: {
          ...process.env,
          ROLES: role,
          DATABASE_URL: dbUrl,
          NATS_URL: natsUrl,
          NATS_PREFIX: prefix,
          DATA_DIR: dataDir,
          SESSION_SECRET: 's'.repeat(40),
          ALTCHA_HMAC_KEY: 'a'.repeat(40),
          PORT: String(httpPort),
          HOST: '127.0.0.1',
          TELTONIKA_PORT: String(teltonikaPort),
          OSMAND_PORT: String(osmandPort),
          DEMO: '1',
          DEMO_VEHICLES: '0',
          ADMIN_PASSWORD: 'scale-test-password',
          LOG_LEVEL: 'silent',
        },
        stdio: 'ignore',
      },
    );
    const node = { role, child, httpPort, teltonikaPort };
    nodes.push(node);
    await waitHealthy(httpPort, child);
    return node;
  }

  it('stores every acknowledged record once, in order, through a pipeline killed mid-run; a zone saved on one API node raises AZA on the pipelines', async () => {
    const url = await recreatePostgres(name);
    dbUrl = url;

    // The jobs process migrates and seeds first; the devices exist before the API nodes load.
    await start('jobs');
    const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
    pool.on('error', () => undefined);
    onTestFinished(() => pool.end().catch(() => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const imeis = Array.from({ length: DEVICES }, (_, i) => String(352000000000000 + i));
    for (const imei of imeis) {
      await addTruck(db, imei, `SC${imei.slice(-5)}`);
    }
    const started = performance.now();
    const [ingestA, ingestB, , pipelineB, apiA, apiB] = await Promise.all([
      start('ingest'),
      start('ingest'),
      start('pipeline'),
      start('pipeline'),
      start('api'),
      start('api'),
    ]);
    console.log(
      `scale-out: six processes healthy in ${Math.round(performance.now() - started)} ms`,
    );

    // A browser on API node A, in the binary-less JSON format.
    const digest = newDigest();
    const signIn = await fetch(`http://127.0.0.1:${apiA.httpPort}/api/auth/generate_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demouser', password: 'demo1234', digest }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const seenOn = new Map<string, Set<string>>([
      ['A', new Set()],
      ['B', new Set()],
    ]);
    const sockets = [
      ['A', apiA],
      ['B', apiB],
    ] as const;
    const browsers = await Promise.all(
      sockets.map(async ([label, node]) => {
        const socket = new WebSocket(`ws://127.0.0.1:${node.httpPort}/api/wslp`);
        socket.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString()) as {
            action?: string;
            payload?: { plate: string; lastConnection: unknown }[];
          };
          if (message.action !== 'positions/update') return;
          for (const v of message.payload ?? [])
            if (v.lastConnection) seenOn.get(label)!.add(v.plate);
        });
        await new Promise((resolve) => socket.on('open', resolve));
        socket.send(JSON.stringify({ token, digest }));
        return socket;
      }),
    );

    // 500 devices, half on each ingest node, 10 packets of 10 Codec 8E records each.
    const base = Date.UTC(2026, 10, 1, 6, 0, 0);
    const acked = new Map<string, number[]>();
    let ackedRecords = 0;
    let killedAt = 0;
    const sendStarted = performance.now();
    const sendDevice = async (imei: string, index: number) => {
      const node = index % 2 === 0 ? ingestA : ingestB;
      const socket = new DeviceSocket(node.teltonikaPort);
      await socket.ready();
      socket.write(encodeLogin(imei));
      await expect.poll(() => socket.bytes().length, { timeout: 30_000 }).toBeGreaterThan(0);
      const times: number[] = [];
      for (let packet = 0; packet < PACKETS; packet++) {
        const records = Array.from({ length: RECORDS }, (_, r) => {
          const t = base + (packet * RECORDS + r) * 10_000;
          return { t, record: truckRecord(t, { speedKmh: 60, lat: -34.6 + index * 0.001 }) };
        });
        socket.write(encodeCodec8eFrame(records.map((r) => r.record)));
        await expect.poll(() => socket.acks().length, { timeout: 60_000 }).toBe(packet + 1);
        expect(socket.acks()[packet]).toBe(RECORDS);
        times.push(...records.map((r) => r.t));
        ackedRecords += RECORDS;
      }
      acked.set(imei, times);
      socket.end();
    };
    const killer = (async () => {
      while (ackedRecords < (DEVICES * PACKETS * RECORDS) / 3)
        await new Promise((resolve) => setTimeout(resolve, 20));
      killedAt = ackedRecords;
      pipelineB.child.kill('SIGKILL');
    })();
    await Promise.all(imeis.map((imei, i) => sendDevice(imei, i)));
    await killer;
    const sendMs = performance.now() - sendStarted;

    // Every acknowledged record ends up stored exactly once (the survivor takes the partitions).
    const total = DEVICES * PACKETS * RECORDS;
    let stored = 0;
    const drainStarted = performance.now();
    for (let i = 0; i < 600 && stored < total; i++) {
      const row = await db
        .selectFrom('positions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      stored = Number(row.n);
      if (stored < total) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const drainMs = performance.now() - drainStarted;
    const counts = await db
      .selectFrom('positions')
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`count(distinct (device_id, fix_time))`.as('d'),
      ])
      .executeTakeFirstOrThrow();
    expect(ackedRecords).toBe(total);
    expect(Number(counts.n)).toBe(total);
    expect(Number(counts.d)).toBe(total);

    // In order per device: on both API nodes each vehicle's live state stands at its newest record.
    const newest = new Date(base + (PACKETS * RECORDS - 1) * 10_000).toISOString();
    for (const node of [apiA, apiB]) {
      const response = await fetch(
        `http://127.0.0.1:${node.httpPort}/api/rest/vehicle/last_position`,
        {
          headers: { token, digest },
        },
      );
      const list = (await response.json()) as { plate: string; lastConnection: string | null }[];
      const ours = list.filter((v) => v.plate.startsWith('SC'));
      expect(ours).toHaveLength(DEVICES);
      expect(ours.filter((v) => v.lastConnection === newest)).toHaveLength(DEVICES);
    }

    // Each browser saw vehicles whose records entered through either ingest node.
    const plateOf = (i: number) => `SC${imeis[i]!.slice(-5)}`;
    for (const [label] of sockets) {
      const seen = seenOn.get(label)!;
      expect(seen.has(plateOf(0))).toBe(true); // through ingest A
      expect(seen.has(plateOf(1))).toBe(true); // through ingest B
      expect(seen.size).toBe(DEVICES);
    }
    for (const socket of browsers) socket.close();

    // A geofence saved on one API node reaches the pipeline processes (rumbo.geofences.changed):
    // the next record inside it raises AZA, stored by the pipeline that owns the device.
    const saved = await fetch(`http://127.0.0.1:${apiB.httpPort}/api/v2/geofence/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, digest },
      body: JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-58.0, -34.0] },
        properties: { name: 'Cluster', radius: 500, autoAsign: true },
      }),
    });
    expect(saved.status).toBe(200);
    const zoneId = ((await saved.json()) as { id: number }).id;
    const savedAt = performance.now();
    const zoneDevice = new DeviceSocket(ingestA.teltonikaPort);
    await zoneDevice.ready();
    zoneDevice.write(encodeLogin(imeis[0]!));
    await expect.poll(() => zoneDevice.bytes().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const azaOf = async () =>
      db
        .selectFrom('events')
        .select('start_time')
        .where('code', '=', 'AZA')
        .where(sql<string>`data->>'idzona'`, '=', String(zoneId))
        .execute();
    let sent = 0;
    for (let i = 0; i < 40 && (await azaOf()).length === 0; i++) {
      // Two hours after its last record: a plausible hop to the zone.
      const t = base + 2 * 3_600_000 + i * 10_000;
      zoneDevice.write(
        encodeCodec8eFrame([truckRecord(t, { lat: -34.0, lng: -58.0, speedKmh: 20 })]),
      );
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await azaOf()).toHaveLength(1);
    zoneDevice.end();
    console.log(
      `scale-out: AZA stored ${Math.round(performance.now() - savedAt)} ms after the zone was saved on API node B (${sent} record(s) sent)`,
    );

    console.log(
      `scale-out: ${total} records from ${DEVICES} devices acknowledged in ${Math.round(sendMs)} ms ` +
        `(${Math.round(total / (sendMs / 1000))} records/s over 2 ingest nodes); one pipeline killed ` +
        `after ${killedAt} acknowledged records; all stored ${Math.round(drainMs)} ms after the last ` +
        `ack; ${counts.n} rows, ${counts.d} distinct; both API nodes saw all ${DEVICES} vehicles`,
    );
  }, 300_000);
});
