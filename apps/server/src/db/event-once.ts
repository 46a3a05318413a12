import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** An event a job (not the pipeline) raises: one a vehicle, code and start time. */
export interface EventOnce {
  tenantId: number;
  vehicleId: number;
  code: string;
  startTimeMs: number;
  lat: number | null;
  lng: number | null;
  value: number | null;
  driverCode: string | null;
  data: Record<string, string | number | boolean> | null;
}

/** Stores an event once (keyed by vehicle, code and start time); true when it is new. */
export async function insertEventOnce(
  db: Kysely<Database> | Transaction<Database>,
  event: EventOnce,
): Promise<boolean> {
  const rows = await db
    .insertInto('events')
    .values({
      tenant_id: event.tenantId,
      vehicle_id: event.vehicleId,
      code: event.code,
      start_time: new Date(event.startTimeMs),
      lat: event.lat,
      lng: event.lng,
      value: event.value,
      driver_code: event.driverCode,
      data: event.data === null ? null : JSON.stringify(event.data),
    })
    .onConflict((oc) => oc.columns(['vehicle_id', 'code', 'start_time']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}
