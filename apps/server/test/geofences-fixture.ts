import { sql } from 'kysely';
import { addDeviceWithVehicle } from '../src/modules/fleet/fleet-cli.js';
import { ensureUser } from '../src/modules/seed/seed.service.js';
import { signInHeaders, testApp, listenOnFreePort, addOutsiderAdmin } from './harness.js';
import { reloadFleetAndOpenIngest } from './ingest-helpers.js';

export type Headers = Record<string, string>;

/** A square of `sizeDeg` degrees with its south-west corner at (lng, lat). */
export function square(lng: number, lat: number, sizeDeg = 0.01): [number, number][] {
  return [
    [lng, lat],
    [lng + sizeDeg, lat],
    [lng + sizeDeg, lat + sizeDeg],
    [lng, lat + sizeDeg],
    [lng, lat],
  ];
}

export function feature(geometry: object, properties: Record<string, unknown>) {
  return { type: 'Feature', geometry, properties };
}

export const GEOFENCES_IMEI = '359000000012001';

const toHeaders = (s: { token: string; digest: string }) => ({
  token: s.token,
  digest: s.digest,
});

/**
 * The geofence tests' app: `GF001AA` in the demo tenant, `NO001AA` and its admin in another, a demo
 * viewer; listening with its ingest ports open. `call` is an API call in a language.
 */
export async function startGeofencesApp(backend: 'embedded' | 'postgres') {
  const ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5, recomputeDebounceMs: 50 } });
  const db = ctx.database.db;
  const { vehicleId } = await addDeviceWithVehicle(db, {
    imei: GEOFENCES_IMEI,
    plate: 'GF001AA',
    protocol: 'teltonika',
    tenant: 'Transportes Demo',
  });
  await addOutsiderAdmin(db);
  const { vehicleId: otherVehicleId } = await addDeviceWithVehicle(db, {
    imei: '359000000012002',
    plate: 'NO001AA',
    protocol: 'teltonika',
    tenant: 'Transportes Norte',
  });
  await ensureUser(db, {
    tenant: 'Transportes Demo',
    username: 'demoviewer',
    email: 'v@demo.test',
    role: 'viewer',
    password: 'demo1234',
  });
  const ingest = await reloadFleetAndOpenIngest(ctx);
  const port = await listenOnFreePort(ctx);
  const operator = toHeaders(await signInHeaders(ctx.app, 'demouser', 'demo1234'));
  const viewer = toHeaders(await signInHeaders(ctx.app, 'demoviewer', 'demo1234'));
  const outsider = toHeaders(await signInHeaders(ctx.app, 'norteadmin', 'norte1234'));

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: unknown,
    lang = 'es',
  ) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const count = async (table: 'geofences' | 'interest_points') =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!
        .n,
    );
  return {
    ctx,
    ingest,
    port,
    operator: operator as Headers & { iss?: string },
    viewer,
    outsider,
    vehicleId,
    otherVehicleId,
    call,
    count,
    close: async () => {
      await ingest.close();
      await ctx.close();
    },
  };
}

/** What `startGeofencesApp` gives a test file. */
export type GeofencesApp = Awaited<ReturnType<typeof startGeofencesApp>>;
