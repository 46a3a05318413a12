import type { Insertable } from 'kysely';
import type { DriverActivityFact } from '@rumbo/telematics';
import type { DriverActivitiesTable } from '../../db/schema.js';
import type { Sink } from './sink.js';
import { reopenFrom } from './vehicle-rows.js';

/** A row as collected, with the fact's emission time (a recompute keeps the facts from a time on). */
type ActivityRow = Insertable<DriverActivitiesTable> & { atMs: number };

const ms = (d: ActivityRow['start_time']) => new Date(d).getTime();

/** The rows in emission order, one per (vehicle, slot, start), the last one winning. */
function lastInOrder(rows: readonly ActivityRow[]): ActivityRow[] {
  const byKey = new Map<string, ActivityRow>();
  for (const row of rows) {
    const key = `${row.vehicle_id}|${row.slot}|${ms(row.start_time)}`;
    byKey.delete(key);
    byKey.set(key, row);
  }
  return [...byKey.values()];
}

/**
 * Driver activities (issue 26, decision 0043): a fact writes its interval's row, keyed by (vehicle,
 * slot, start); the closing fact sets its end. A recompute replays from a trip's end with a fresh
 * detector, so an interval open before that point comes back with a later start: such a fact
 * continues the open row of the same card and kind that started earlier instead of adding a
 * second interval. `deleteRange` drops the intervals that started from `fromMs` on and reopens
 * those that ended after it (the replay closes them again). Rows are written in emission order
 * (a close before the next open), one vehicle's rows only ever written by its partition.
 */
export const driverActivitiesSink: Sink<ActivityRow> = {
  name: 'driver-activities',
  kinds: ['driver-activity'],
  publishes: true,
  places: { columns: [['lat', 'lng', 'place']] },
  collect({ vehicleId, tenantId }, fact) {
    if (fact.type !== 'driver-activity') return undefined;
    const f: DriverActivityFact = fact;
    return {
      atMs: f.atMs,
      tenant_id: tenantId,
      vehicle_id: vehicleId,
      card: f.card,
      slot: f.slot,
      kind: f.kind,
      start_time: new Date(f.startMs),
      end_time: f.endMs === undefined ? null : new Date(f.endMs),
      lat: f.lat ?? null,
      lng: f.lng ?? null,
    };
  },
  covers(fact, fromMs) {
    return fact.type === 'driver-activity' && fact.atMs >= fromMs;
  },
  async write(trx, rows) {
    const drivers = new Map<string, number>();
    const cards = [...new Set(rows.map((r) => r.card))];
    const tenants = [...new Set(rows.map((r) => r.tenant_id))];
    if (cards.length > 0) {
      const found = await trx
        .selectFrom('drivers')
        .select(['id', 'tenant_id', 'code'])
        .where('tenant_id', 'in', tenants)
        .where('code', 'in', cards)
        .orderBy('id')
        .execute();
      for (const d of found.reverse()) drivers.set(`${d.tenant_id}|${d.code}`, d.id);
    }
    // The open rows of these vehicles, read once: a fact whose interval began before the batch
    // (a recompute's replay) continues one of them; the rest is one multi-row upsert.
    const vehicles = [...new Set(rows.map((r) => r.vehicle_id))];
    const open = new Map<
      string,
      { id?: number; startMs: number; pending?: Insertable<DriverActivitiesTable> }[]
    >();
    const openKey = (r: { vehicle_id: number; slot: number; card: string; kind: string }) =>
      `${r.vehicle_id}|${r.slot}|${r.card}|${r.kind}`;
    const found = await trx
      .selectFrom('driver_activities')
      .select(['id', 'vehicle_id', 'slot', 'card', 'kind', 'start_time'])
      .where('vehicle_id', 'in', vehicles)
      .where('end_time', 'is', null)
      .execute();
    for (const r of found) {
      const list = open.get(openKey(r)) ?? [];
      list.push({ id: r.id, startMs: ms(r.start_time) });
      open.set(openKey(r), list);
    }
    const inserts: Insertable<DriverActivitiesTable>[] = [];
    const closes: { id: number; end: Date }[] = [];
    for (const { atMs, ...row } of lastInOrder(rows)) {
      void atMs;
      const startMs = ms(row.start_time);
      const list = open.get(openKey(row)) ?? [];
      open.set(openKey(row), list);
      // The latest open row of the same card and kind that started earlier.
      let continued: (typeof list)[number] | undefined;
      for (const o of list)
        if (o.startMs < startMs && (!continued || o.startMs > continued.startMs)) continued = o;
      if (continued) {
        if (row.end_time != null) {
          if (continued.pending) continued.pending.end_time = row.end_time;
          else if (continued.id !== undefined)
            closes.push({ id: continued.id, end: new Date(row.end_time) });
          list.splice(list.indexOf(continued), 1);
        }
        continue;
      }
      const insert = { ...row, driver_id: drivers.get(`${row.tenant_id}|${row.card}`) ?? null };
      inserts.push(insert);
      const same = list.findIndex((o) => o.startMs === startMs);
      if (same >= 0) list.splice(same, 1);
      if (row.end_time == null) list.push({ startMs, pending: insert });
    }
    for (const { id, end } of closes)
      await trx
        .updateTable('driver_activities')
        .set({ end_time: end })
        .where('id', '=', id)
        .execute();
    if (inserts.length > 0)
      await trx
        .insertInto('driver_activities')
        .values(inserts)
        .onConflict((oc) =>
          oc.columns(['vehicle_id', 'slot', 'start_time']).doUpdateSet((eb) => ({
            card: eb.ref('excluded.card'),
            kind: eb.ref('excluded.kind'),
            // A closed interval keeps its end; a re-created open one never erases it.
            end_time: eb.fn.coalesce('excluded.end_time', 'driver_activities.end_time'),
            place: eb.fn.coalesce('excluded.place', 'driver_activities.place'),
          })),
        )
        .execute();
  },
  async deleteRange(trx, vehicleId, fromMs) {
    await reopenFrom(trx, 'driver_activities', vehicleId, new Date(fromMs), ['end_time']);
  },
};
