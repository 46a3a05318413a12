import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../src/db/database.js';
import { addDeviceWithVehicle } from '../src/modules/fleet/fleet-cli.js';
import { ensureUser } from '../src/modules/seed/seed.service.js';
import { signInHeaders, testApp } from './harness.js';

// What the HTTP tests share: signing in, calling the API as someone, the demo tenant's trucks and
// users they add, and the rows they count.

type Db = DatabaseHandle['db'];

/** A suite's seeded app (`testApp`). */
export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** The headers a signed-in call carries. */
export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A session's headers: its token and digest. */
export const authHeaders = (s: { token: string; digest: string }): Headers => ({
  token: s.token,
  digest: s.digest,
});

/** Signs in through the HTTP API; answers the headers its calls carry. */
export async function signIn(
  app: FastifyInstance,
  username?: string,
  password?: string,
): Promise<Headers> {
  return authHeaders(await signInHeaders(app, username, password));
}

/**
 * A suite's call to the API: `method` on `prefix` + `url` as the caller (`headers`), with a body
 * when one is given and `accept-language` when the suite or the call names one. `app` is read at
 * each call (a suite's app is made in `beforeAll`).
 */
export function apiCaller(
  app: () => FastifyInstance,
  { prefix = '/api', lang }: { prefix?: string; lang?: string } = {},
) {
  return (method: Method, url: string, headers: Headers, payload?: unknown, language = lang) =>
    app().inject({
      method,
      url: `${prefix}${url}`,
      headers: language === undefined ? headers : { ...headers, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The pipeline settings of the tests that wait for facts: batches flushed at once. */
export const FAST_PIPELINE = { flushIntervalMs: 5, recomputeDebounceMs: 50 };

/** A Teltonika device and its vehicle in a tenant (the demo one unless named). */
export function addTruck(
  db: Db,
  imei: string,
  plate: string,
  {
    tenant = 'Transportes Demo',
    protocol = 'teltonika',
  }: { tenant?: string; protocol?: string } = {},
) {
  return addDeviceWithVehicle(db, { imei, plate, protocol, tenant });
}

/** The demo tenant's viewer, `demoviewer` / `demo1234`. */
export function addDemoViewer(db: Db) {
  return ensureUser(db, {
    tenant: 'Transportes Demo',
    username: 'demoviewer',
    email: 'v@demo.test',
    role: 'viewer',
    password: 'demo1234',
  });
}

/** A role `despacho` of the demo tenant seeing the driver administration only, and its user
 * `despacho` / `demo1234`. */
export async function addDispatcher(db: Db, demoTenantId: number) {
  await sql`insert into roles (tenant_id, name, start_on, views)
    values (${demoTenantId}, 'despacho', 'driver-admin', ${JSON.stringify({ 'driver-admin': true })})`.execute(
    db,
  );
  await ensureUser(db, {
    tenant: 'Transportes Demo',
    username: 'despacho',
    email: 'd@demo.test',
    role: 'despacho',
    password: 'demo1234',
  });
}

/** The tenant a vehicle belongs to. */
export async function tenantIdOf(db: Db, vehicleId: number): Promise<number> {
  return (
    await db
      .selectFrom('vehicles')
      .select('tenant_id')
      .where('id', '=', vehicleId)
      .executeTakeFirstOrThrow()
  ).tenant_id;
}

/** A vehicle's events of one code. */
export function eventsOf(db: Db, vehicleId: number, code: string) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('vehicle_id', '=', vehicleId)
    .where('code', '=', code)
    .execute();
}

/** How many positions the device `uniqueId` has stored. */
export async function positionCount(db: Db, uniqueId: string): Promise<number> {
  const row = await db
    .selectFrom('positions')
    .innerJoin('devices', 'devices.id', 'positions.device_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('devices.unique_id', '=', uniqueId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The rows of a table. */
export async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

/** Units a user may pick instead of the metric ones. */
export const IMPERIAL_UNITS = {
  volume: 'gal',
  distance: 'mi',
  consumption: 'mpg',
  mass: 'lbs',
  speed: 'mi/h',
  temperature: 'F',
  pressure: 'psi',
};

/** A seeded app and the headers of its demo user (`demouser`). */
export async function signedInApp(
  backend: 'embedded' | 'postgres',
  deps?: Parameters<typeof testApp>[1],
): Promise<{ ctx: TestApp; headers: Headers }> {
  const ctx = await testApp(backend, deps);
  return { ctx, headers: await signIn(ctx.app) };
}
