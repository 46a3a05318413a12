// POST /api/auth/validate throughput and latency under load (autocannon), embedded and, when
// BENCH_DATABASE_URL is set, PostgreSQL.
// Run: npm run build && npx tsx bench/validate-throughput.ts
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './server-process.js';

/** A fresh database next to the one BENCH_DATABASE_URL names, so benchmarks never touch it. */
async function freshDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query('drop database if exists rumbo_bench with (force)');
  await client.query('create database rumbo_bench');
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = '/rumbo_bench';
  return url.toString();
}

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer({ env });
  const digest = 'BenchDigest12345';
  const login = await fetch(`${server.url}/api/auth/generate_token?with_claim=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demouser', password: 'demo1234', digest }),
  });
  const { token } = (await login.json()) as { token: string };
  const result = await autocannon({
    url: `${server.url}/api/auth/validate?with_claim=true`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, digest }),
    connections: 20,
    duration: Number(process.env.DURATION ?? 10),
  });
  await server.stop();
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${label}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${non2xx} errors/non-2xx (20 connections, ${result.duration}s)`,
  );
}

await measure('POST /api/auth/validate, embedded PGlite', {});
if (process.env.BENCH_DATABASE_URL) {
  const url = await freshDatabase(process.env.BENCH_DATABASE_URL);
  await measure('POST /api/auth/validate, PostgreSQL', { DATABASE_URL: url });
}
