import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// The recorded trips a planned trip's CO₂ is counted from (planned-trips-co2.ts, decision 0050).

/** A recorded trip of a vehicle, with the vehicle's kind. */
export interface DrivenRow {
  vehicleId: number;
  startMs: number;
  endMs: number;
  distanceKm: number;
  fuelL: number | null;
  kind: string;
}

/** The recorded trips of the vehicles that overlap [fromMs, toMs), with each vehicle's kind. */
export async function drivenTrips(
  db: Kysely<Database>,
  tenantId: number,
  vehicleIds: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<DrivenRow[]> {
  if (vehicleIds.length === 0) return [];
  const rows = await db
    .selectFrom('trips as t')
    .innerJoin('vehicles as v', (join) =>
      join.onRef('v.id', '=', 't.vehicle_id').onRef('v.tenant_id', '=', 't.tenant_id'),
    )
    .select(['t.vehicle_id', 't.start_time', 't.end_time', 't.distance_km', 't.fuel_l', 'v.kind'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.vehicle_id', 'in', [...new Set(vehicleIds)])
    .where('t.end_time', '>', new Date(fromMs))
    .where('t.start_time', '<', new Date(toMs))
    .execute();
  return rows.map((r) => ({
    vehicleId: r.vehicle_id,
    startMs: new Date(r.start_time).getTime(),
    endMs: new Date(r.end_time).getTime(),
    distanceKm: r.distance_km,
    fuelL: r.fuel_l,
    kind: r.kind,
  }));
}
