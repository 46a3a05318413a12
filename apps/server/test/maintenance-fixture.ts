// The maintenance tests' fixture: a fresh app with two trucks of Transportes Demo (one in a group)
// and one of Transportes Norte, their counters now (100,000 km, 2,000 h) and 28 days of usage.
import { sql } from 'kysely';
import { addDeviceWithVehicle } from '../src/modules/fleet/fleet-cli.js';
import { addTruck, tenantIdOf } from './api.js';
import { signInHeaders, testApp, addOutsiderAdmin } from './harness.js';

export const DAY = 86_400_000;
/** Today, 00:00 UTC. */
export const today = () => Math.floor(Date.now() / DAY) * DAY;

/** The fresh app, the administrators of both tenants and the vehicles' ids. */
export async function setUpMaintenance(backend: 'embedded' | 'postgres') {
  const ctx = await testApp(backend);
  const db = ctx.database.db;
  await addOutsiderAdmin(db);
  const admin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234').then((s) => ({
    token: s.token,
    digest: s.digest,
  }));
  const outsider = await signInHeaders(ctx.app, 'norteadmin', 'norte1234').then((s) => ({
    token: s.token,
    digest: s.digest,
  }));
  const demo = { protocol: 'teltonika', tenant: 'Transportes Demo' };
  const truck = (
    await addDeviceWithVehicle(db, { ...demo, imei: '350000000000901', plate: 'MNT001' })
  ).vehicleId;
  const grouped = (
    await addDeviceWithVehicle(db, { ...demo, imei: '350000000000902', plate: 'MNT002' })
  ).vehicleId;
  const foreign = (await addTruck(db, '350000000000903', 'NRT001', { tenant: 'Transportes Norte' }))
    .vehicleId;
  const tenantOf = async (vehicleId: number) => await tenantIdOf(db, vehicleId);
  const demoTenant = await tenantOf(truck);
  const groupId = (
    await db
      .insertInto('vehicle_groups')
      .values({ tenant_id: demoTenant, name: 'Taller' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db.updateTable('vehicles').set({ group_id: groupId }).where('id', '=', grouped).execute();
  // Counters now: 100 000 km, 2 000 h; 28 days of 400 km and 8 h a day, and one day with a
  // 5 000 km jump that must not count.
  for (const [vehicleId, tenantId] of [
    [truck, demoTenant],
    [grouped, demoTenant],
    [foreign, await tenantOf(foreign)],
  ] as const) {
    await db
      .insertInto('vehicle_state')
      .values({
        vehicle_id: vehicleId,
        tenant_id: tenantId,
        fix_time: new Date(),
        status: 'moving',
        odometer_km: 100_000,
        engine_hours: 2_000,
        updated_at: new Date(),
      })
      .execute();
    for (let i = 0; i < 28; i += 1) {
      await sql`insert into vehicle_indicators_daily
          (vehicle_id, tenant_id, bucket, driver_code, distance_km, engine_s)
          values (${vehicleId}, ${tenantId}, ${new Date(today() - i * DAY)}, '',
            ${i === 3 ? 5_000 : 400}, ${8 * 3600})`.execute(db);
    }
  }
  await db
    .updateTable('vehicle_state')
    .set({ service_distance_km: 1_234 })
    .where('vehicle_id', '=', truck)
    .execute();
  return { ctx, admin, outsider, truck, grouped, foreign, groupId };
}
