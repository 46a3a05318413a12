// Sustained ingest end to end: TCP decode → pipeline → commit → ack, 1,000 devices sending
// Codec 8E packets from a generator in its own process. Also server CPU µs per record and
// stored bytes per position (indexes included).
// Run: npm run build && npx tsx bench/ingest-throughput.ts
// Env: DB=embedded|postgres (postgres needs BENCH_DATABASE_URL), DEVICES, RECORDS_PER_PACKET, DURATION_S,
// BUS=nats (PostgreSQL + NATS_URL: one api/ingest/jobs process and PIPELINES pipeline processes;
// the record → browser latency through NATS is bench/live-latency.ts with BUS=nats),
// SERVER_DIST (another build, to compare), INGEST_WORKERS (passed to the server: 0 = the device
// ports on the main thread), BENCH_DB_NAME (the PostgreSQL database it recreates: default
// rumbo_bench_ingest; another name lets two runs share a PostgreSQL server)
import { fork } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServer } from './server-process.js';

const db = process.env.DB ?? 'embedded';
const devices = Number(process.env.DEVICES ?? 1000);
const perPacket = Number(process.env.RECORDS_PER_PACKET ?? 10);
const durationS = Number(process.env.DURATION_S ?? 30);
const warmupS = 8;

function cpuSeconds(pid: number, task = ''): number {
  try {
    const fields = readFileSync(`/proc/${pid}/${task}stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // the process ended
  }
}

/** CPU seconds of every PostgreSQL process of the machine (the server's backends included). */
function postgresCpuSeconds(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        sum += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

const dbName = process.env.BENCH_DB_NAME ?? 'rumbo_bench_ingest';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName))
  throw new Error('BENCH_DB_NAME: lower-case letters, digits, _');

async function freshPostgres(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${dbName} with (force)`);
  await client.query(`create database ${dbName}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

const databaseUrl =
  db === 'postgres'
    ? await freshPostgres(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      )
    : undefined;

/**
 * The backends serving the bench's database (the servers' pools), polled twice a second: their
 * CPU is PostgreSQL's work for this run alone, which the machine-wide figure mixes with other
 * databases' (tests running beside the bench) and the shared processes (WAL writer, checkpointer).
 */
const backends = new Map<number, number>();
const monitor = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
await monitor?.connect();
const pollBackends = async (): Promise<void> => {
  if (!monitor) return;
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  for (const { pid } of rows) backends.set(pid, cpuSeconds(pid));
};
const backendPoll = setInterval(() => void pollBackends().catch(() => undefined), 500);
/** CPU seconds of the bench database's backends since the window opened. */
function backendCpuSince(start: Map<number, number>): number {
  let sum = 0;
  for (const [pid, lastSeen] of backends) {
    // A backend that ended meanwhile counts with its CPU when last polled.
    sum += Math.max(cpuSeconds(pid), lastSeen) - (start.get(pid) ?? 0);
  }
  return sum;
}

const isNats = process.env.BUS === 'nats';
if (isNats && !databaseUrl) throw new Error('BUS=nats needs DB=postgres');
const natsEnv: Record<string, string> = isNats
  ? {
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      NATS_PREFIX: `bench${process.pid}`,
    }
  : {};
const teltonikaPort = await freePort();
const server = await startServer({
  env: {
    INGEST_AUTO_REGISTER: '1',
    TELTONIKA_PORT: String(teltonikaPort),
    OSMAND_PORT: String(await freePort()),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...natsEnv,
    ...(isNats ? { ROLES: 'api,ingest,jobs' } : {}),
  },
});
const pipelines = isNats
  ? await Promise.all(
      Array.from({ length: Number(process.env.PIPELINES ?? 2) }, async () =>
        startServer({
          env: {
            DATABASE_URL: databaseUrl!,
            ...natsEnv,
            ROLES: 'pipeline',
            TELTONIKA_PORT: String(await freePort()),
            OSMAND_PORT: String(await freePort()),
          },
        }),
      ),
    )
  : [];
const pids = [server.process.pid!, ...pipelines.map((p) => p.process.pid!)];
// The server's main thread alone (its task id is the process id): the rest of its CPU is the
// ingest worker thread, V8's GC helpers, libuv's pool and, embedded, the database's worker.
const mainThreadCpu = () => cpuSeconds(server.process.pid!, `task/${server.process.pid!}/`);
const cpuAll = () => pids.reduce((sum, p) => sum + cpuSeconds(p), 0);
const generatorEnv = {
  ...process.env,
  PORT: String(teltonikaPort),
  DEVICES: String(devices),
  RECORDS_PER_PACKET: String(perPacket),
};
// Phase 1: every device logs in once (auto-registration), outside the measurement.
const registering = performance.now();
await new Promise<void>((resolve, reject) => {
  const hold = fork(join(import.meta.dirname, 'ingest-generator.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...generatorEnv, MODE: 'hold', DURATION_S: '600' },
  });
  hold.on('exit', (code) =>
    code === 0 ? resolve() : reject(new Error(`registration phase failed (${code})`)),
  );
});
console.log(
  `${devices} devices registered on first login in ${((performance.now() - registering) / 1000).toFixed(1)} s`,
);
const generator = fork(join(import.meta.dirname, 'ingest-generator.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...generatorEnv, DURATION_S: String(durationS + warmupS) },
});
type Progress = {
  type: string;
  sent: number;
  acked: number;
  connected: number;
  elapsedMs: number;
  ackP50Ms?: number;
  ackP99Ms?: number;
};
let window:
  | {
      startAcked: number;
      startCpu: number;
      startMain: number;
      startMs: number;
      startPg: number;
      startBackends: Map<number, number>;
      startGen: number;
    }
  | undefined;
/** CLOCK_MONOTONIC in µs: the clock of V8's CPU profiles (bench/profile-summary.ts cuts by it). */
const monoUs = () => Number(process.hrtime.bigint() / 1000n);
let windowStartMonoUs = 0;
let last: Progress | undefined;
const done = new Promise<Progress>((resolve) => {
  generator.on('message', (message: Progress) => {
    if (message.type === 'progress') {
      last = message;
      if (process.env.VERBOSE) console.log(JSON.stringify(message));
      if (!window && message.elapsedMs >= warmupS * 1000 && message.connected === devices) {
        window = {
          startAcked: message.acked,
          startCpu: cpuAll(),
          startMain: mainThreadCpu(),
          startMs: performance.now(),
          startPg: postgresCpuSeconds(),
          startBackends: new Map([...backends.keys()].map((pid) => [pid, cpuSeconds(pid)])),
          startGen: cpuSeconds(generator.pid!),
        };
        windowStartMonoUs = monoUs();
      }
    } else if (message.type === 'done') resolve(message);
  });
});
await new Promise((resolve) => setTimeout(resolve, (durationS + warmupS) * 1000 - 500));
const endAcked = last?.acked ?? 0;
const endCpu = cpuAll();
const endMain = mainThreadCpu();
const endMs = performance.now();
const endPg = postgresCpuSeconds();
clearInterval(backendPoll);
await pollBackends();
const endBackends = window ? backendCpuSince(window.startBackends) : 0;
await monitor?.end();
const endGen = cpuSeconds(generator.pid!);
const endMonoUs = monoUs();
const final = await done;

let bytesPerRow = NaN;
let rows = 0;
const client = new pg.Client(
  databaseUrl
    ? { connectionString: databaseUrl }
    : { host: join(server.dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' },
);
await client.connect();
const size = await client.query<{ bytes: string; rows: string }>(`
  select (select sum(pg_total_relation_size(c.oid)) from pg_inherits i join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent where p.relname = 'positions') as bytes,
         (select count(*) from positions) as rows`);
rows = Number(size.rows[0]!.rows);
bytesPerRow = Number(size.rows[0]!.bytes) / rows;
await client.end();
await server.stop();
for (const pipeline of pipelines) await pipeline.stop();

if (!window) throw new Error('the devices never all connected');
const seconds = (endMs - window.startMs) / 1000;
const records = endAcked - window.startAcked;
const rate = records / seconds;
const cpuUs = ((endCpu - window.startCpu) * 1e6) / records;
if (process.env.PROFILE_DIR) {
  // The measured window for bench/profile-summary.ts: samples outside it (start-up, the devices'
  // registration, the warm-up) are left out of its figures, which it scales to this CPU time.
  const measured = { startMonoUs: windowStartMonoUs, endMonoUs, records, perPacket, cpuUs };
  writeFileSync(join(process.env.PROFILE_DIR, 'window.json'), JSON.stringify(measured));
}
// Where the machine's cores went: the server, PostgreSQL's processes (a separate server; the
// embedded database runs inside the server process) and the device generator.
const cores = (cpu: number) => (cpu / seconds).toFixed(2);
const label = `${db}${isNats ? ` + NATS, ${pipelines.length} pipeline processes` : ''}`;
console.log(
  `ingest ${label}: ${devices} devices × ${perPacket}-record Codec 8E packets: ${rate.toFixed(0)} records/s acked over ${seconds.toFixed(0)} s ` +
    `(ack latency p50 ${final.ackP50Ms?.toFixed(1)} ms, p99 ${final.ackP99Ms?.toFixed(1)} ms); server CPU ${cpuUs.toFixed(1)} µs/record`,
);
console.log(
  `cores busy: server ${cores(endCpu - window.startCpu)}` +
    ` (main thread ${cores(endMain - window.startMain)})` +
    (databaseUrl
      ? `, PostgreSQL ${cores(endPg - window.startPg)} (this database's backends ${cores(endBackends)}, ` +
        `${((endBackends * 1e6) / records).toFixed(1)} µs/record)`
      : '') +
    `, generator ${cores(endGen - window.startGen)} (of ${availableParallelism()})`,
);
console.log(
  `stored: ${rows} rows, ${bytesPerRow.toFixed(0)} bytes per position (table + indexes, all partitions)`,
);
