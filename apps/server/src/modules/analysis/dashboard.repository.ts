import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How many events of the tenant's vehicles started in [from, to) (the dashboard's alerts). */
export async function countEvents(
  db: Kysely<Database>,
  tenantId: number,
  from: number,
  to: number,
): Promise<number> {
  const row = await db
    .selectFrom('events')
    .innerJoin('vehicles', 'vehicles.id', 'events.vehicle_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('events.tenant_id', '=', tenantId)
    .where('events.start_time', '>=', new Date(from))
    .where('events.start_time', '<', new Date(to))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
