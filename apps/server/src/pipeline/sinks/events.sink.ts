import type { Insertable } from 'kysely';
import type { EventFact } from '@rumbo/telematics';
import type { EventsTable } from '../../db/schema.js';
import { lastByKey, type Sink, type VehicleTag } from './sink.js';
import { vehicleRowsFrom } from './vehicle-rows.js';

type EventRow = Insertable<EventsTable>;

/**
 * Codes no detector raises from records (a job does: `DTS` device silent, maintenance due; the
 * driving-times watch raises `DTB`, `DTD`, `DTI` per driver): a recompute of a vehicle's records
 * never deletes them.
 */
export const CODES_NOT_FROM_RECORDS: readonly string[] = ['DTS', 'MNP', 'MNV', 'DTB', 'DTD', 'DTI'];

/**
 * Whether an event is an alert: the tenant may have turned its code off (alert settings). An
 * event that is not is still stored, for the vehicle's history and the screens that read it
 * (places visited, refills), but neither listed nor told (issue 22).
 */
export type EventFilter = (tag: VehicleTag, fact: EventFact) => boolean;

/**
 * Events of the alert catalogue (domain.md §10). The key (vehicle, code, start) is the episode:
 * a fact seen again (the episode closed, a recompute re-created it) rewrites the same row, its
 * handling (acknowledgement) untouched. `deleteRange` keeps handled rows — an operator's
 * acknowledgement survives a recompute — and those no record produces (a job's `DTS`).
 */
export function eventsSink(filter?: EventFilter): Sink<EventRow> {
  return {
    name: 'events',
    kinds: ['event'],
    publishes: true,
    places: { columns: [['lat', 'lng', 'place']] },
    collect(tag, fact) {
      if (fact.type !== 'event') return undefined;
      return {
        tenant_id: tag.tenantId,
        vehicle_id: tag.vehicleId,
        code: fact.code.toUpperCase(),
        start_time: new Date(fact.startTimeMs),
        end_time: fact.endTimeMs === undefined ? null : new Date(fact.endTimeMs),
        lat: fact.lat ?? null,
        lng: fact.lng ?? null,
        value: fact.value ?? null,
        driver_code: fact.driverCode ?? null,
        data: fact.data === undefined ? null : JSON.stringify(fact.data),
        listed: fact.quiet !== true && (!filter || filter(tag, fact)),
      };
    },
    covers(fact, fromMs) {
      return (
        fact.type === 'event' &&
        fact.startTimeMs >= fromMs &&
        !CODES_NOT_FROM_RECORDS.includes(fact.code.toUpperCase())
      );
    },
    async write(trx, rows) {
      await trx
        .insertInto('events')
        .values(
          lastByKey(rows, (r) => `${r.vehicle_id}|${r.code}|${(r.start_time as Date).getTime()}`),
        )
        .onConflict((oc) =>
          oc.columns(['vehicle_id', 'code', 'start_time']).doUpdateSet((eb) => ({
            // An episode that closed keeps its end; a re-created open one never erases it.
            end_time: eb.fn.coalesce('excluded.end_time', 'events.end_time'),
            // A closing fact may carry less than the opening one: what it lacks is kept.
            lat: eb.fn.coalesce('excluded.lat', 'events.lat'),
            lng: eb.fn.coalesce('excluded.lng', 'events.lng'),
            value: eb.fn.coalesce('excluded.value', 'events.value'),
            driver_code: eb.fn.coalesce('excluded.driver_code', 'events.driver_code'),
            data: eb.fn.coalesce('excluded.data', 'events.data'),
            place: eb.fn.coalesce('excluded.place', 'events.place'),
            listed: eb.ref('excluded.listed'),
          })),
        )
        .execute();
    },
    async deleteRange(trx, vehicleId, fromMs) {
      await vehicleRowsFrom(trx, 'events', 'start_time', vehicleId, new Date(fromMs))
        .where('acknowledged_at', 'is', null)
        .where('code', 'not in', [...CODES_NOT_FROM_RECORDS])
        .execute();
    },
  };
}
