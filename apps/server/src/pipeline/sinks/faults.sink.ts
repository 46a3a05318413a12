import type { Insertable } from 'kysely';
import { severityOf, type FaultFact } from '@rumbo/telematics';
import type { FaultsTable } from '../../db/schema.js';
import { lastByKey, type Sink } from './sink.js';
import { reopenFrom } from './vehicle-rows.js';

type FaultRow = Insertable<FaultsTable>;

const date = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));
const timeOf = (d: FaultRow['start_time']) => new Date(d).getTime();

/**
 * Fault episodes (domain.md §9). A fact rewrites its episode's row (vehicle, source, code, start).
 * A recompute replays from a trip's end with a fresh detector, so an episode open before that
 * point comes back with a later start: such a fact continues the open row of the same code that
 * started earlier instead of adding a second episode. `deleteRange` drops the episodes that
 * started from `fromMs` on and reopens those that closed after it (the replay closes them again).
 */
export const faultsSink: Sink<FaultRow> = {
  name: 'faults',
  kinds: ['fault'],
  publishes: false,
  places: { columns: [['start_lat', 'start_lng', 'start_place']] },
  collect({ vehicleId, tenantId }, fact) {
    if (fact.type !== 'fault') return undefined;
    const f: FaultFact = fact;
    return {
      tenant_id: tenantId,
      vehicle_id: vehicleId,
      source: f.source,
      code: f.code,
      spn: f.spn ?? null,
      fmi: f.fmi ?? null,
      severity: f.severity,
      mil: f.lamps.mil,
      red_stop: f.lamps.redStop,
      amber: f.lamps.amber,
      protect: f.lamps.protect,
      occurrences: f.occurrences ?? null,
      start_time: new Date(f.start.timeMs),
      start_lat: f.start.lat ?? null,
      start_lng: f.start.lng ?? null,
      start_odometer_m: f.start.odometerM ?? null,
      start_engine_hours: f.start.engineHours ?? null,
      last_seen: new Date(f.lastSeenMs),
      end_time: date(f.end?.timeMs),
      end_lat: f.end?.lat ?? null,
      end_lng: f.end?.lng ?? null,
      end_odometer_m: f.end?.odometerM ?? null,
      end_engine_hours: f.end?.engineHours ?? null,
      end_reason: f.endReason ?? null,
    };
  },
  covers(fact, fromMs) {
    return fact.type === 'fault' && fact.atMs >= fromMs;
  },
  async write(trx, rows) {
    const byKey = lastByKey(
      rows,
      (r) => `${r.vehicle_id}|${r.source}|${r.code}|${timeOf(r.start_time)}`,
    );
    for (const row of byKey) {
      const start = new Date(timeOf(row.start_time));
      const existing = await trx
        .selectFrom('faults')
        .select(['id', 'mil', 'red_stop', 'amber', 'protect', 'end_time'])
        .where('vehicle_id', '=', row.vehicle_id)
        .where('source', '=', row.source)
        .where('code', '=', row.code)
        .where((eb) =>
          eb.or([
            eb('start_time', '=', start),
            eb.and([eb('end_time', 'is', null), eb('start_time', '<', start)]),
          ]),
        )
        .orderBy('start_time')
        .limit(1)
        .executeTakeFirst();
      if (!existing) {
        await trx.insertInto('faults').values(row).execute();
        continue;
      }
      const lamps = {
        mil: existing.mil || Boolean(row.mil),
        redStop: existing.red_stop || Boolean(row.red_stop),
        amber: existing.amber || Boolean(row.amber),
        protect: existing.protect || Boolean(row.protect),
      };
      await trx
        .updateTable('faults')
        .set({
          severity: severityOf(lamps),
          mil: lamps.mil,
          red_stop: lamps.redStop,
          amber: lamps.amber,
          protect: lamps.protect,
          occurrences: row.occurrences,
          last_seen: row.last_seen,
          // A closed episode stays closed when an older open fact comes again.
          ...(row.end_time !== null || existing.end_time === null
            ? {
                end_time: row.end_time,
                end_lat: row.end_lat,
                end_lng: row.end_lng,
                end_odometer_m: row.end_odometer_m,
                end_engine_hours: row.end_engine_hours,
                end_reason: row.end_reason,
              }
            : {}),
        })
        .where('id', '=', existing.id)
        .execute();
    }
  },
  async deleteRange(trx, vehicleId, fromMs) {
    await reopenFrom(trx, 'faults', vehicleId, new Date(fromMs), [
      'end_time',
      'end_lat',
      'end_lng',
      'end_odometer_m',
      'end_engine_hours',
      'end_reason',
    ]);
  },
};
