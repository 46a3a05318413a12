// Bulk-registers N vehicles with Teltonika devices straight in SQL (benchmarks only), so a
// benchmark of 10,000 trucks doesn't spend minutes on first-login registration.
import pg from 'pg';

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
