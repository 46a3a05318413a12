import type { Kysely, Selectable } from 'kysely';
import type { Database, FaultsTable } from '../../db/schema.js';
import { tenantColumn } from '../../db/tenant-rows.js';

/** A fault episode row with its vehicle's plate. */
export type FaultWithPlate = Selectable<FaultsTable> & { plate: string };

/** What a list of episodes is narrowed to. */
export interface FaultFilter {
  fromMs: number;
  toMs: number;
  /** Undefined: every vehicle of the tenant. */
  vehicleIds?: readonly number[];
  severities?: readonly FaultsTable['severity'][];
  status: 'all' | 'open' | 'closed';
  limit: number;
}

/** The tenant's vehicles among `ids` (another tenant's are simply not found). */
export async function tenantVehicles(
  db: Kysely<Database>,
  tenantId: number,
  ids: readonly number[],
): Promise<{ id: number; plate: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('vehicles')
    .select(['id', 'plate'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The tenant's groups among `ids`, and the vehicles in them. */
export async function groupVehicles(
  db: Kysely<Database>,
  tenantId: number,
  ids: readonly number[],
): Promise<{ groups: number[]; vehicles: number[] }> {
  const groups = await tenantColumn(db, 'vehicle_groups', 'id', tenantId, 'id', [...new Set(ids)]);
  if (groups.length === 0) return { groups, vehicles: [] };
  const vehicles = await tenantColumn(db, 'vehicles', 'id', tenantId, 'group_id', groups);
  return { groups, vehicles };
}

/**
 * The tenant's episodes overlapping [from, to) — started before `to` and open or closed from
 * `from` on — newest first, at most `limit + 1` (the caller tells truncation from the extra one).
 */
export async function listFaults(
  db: Kysely<Database>,
  tenantId: number,
  f: FaultFilter,
): Promise<FaultWithPlate[]> {
  if (f.vehicleIds?.length === 0 || f.severities?.length === 0) return [];
  let query = db
    .selectFrom('faults')
    .innerJoin('vehicles', 'vehicles.id', 'faults.vehicle_id')
    .selectAll('faults')
    .select('vehicles.plate')
    .where('faults.tenant_id', '=', tenantId)
    .where('vehicles.tenant_id', '=', tenantId)
    .where('faults.start_time', '<', new Date(f.toMs))
    .where((eb) =>
      eb.or([eb('faults.end_time', 'is', null), eb('faults.end_time', '>=', new Date(f.fromMs))]),
    );
  if (f.vehicleIds) query = query.where('faults.vehicle_id', 'in', [...f.vehicleIds]);
  if (f.severities) query = query.where('faults.severity', 'in', [...f.severities]);
  if (f.status === 'open') query = query.where('faults.end_time', 'is', null);
  if (f.status === 'closed') query = query.where('faults.end_time', 'is not', null);
  return query
    .orderBy('faults.start_time', 'desc')
    .orderBy('faults.id', 'desc')
    .limit(f.limit + 1)
    .execute();
}
