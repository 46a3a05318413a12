// Device record → /api/wslp frame, server side: 1,000 devices send one record every 100 ms
// (10,000 records/s) to 100 signed-in clients (binary frames); the server's latency probe logs
// how old each entry is when its frame is sent.
// Run: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/live-latency.ts
import { fork } from 'node:child_process';
import { join } from 'node:path';
import WebSocket from 'ws';
import { seededPostgresEnv } from './fleet-seed.js';
import { startServer } from './server-process.js';

const devices = Number(process.env.DEVICES ?? 1000);
const clients = Number(process.env.CLIENTS ?? 100);
const durationS = Number(process.env.DURATION_S ?? 20);
const { env, teltonikaPort } = await seededPostgresEnv('rumbo_bench_live', devices);
const probes: { n: number; p50: number; p99: number; max: number }[] = [];
const server = await startServer({
  env: { ...env, LIVE_LATENCY_PROBE: '1', LOG_LEVEL: 'info' },
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
const generator = fork(join(import.meta.dirname, 'ingest-generator.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    PORT: String(teltonikaPort),
    DEVICES: String(devices),
    RECORDS_PER_PACKET: '1',
    LIVE: '1',
    PACKET_INTERVAL_MS: '100',
    DURATION_S: String(durationS + 5),
  },
});
await new Promise((resolve) => setTimeout(resolve, 5000));
probes.length = 0;
const frames0 = frames;
const bytes0 = bytes;
await new Promise((resolve) => setTimeout(resolve, durationS * 1000));
const seconds = durationS;
generator.kill();
for (const socket of sockets) socket.close();
await server.stop();
const n = probes.reduce((sum, p) => sum + p.n, 0);
const worstP99 = Math.max(...probes.map((p) => p.p99));
const medianP50 =
  probes.map((p) => p.p50).sort((a, b) => a - b)[Math.floor(probes.length / 2)] ?? NaN;
console.log(
  `live feed: ${devices} devices → ${clients} clients (binary): ${(n / seconds).toFixed(0)} entries/s sent per tenant tick; ` +
    `record → frame p50 ${medianP50} ms, p99 ${worstP99} ms (worst 5-s window); ` +
    `${((frames - frames0) / seconds).toFixed(0)} frames/s, ${((bytes - bytes0) / seconds / 1e6).toFixed(1)} MB/s to clients`,
);
