// Device record → `/api/ws` `notifications/add`, end to end through the real detectors: DEVICES
// trucks (default 50) each drive ROUNDS speeding episodes (≥ 30 s over 95 km/h, then back to
// 60 km/h: the closing record raises one V95 alert carrying the 90 km/h limit's EXV as a detail —
// alert episodes, decision 0033), and CLIENTS (100) browsers of the demo tenant are signed in on
// /api/ws. Latency of each delivery = its arrival at a client − the moment the device got the
// acknowledgement of the closing record, and − the moment the device sent it (the record's whole
// path). Prints p50/p99/max over every delivery, and checks each client got each episode once:
// one alert, V95 with EXV in its details.
// With BACKGROUND_RATE (records/s, e.g. 10000) other trucks drive at legal speeds the whole time,
// one record per truck every 100 ms from GENERATORS (2) processes (as bench/live-latency.ts), so
// the alerts are measured under that load; the rate they reached (acked) is printed beside them.
// Run: npm run build -w @rumbo/server && npx tsx bench/alert-latency.ts
// Env: DEVICES (50), CLIENTS (100), ROUNDS (4), BACKGROUND_RATE (0), GENERATORS (2),
// BENCH_DATABASE_URL (PostgreSQL admin URL).
import { encodeCodec8eFrame, encodeLogin } from '@rumbo/telematics';
import WebSocket from 'ws';
import { DeviceSocket, truckRecord } from '../apps/server/test/ingest-helpers.js';
import { benchImei, seededPostgresEnv } from './fleet-seed.js';
import { startLiveGenerators } from './live-generators.js';
import { startServer } from './server-process.js';

const devices = Number(process.env.DEVICES ?? 50);
const clients = Number(process.env.CLIENTS ?? 100);
const rounds = Number(process.env.ROUNDS ?? 4);
const backgroundRate = Number(process.env.BACKGROUND_RATE ?? 0);
/** Background trucks: one record every 100 ms each. */
const backgroundDevices = Math.ceil(backgroundRate / 10);
const { env, teltonikaPort } = await seededPostgresEnv(
  'rumbo_bench_alerts',
  devices + backgroundDevices,
);
const server = await startServer({ env });

const login = await fetch(`${server.url}/api/auth/generate_token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'demouser', password: 'demo1234', digest: 'AlertLatencyBnch' }),
});
const { token } = (await login.json()) as { token: string };

/** Send and ack times of each episode's closing record, by `plate|recordedat`. */
const ackedAt = new Map<string, number>();
const sentAt = new Map<string, number>();
const arrivals: { key: string; at: number; client: number; code: string; details: string }[] = [];
const sockets = await Promise.all(
  Array.from({ length: clients }, async (_, client) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`);
    socket.on('message', (data: Buffer) => {
      const at = performance.now();
      const m = JSON.parse(data.toString()) as {
        mutation?: string;
        payload?: { plate: string; recordedat: string; code: string; data?: { details?: string } };
      };
      if (m.mutation === 'notifications/add' && m.payload)
        arrivals.push({
          key: `${m.payload.plate}|${m.payload.recordedat}`,
          at,
          client,
          code: m.payload.code,
          details: m.payload.data?.details ?? '',
        });
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ token, digest: 'AlertLatencyBnch' }));
    return socket;
  }),
);

const trucks = await Promise.all(
  Array.from({ length: devices }, async (_, i) => {
    const device = new DeviceSocket(teltonikaPort);
    await device.ready();
    device.write(encodeLogin(benchImei('35', i)));
    while (device.bytes().length < 1) await device.nextData();
    return { device, plate: `BENCH${String(i).padStart(5, '0')}`, acks: 0 };
  }),
);
const waitAck = async (truck: (typeof trucks)[number]) => {
  truck.acks += 1;
  // Waits on the socket, not by polling: a spinning bench would take a core from the server.
  while (truck.device.acks().length < truck.acks) await truck.device.nextData();
  return performance.now();
};

/** The background load: trucks after the alerting ones, at legal speeds (60–89 km/h). */
const generators = backgroundDevices > 0 ? Number(process.env.GENERATORS ?? 2) : 0;
const backgroundAcked = new Array<number>(generators).fill(0);
const children = startLiveGenerators({
  port: teltonikaPort,
  devices: backgroundDevices,
  generators,
  intervalMs: 100,
  durationS: 3600,
  offset: devices,
  onProgress: (g, progress) => {
    backgroundAcked[g] = progress.acked;
  },
});
const ackedInBackground = () => backgroundAcked.reduce((a, b) => a + b, 0);
// The background reaches its rate before the episodes start.
if (generators > 0) await new Promise((r) => setTimeout(r, 5000));
const background0 = { acked: ackedInBackground(), at: performance.now() };

const t0 = Date.now() - 3 * 3_600_000;
for (let round = 0; round < rounds; round++) {
  const base = t0 + round * 600_000;
  // The episode's body: 40 s at 80 km/h, then 40 s at 104 km/h (over V95 and the 90 km/h limit).
  await Promise.all(
    trucks.map(async (truck) => {
      const records = Array.from({ length: 9 }, (_, k) =>
        truckRecord(base + k * 10_000, { speedKmh: k < 4 ? 80 : 104, lng: -58.4 + k * 0.003 }),
      );
      truck.device.write(encodeCodec8eFrame(records));
      await waitAck(truck);
    }),
  );
  // The closing records, one truck every 20 ms: each raises its episode's alert.
  for (const truck of trucks) {
    const closing = truckRecord(base + 90_000, { speedKmh: 60, lng: -58.37 });
    const key = `${truck.plate}|${new Date(base + 40_000).toISOString()}`;
    sentAt.set(key, performance.now());
    truck.device.write(encodeCodec8eFrame([closing]));
    ackedAt.set(key, await waitAck(truck));
    await new Promise((r) => setTimeout(r, 20));
  }
}
const backgroundRecordsPerS = Math.round(
  ((ackedInBackground() - background0.acked) * 1000) / (performance.now() - background0.at),
);
await new Promise((r) => setTimeout(r, 2000));
for (const child of children) child.kill();

const since = (from: Map<string, number>) =>
  arrivals
    .map((a) => (from.has(a.key) ? a.at - from.get(a.key)! : Number.NaN))
    .filter((v) => Number.isFinite(v))
    .sort((a, b) => a - b);
const latencies = since(ackedAt);
const fromSend = since(sentAt);
const at = (list: number[], p: number) =>
  Math.round(list[Math.min(list.length - 1, Math.floor(p * list.length))]! * 10) / 10;
const pct = (p: number) => at(latencies, p);
// One alert per episode and client (decision 0033): V95 carrying EXV, never a second EXV alert.
const expected = devices * rounds * clients;
const told = new Map<string, number>();
const codes: Record<string, number> = {};
for (const a of arrivals) {
  if (!ackedAt.has(a.key)) continue;
  const k = `${a.client}|${a.key}`;
  told.set(k, (told.get(k) ?? 0) + 1);
  const code = a.details ? `${a.code}+${a.details}` : a.code;
  codes[code] = (codes[code] ?? 0) + 1;
}
// Alerts that are no episode's, by code: the trucks drive without a driver card, so each raises
// one NUM (unknown driver) once its driving time without a code reaches `unknownDriverDrivingS`.
const otherAlerts: Record<string, number> = {};
for (const a of arrivals)
  if (!ackedAt.has(a.key)) otherAlerts[a.code] = (otherAlerts[a.code] ?? 0) + 1;
const toldTwice = [...told.values()].filter((n) => n > 1).length;
const missed = expected - told.size;
console.log(
  JSON.stringify(
    {
      devices,
      clients,
      rounds,
      // Records/s the background trucks had acked while the episodes ran (0: no background).
      backgroundRecordsPerS,
      episodes: devices * rounds,
      deliveries: latencies.length,
      otherAlerts,
      deliveriesPerEpisodeAndClient: latencies.length / expected,
      byCode: codes,
      episodesToldTwice: toldTwice,
      episodesMissed: missed,
      ok: toldTwice === 0 && missed === 0 && codes['V95+EXV'] === expected,
      sinceAck: { p50Ms: pct(0.5), p99Ms: pct(0.99), maxMs: pct(1) },
      // The record's whole path: TCP write → decode → pipeline batch → commit → rules → dispatch.
      sinceRecordSent: {
        p50Ms: at(fromSend, 0.5),
        p99Ms: at(fromSend, 0.99),
        maxMs: at(fromSend, 1),
      },
    },
    null,
    2,
  ),
);
for (const s of sockets) s.close();
for (const t of trucks) t.device.end();
await server.stop();
