import { FAST_PIPELINE, addDemoViewer, addTruck, apiCaller, countRows, signIn } from './api.js';
import { testApp, listenOnFreePort, addOutsiderAdmin } from './harness.js';
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

/**
 * The geofence tests' app: `GF001AA` in the demo tenant, `NO001AA` and its admin in another, a demo
 * viewer; listening with its ingest ports open. `call` is an API call in a language.
 */
export async function startGeofencesApp(backend: 'embedded' | 'postgres') {
  const ctx = await testApp(backend, { pipeline: FAST_PIPELINE });
  const db = ctx.database.db;
  const { vehicleId } = await addTruck(db, GEOFENCES_IMEI, 'GF001AA');
  await addOutsiderAdmin(db);
  const { vehicleId: otherVehicleId } = await addTruck(db, '359000000012002', 'NO001AA', {
    tenant: 'Transportes Norte',
  });
  await addDemoViewer(db);
  const ingest = await reloadFleetAndOpenIngest(ctx);
  const port = await listenOnFreePort(ctx);
  const operator = await signIn(ctx.app, 'demouser', 'demo1234');
  const viewer = await signIn(ctx.app, 'demoviewer', 'demo1234');
  const outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');

  const call = apiCaller(() => ctx.app, { lang: 'es' });
  const count = (table: 'geofences' | 'interest_points') => countRows(db, table);
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
