import type { Kysely } from 'kysely';
import type { VehicleStatus } from '@rumbo/contracts';
import type { Database } from '../db/schema.js';
import { driverNamesByCode } from '../modules/drivers/index.js';
import { listVehicles, listVehicleStates } from '../modules/fleet/index.js';
import { listTenantIds } from '../modules/tenants/index.js';
import type { LiveFleet } from './live-fleet.js';

/**
 * Fills the live fleet from the database at start: every vehicle, its last stored state and the
 * tenant's driver names. With `prune` (a reload after a change announced on the bus), vehicles
 * no longer in the database leave it.
 */
export async function loadLiveFleet(
  db: Kysely<Database>,
  live: LiveFleet,
  nowMs: number,
  options: { prune?: boolean } = {},
): Promise<void> {
  // Only vehicles held before the reload read the database may be pruned: one added meanwhile
  // (by this node, after the read) is not in the rows read.
  const held = options.prune ? live.vehicleIds() : [];
  const present = new Set<number>();
  // On a reload, only the vehicles new to the live fleet take their stored state: the others'
  // is newer in memory already.
  const added = new Set<number>();
  for (const tenantId of await listTenantIds(db)) {
    for (const vehicle of await listVehicles(db, tenantId)) {
      present.add(vehicle.vehicleId);
      if (options.prune && !live.get(vehicle.vehicleId)) added.add(vehicle.vehicleId);
      live.upsertVehicle(tenantId, vehicle);
    }
    live.setDriverNames(tenantId, await driverNamesByCode(db, tenantId));
  }
  for (const id of held) if (!present.has(id)) live.removeVehicle(id);
  if (options.prune && added.size === 0) return;
  const states = await listVehicleStates(db);
  for (const s of states) {
    if (s.fix_time === null || s.lat === null || s.lng === null) continue;
    if (options.prune && !added.has(s.vehicle_id)) continue;
    live.apply(s.vehicle_id, {
      fixTimeMs: new Date(s.fix_time).getTime(),
      lat: s.lat,
      lng: s.lng,
      speedKmh: s.speed_kmh,
      heading: s.heading,
      status: s.status as VehicleStatus,
      odometerKm: s.odometer_km,
      engineHours: s.engine_hours,
      ureaLevelPct: s.urea_level_pct,
      driverCode: s.driver_code,
      engineOn: s.ignition ?? undefined,
    });
  }
  live.sweepOffline(nowMs);
}
