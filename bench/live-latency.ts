// Device record → /api/wslp frame, server side: 1,000 devices send one record every 100 ms
// (10,000 records/s) to 100 signed-in clients (binary frames); the server's latency probe logs
// how old each entry is when its frame is sent. The devices are spread over GENERATORS processes
// (default 2) that send pre-encoded frames, re-stamped per packet.
// Run: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/live-latency.ts
// Env: DEVICES (1000), CLIENTS (100), DURATION_S (20), GENERATORS (2), PACKET_INTERVAL_MS (100),
// BUS=nats (NATS_URL): the server runs api,ingest,jobs and PIPELINES (2) pipeline processes take
// the records from JetStream, so the age includes the hop through NATS and back.
// BENCH_DB_NAME (default rumbo_bench_live) lets two runs share a PostgreSQL server; INGEST_WORKERS
// and SERVER_DIST reach the server as in bench/ingest-throughput.ts.
import WebSocket from 'ws';
import { seededPostgresEnv } from './fleet-seed.js';
import { startLiveGenerators } from './live-generators.js';
import { freePort, startServer } from './server-process.js';

const devices = Number(process.env.DEVICES ?? 1000);
const clients = Number(process.env.CLIENTS ?? 100);
const durationS = Number(process.env.DURATION_S ?? 20);
const generators = Number(process.env.GENERATORS ?? 2);
const intervalMs = Number(process.env.PACKET_INTERVAL_MS ?? 100);
const { env, teltonikaPort } = await seededPostgresEnv(
  process.env.BENCH_DB_NAME ?? 'rumbo_bench_live',
  devices,
);
const probes: { n: number; p50: number; p99: number; max: number }[] = [];
const isNats = process.env.BUS === 'nats';
const natsEnv: Record<string, string> = isNats
  ? {
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      NATS_PREFIX: `live${process.pid}`,
    }
  : {};
const pipelines = isNats
  ? await Promise.all(
      Array.from({ length: Number(process.env.PIPELINES ?? 2) }, async () =>
        startServer({
          env: {
            ...env,
            ...natsEnv,
            ROLES: 'pipeline',
            TELTONIKA_PORT: String(await freePort()),
            OSMAND_PORT: String(await freePort()),
          },
        }),
      ),
    )
  : [];
const server = await startServer({
  env: {
    ...env,
    ...natsEnv,
    ...(isNats ? { ROLES: 'api,ingest,jobs' } : {}),
    LIVE_LATENCY_PROBE: '1',
    LOG_LEVEL: 'info',
  },
  onLog: (line) => {
    if (!line.includes('"live latency"')) return;
    probes.push(JSON.parse(line) as (typeof probes)[number]);
  },
});
const login = await fetch(`${server.url}/api/auth/generate_token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'demouser', password: 'demo1234', digest: 'LiveLatencyBench' }),
});
const { token } = (await login.json()) as { token: string };
let frames = 0;
let bytes = 0;
const sockets = await Promise.all(
  Array.from({ length: clients }, async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/wslp`);
    socket.on('message', (data: Buffer) => {
      frames += 1;
      bytes += data.length;
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ token, digest: 'LiveLatencyBench', format: 'binary' }));
    return socket;
  }),
);
const acked = new Array<number>(generators).fill(0);
const ackLatencies: number[] = [];
let measuring = false;
const children = startLiveGenerators({
  port: teltonikaPort,
  devices,
  generators,
  intervalMs,
  durationS: durationS + 8,
  reportLatencies: true,
  onProgress: (g, progress) => {
    acked[g] = progress.acked;
    if (measuring && progress.latencies) ackLatencies.push(...progress.latencies);
  },
});
await new Promise((resolve) => setTimeout(resolve, 5000));
probes.length = 0;
measuring = true;
const frames0 = frames;
const bytes0 = bytes;
const acked0 = acked.reduce((a, b) => a + b, 0);
const t0 = performance.now();
await new Promise((resolve) => setTimeout(resolve, durationS * 1000));
const seconds = (performance.now() - t0) / 1000;
const records = acked.reduce((a, b) => a + b, 0) - acked0;
for (const child of children) child.kill();
for (const socket of sockets) socket.close();
await server.stop();
for (const pipeline of pipelines) await pipeline.stop();
const n = probes.reduce((sum, p) => sum + p.n, 0);
const worstP99 = Math.max(...probes.map((p) => p.p99));
const medianP50 =
  probes.map((p) => p.p50).sort((a, b) => a - b)[Math.floor(probes.length / 2)] ?? NaN;
ackLatencies.sort((a, b) => a - b);
console.log(
  `input: ${devices} devices in ${generators} generator process(es): ${(records / seconds).toFixed(0)} records/s acked ` +
    `(ack p50 ${ackLatencies[Math.floor(ackLatencies.length / 2)]?.toFixed(1)} ms, ` +
    `p99 ${ackLatencies[Math.floor(ackLatencies.length * 0.99)]?.toFixed(1)} ms)`,
);
console.log(
  `live feed${isNats ? ` (NATS, ${pipelines.length} pipeline processes)` : ''}: ${devices} devices → ${clients} clients (binary): ${(n / seconds).toFixed(0)} entries/s sent per tenant tick; ` +
    `record → frame p50 ${medianP50} ms, p99 ${worstP99} ms (worst 5-s window); ` +
    `${((frames - frames0) / seconds).toFixed(0)} frames/s, ${((bytes - bytes0) / seconds / 1e6).toFixed(1)} MB/s to clients`,
);
