// The demo's near-limit drivers (decision 0048), kept across restarts: the placement searches
// hundreds of truck plans (about a second of CPU before the trucks can go live), yet depends only
// on the seed, the fleet's size, its start and the first start's present. It is kept in the
// database beside the demo's history rows (where the fleet's start is kept), under a key naming
// those; a row of another key, one that does not read back or no longer holds is computed again.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import {
  computeDemoPlacement,
  demoPlacementHolds,
  demoPlacementKey,
  adoptDemoPlacement,
  type PlacedTruck,
} from './demo-duty.js';

const placedTruck = z.object({
  index: z.number().int().nonnegative(),
  driver: z.number().int().nonnegative(),
  limit: z.enum(['break', 'day']),
  leftMin: z.number().int(),
  duty: z.object({
    crew: z.boolean().optional(),
    pushesOn: z.boolean().optional(),
    shiftHours: z.tuple([z.number(), z.number()]).optional(),
    extendedAtMs: z.number().optional(),
    averageKmh: z.number().positive().optional(),
    hold: z.object({ leg: z.number().int().nonnegative(), untilMs: z.number() }).optional(),
  }),
});

/** Reads the placement kept under `key`; undefined when there is none or it does not read back. */
async function readPlacement(
  db: Kysely<Database>,
  key: string,
): Promise<PlacedTruck[] | undefined> {
  const row = await db
    .selectFrom('demo_placement')
    .select('placement')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    const parsed = z.array(placedTruck).safeParse(JSON.parse(row.placement));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `placement` under `key`, the only one kept (a fleet has one start and one anchor). */
async function writePlacement(
  db: Kysely<Database>,
  key: string,
  placement: readonly PlacedTruck[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('demo_placement').execute();
    await trx
      .insertInto('demo_placement')
      .values({ key, placement: JSON.stringify(placement) })
      .execute();
  });
}

/**
 * The demo's near-limit drivers for this fleet, read back from the database when kept there
 * (and still holding), else computed and kept; either way what `demoTruckDuty` and
 * `demoNearLimit` use from now on in this process.
 */
export async function loadDemoPlacement(
  db: Kysely<Database>,
  fleet: { seed: string; vehicles: number; startMs: number; anchorMs: number },
): Promise<{ placement: readonly PlacedTruck[]; kept: boolean }> {
  const { seed, vehicles, startMs, anchorMs } = fleet;
  const key = demoPlacementKey(seed, vehicles, startMs, anchorMs);
  const read = await readPlacement(db, key);
  const kept = read !== undefined && demoPlacementHolds(seed, vehicles, startMs, anchorMs, read);
  const placement = kept ? read : computeDemoPlacement(seed, vehicles, startMs, anchorMs);
  adoptDemoPlacement(seed, vehicles, startMs, anchorMs, placement);
  if (!kept) await writePlacement(db, key, placement);
  return { placement, kept };
}
