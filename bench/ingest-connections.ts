// 10,000 concurrent device connections (logged in, idle) on PostgreSQL: whole-process RSS.
// Run: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ingest-connections.ts
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededPostgresEnv } from './fleet-seed.js';
import { startServer } from './server-process.js';

const devices = Number(process.env.DEVICES ?? 10_000);
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const { env, teltonikaPort } = await seededPostgresEnv('rumbo_bench_conn', devices);
const server = await startServer({ env });
const pid = server.process.pid!;
const idleRss = rssMb(pid);
const started = performance.now();
// The generator logs every device in, then exits ("hold" phase): then hold them open here.
const generator = fork(join(import.meta.dirname, 'ingest-generator.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    PORT: String(teltonikaPort),
    DEVICES: String(devices),
    MODE: 'hold-open',
    DURATION_S: '3600',
  },
});
let connected = 0;
generator.on('message', (m: { connected: number }) => (connected = m.connected));
while (connected < devices && performance.now() - started < 300_000)
  await new Promise((r) => setTimeout(r, 500));
await new Promise((r) => setTimeout(r, 3000));
const heldRss = rssMb(pid);
console.log(
  `${connected} device connections logged in within ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `server RSS ${heldRss.toFixed(0)} MB with them open (${idleRss.toFixed(0)} MB before), PostgreSQL mode, ${devices} vehicles in the live fleet`,
);
generator.kill();
await server.stop();
