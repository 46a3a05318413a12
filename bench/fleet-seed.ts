// Bulk-registers N vehicles with Teltonika devices straight in SQL (benchmarks only), so a
// benchmark of 10,000 trucks doesn't spend minutes on first-login registration.
import pg from 'pg';
import { freePort, startServer } from './server-process.js';

/** A fresh PostgreSQL database next to the one `adminUrl` names. */
export async function freshPostgres(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** IMEI of bench device `i`. */
export function benchImei(prefix: string, i: number): string {
  return prefix + String(i).padStart(15 - prefix.length, '0');
}

/** Inserts `count` vehicles (plates BENCH00001…) with devices into the demo tenant. */
export async function seedFleet(
  databaseUrl: string,
  count: number,
  imeiPrefix: string,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into vehicles (tenant_id, plate, brand, model, model_year)
     select t.id, 'BENCH' || lpad(g::text, 5, '0'), 'Scania', 'R450', 2022
     from generate_series(0, $1 - 1) g, tenants t where t.name = 'Transportes Demo'`,
    [count],
  );
  await client.query(
    `insert into devices (tenant_id, unique_id, protocol, model, vehicle_id)
     select v.tenant_id, $1::text || lpad(substr(v.plate, 6)::int::text, 15 - length($1::text), '0'), 'teltonika', 'FMC650', v.id
     from vehicles v where v.plate like 'BENCH%'`,
    [imeiPrefix],
  );
  await client.end();
}

/**
 * A fresh PostgreSQL database (named `name`, next to BENCH_DATABASE_URL) migrated by a first
 * server start, then `vehicles` trucks seeded: returns the settings to start the bench server with.
 */
export async function seededPostgresEnv(
  name: string,
  vehicles: number,
): Promise<{ env: Record<string, string>; teltonikaPort: number }> {
  const databaseUrl = await freshPostgres(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    name,
  );
  const teltonikaPort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    TELTONIKA_PORT: String(teltonikaPort),
    OSMAND_PORT: String(await freePort()),
  };
  const first = await startServer({ env });
  await first.stop();
  await seedFleet(databaseUrl, vehicles, '35');
  return { env, teltonikaPort };
}
