// The live fleet's reload after a vehicle or device change announced on the bus (issue 21 item 5,
// decision 0030): 10,000 vehicles on PostgreSQL, median and max of 10 reloads with nothing changed.
// Run: npx tsx bench/live-fleet-reload.ts (BENCH_DATABASE_URL, VEHICLES)
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seed } from '../apps/server/src/modules/seed/seed.service.js';
import { LiveFleet } from '../apps/server/src/realtime/live-fleet.js';
import { loadLiveFleet } from '../apps/server/src/realtime/load-live-fleet.js';
import { freshPostgres, seedFleet } from './fleet-seed.js';

const vehicles = Number(process.env.VEHICLES ?? 10_000);
const url = await freshPostgres(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  'rumbo_bench_reload',
);
const setup = await openDatabase({ url });
await migrate(setup.db);
await seed(setup.db, { adminPassword: 'bench-password', demo: true });
await setup.close();
await seedFleet(url, vehicles, '35');

const database = await openDatabase({ url });
const live = new LiveFleet();
let told = 0;
live.onChange(() => (told += 1));
await loadLiveFleet(database.db, live, Date.now());
told = 0;
const times: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await loadLiveFleet(database.db, live, Date.now(), { prune: true });
  times.push(performance.now() - started);
}
await database.close();
times.sort((a, b) => a - b);
console.log(
  `live fleet reload, ${live.size} vehicles: median ${times[5]!.toFixed(0)} ms, max ${times[9]!.toFixed(0)} ms, ${told} changes told to the sockets`,
);
