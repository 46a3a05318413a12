import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// Fuel and AdBlue level readings (the positions' levels) of the fuel screens: an event's level
// chart, the balance's start and end levels, the AdBlue level now. Every query names the tenant.

/** One raw reading of a vehicle's devices. */
export interface LevelRow {
  t: number;
  fuelPct: number | null;
  ureaPct: number | null;
  speed: number | null;
}

/** A vehicle's raw fuel and AdBlue levels in [from, to), oldest first (its devices' positions). */
export async function levelsOf(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  fromMs: number,
  toMs: number,
): Promise<LevelRow[]> {
  const result = await sql<{
    fix_time: Date;
    fuel_level: number | null;
    urea_level: number | null;
    speed: number | null;
  }>`
    select p.fix_time, p.fuel_level, p.urea_level, p.speed
    from devices d
    join positions p on p.device_id = d.id
    where d.tenant_id = ${tenantId} and d.vehicle_id = ${vehicleId}
      and p.fix_time >= ${new Date(fromMs)} and p.fix_time < ${new Date(toMs)}
    order by p.fix_time
    limit 20000`.execute(db);
  return result.rows.map((r) => ({
    t: new Date(r.fix_time).getTime(),
    fuelPct: r.fuel_level,
    ureaPct: r.urea_level,
    speed: r.speed,
  }));
}

type LevelPair = { fuelPct: number | null; ureaPct: number | null };
/** Which levels a read asks for: one only keeps a device without that sensor from being walked. */
export type LevelKind = 'fuel' | 'urea' | 'both';

/**
 * Each vehicle's fuel and AdBlue reading nearest an edge of (`fromMs`, `toMs`]: the last one
 * (`edge` 'last') or the first one (`edge` 'first', then [`fromMs`, `toMs`)). One ordered
 * `limit 1` per device and level on the positions key (device_id, fix_time): it reads from the
 * edge until the first non-null level, never the whole window.
 */
async function levelsAtEdge(
  db: Kysely<Database>,
  tenantId: number,
  vehicleIds: readonly number[],
  fromMs: number,
  toMs: number,
  edge: 'first' | 'last',
  kind: LevelKind,
): Promise<Map<number, LevelPair>> {
  const out = new Map<number, LevelPair>();
  if (vehicleIds.length === 0) return out;
  const from = new Date(fromMs);
  const to = new Date(toMs);
  const within =
    edge === 'last'
      ? sql`p.fix_time > ${from} and p.fix_time <= ${to}`
      : sql`p.fix_time >= ${from} and p.fix_time < ${to}`;
  const order = edge === 'last' ? sql`p.fix_time desc` : sql`p.fix_time`;
  const nearest = (column: 'fuel_level' | 'urea_level', wanted: boolean) =>
    wanted
      ? sql`(select ${sql.ref(`p.${column}`)} from positions p
          where p.device_id = d.id and ${within} and ${sql.ref(`p.${column}`)} is not null
          order by ${order} limit 1)`
      : sql`null::real`;
  const result = await sql<{ vehicle_id: number; fuel: number | null; urea: number | null }>`
    select d.vehicle_id,
      ${nearest('fuel_level', kind !== 'urea')} as fuel,
      ${nearest('urea_level', kind !== 'fuel')} as urea
    from devices d
    where d.tenant_id = ${tenantId} and d.vehicle_id = any(${[...vehicleIds]}::int4[])`.execute(db);
  for (const r of result.rows) {
    const prev = out.get(r.vehicle_id);
    out.set(r.vehicle_id, {
      fuelPct: r.fuel ?? prev?.fuelPct ?? null,
      ureaPct: r.urea ?? prev?.ureaPct ?? null,
    });
  }
  return out;
}

/** Each vehicle's last fuel and AdBlue readings at or before `atMs` (within `lookbackMs`). */
export function levelsAt(
  db: Kysely<Database>,
  tenantId: number,
  vehicleIds: readonly number[],
  atMs: number,
  lookbackMs: number,
  kind: LevelKind = 'both',
): Promise<Map<number, LevelPair>> {
  return levelsAtEdge(db, tenantId, vehicleIds, atMs - lookbackMs, atMs, 'last', kind);
}

/** Each vehicle's first fuel and AdBlue readings in [`fromMs`, `toMs`). */
export function firstLevelsIn(
  db: Kysely<Database>,
  tenantId: number,
  vehicleIds: readonly number[],
  fromMs: number,
  toMs: number,
  kind: LevelKind = 'both',
): Promise<Map<number, LevelPair>> {
  return levelsAtEdge(db, tenantId, vehicleIds, fromMs, toMs, 'first', kind);
}

/** Each vehicle's latest AdBlue level and its time (the live state). */
export async function latestUrea(
  db: Kysely<Database>,
  tenantId: number,
  vehicleIds: readonly number[],
): Promise<Map<number, { pct: number | null; at: number | null }>> {
  const out = new Map<number, { pct: number | null; at: number | null }>();
  if (vehicleIds.length === 0) return out;
  const rows = await db
    .selectFrom('vehicle_state')
    .select(['vehicle_id', 'urea_level_pct', 'fix_time'])
    .where('tenant_id', '=', tenantId)
    .where('vehicle_id', '=', sql<number>`any(${[...vehicleIds]}::int4[])`)
    .execute();
  for (const r of rows) {
    out.set(r.vehicle_id, {
      pct: r.urea_level_pct,
      at: r.fix_time === null ? null : new Date(r.fix_time).getTime(),
    });
  }
  return out;
}
