// GET /api/rest/vehicle/last_position for 10,000 vehicles: latency p50/p99 and bytes on the wire.
// Run: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/last-position.ts
import { get } from 'node:http';
import autocannon from 'autocannon';
import { seededPostgresEnv } from './fleet-seed.js';
import { startServer } from './server-process.js';

const vehicles = Number(process.env.VEHICLES ?? 10_000);
const { env } = await seededPostgresEnv('rumbo_bench_lp', vehicles);
const server = await startServer({ env });

const login = await fetch(`${server.url}/api/auth/generate_token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'demouser', password: 'demo1234', digest: 'LastPositionBnch' }),
});
const { token } = (await login.json()) as { token: string };
const headers = { token, digest: 'LastPositionBnch' };
const once = await fetch(`${server.url}/api/rest/vehicle/last_position`, { headers });
const body = await once.text();
const wireBytes = await new Promise<number>((resolve) => {
  get(
    `${server.url}/api/rest/vehicle/last_position`,
    { headers: { ...headers, 'accept-encoding': 'gzip' } },
    (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
    },
  );
});
const result = await autocannon({
  url: `${server.url}/api/rest/vehicle/last_position`,
  headers: { ...headers, 'accept-encoding': 'gzip' },
  connections: 10,
  duration: Number(process.env.DURATION ?? 10),
});
await server.stop();
const count = (JSON.parse(body) as unknown[]).length;
console.log(
  `last_position, ${count} vehicles: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms ` +
    `(10 connections, gzip); body ${(body.length / 1024).toFixed(0)} KiB, ${(wireBytes / 1024).toFixed(0)} KiB on the wire with gzip`,
);
