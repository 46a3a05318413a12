// What the pipeline's facts say to webhooks (issue 27 item 3): a fact of a subscribed kind becomes
// one event per kind it reports — an `AZA` is both `alert.AZA` and `geofence.entered` — with the
// payload posted as `data`, and a key that a recompute's replay of the same fact finds again.

import type { DeviceFact, EventFact } from '@rumbo/telematics';
import type { PlaceNamer as NamePlace } from './places.js';
import type { VehicleTag } from './sink.js';

/** An event for the outbox. */
export interface WebhookEvent {
  kind: string;
  /** Same fact, same key: told once (the outbox's unique key). */
  dedupKey: string;
  data: Record<string, unknown>;
}

const REFILL_CODES: Readonly<Record<string, string>> = { CRG: 'fuel', AUR: 'adblue' };
const THEFT_CODES = new Set(['DCS']);
const ZONE_ENTRY_CODES = new Set(['AZA', 'AZP']);
const ZONE_EXIT_CODES = new Set(['SDZ']);
const ROUTE_KINDS: Readonly<Record<string, string>> = {
  arrived: 'planned_trip.arrived',
  late: 'planned_trip.late',
  deviation: 'planned_trip.deviation',
};

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

function at(
  tag: VehicleTag,
  name: NamePlace | undefined,
  lat: number | undefined,
  lng: number | undefined,
) {
  if (lat === undefined || lng === undefined) return { lat: null, lng: null, place: null };
  return { lat, lng, place: name?.(tag.tenantId, lat, lng) ?? null };
}

function eventData(tag: VehicleTag, fact: EventFact, name: NamePlace | undefined) {
  return {
    vehicleId: tag.vehicleId,
    code: fact.code.toUpperCase(),
    start: iso(fact.startTimeMs),
    end: iso(fact.endTimeMs),
    ...at(tag, name, fact.lat, fact.lng),
    value: fact.value ?? null,
    driverCode: fact.driverCode ?? null,
    attributes: fact.data ?? {},
  };
}

/** The kinds a fact may report (before looking at its content): the sink's cheap filter. */
export function kindsOf(fact: DeviceFact): 'event' | 'trip' | 'fault' | 'route' | undefined {
  const type = fact.type;
  return type === 'event' || type === 'trip' || type === 'fault' || type === 'route'
    ? type
    : undefined;
}

/** The events a fact reports, of the kinds `wants` accepts. */
export function webhookEvents(
  tag: VehicleTag,
  fact: DeviceFact,
  wants: (kind: string) => boolean,
  name?: NamePlace,
): WebhookEvent[] {
  const out: WebhookEvent[] = [];
  const add = (kind: string, key: string, data: () => Record<string, unknown>) => {
    if (wants(kind)) out.push({ kind, dedupKey: `${tag.vehicleId}|${kind}|${key}`, data: data() });
  };
  switch (fact.type) {
    case 'event': {
      const code = fact.code.toUpperCase();
      const key = String(fact.startTimeMs);
      let data: Record<string, unknown> | undefined;
      const once = () => (data ??= eventData(tag, fact, name));
      if (fact.quiet !== true) add(`alert.${code}`, key, once);
      const tank = REFILL_CODES[code];
      if (tank) add('fuel.refill', key, () => ({ ...once(), tank, litres: fact.value ?? null }));
      if (THEFT_CODES.has(code))
        add('fuel.theft', key, () => ({ ...once(), tank: 'fuel', litres: fact.value ?? null }));
      const zoneId = fact.data?.idzona ?? fact.data?.idinterestpoint ?? null;
      if (ZONE_ENTRY_CODES.has(code)) add('geofence.entered', key, () => ({ ...once(), zoneId }));
      if (ZONE_EXIT_CODES.has(code)) add('geofence.exited', key, () => ({ ...once(), zoneId }));
      break;
    }
    case 'trip':
      add('trip.ended', String(fact.startTimeMs), () => {
        const start = at(tag, name, fact.startLat, fact.startLng);
        const end = at(tag, name, fact.endLat, fact.endLng);
        return {
          vehicleId: tag.vehicleId,
          start: iso(fact.startTimeMs),
          end: iso(fact.endTimeMs),
          startLat: start.lat,
          startLng: start.lng,
          startPlace: start.place,
          endLat: end.lat,
          endLng: end.lng,
          endPlace: end.place,
          distanceKm: Math.round(fact.distanceM) / 1000,
          durationS: fact.durationS,
          drivingTimeS: fact.drivingTimeS,
          idleTimeS: fact.idleTimeS,
          fuelUsedL: fact.fuelUsedL ?? null,
          maxSpeedKmh: fact.maxSpeedKmh ?? null,
          driverCode: fact.driverCode ?? null,
          endReason: fact.endReason,
        };
      });
      break;
    case 'fault': {
      // Emitted at its open (the record that opened it), on changes, and at its close (`end`).
      const closed = fact.end !== undefined;
      if (!closed && fact.atMs !== fact.start.timeMs) break;
      const point = closed ? fact.end! : fact.start;
      add(
        closed ? 'fault.closed' : 'fault.opened',
        `${fact.source}|${fact.code}|${fact.start.timeMs}`,
        () => ({
          vehicleId: tag.vehicleId,
          source: fact.source,
          code: fact.code,
          spn: fact.spn ?? null,
          fmi: fact.fmi ?? null,
          severity: fact.severity,
          start: iso(fact.start.timeMs),
          end: iso(fact.end?.timeMs),
          ...at(tag, name, point.lat, point.lng),
          lamps: fact.lamps,
        }),
      );
      break;
    }
    case 'route': {
      const kind = ROUTE_KINDS[fact.kind];
      if (kind)
        add(
          kind,
          `${fact.planId}|${fact.stopIndex}|${fact.kind === 'deviation' ? fact.atMs : ''}`,
          () => ({
            vehicleId: tag.vehicleId,
            plannedTripId: fact.planId,
            stopIndex: fact.stopIndex,
            at: iso(fact.atMs),
            ...at(tag, name, fact.lat, fact.lng),
          }),
        );
      break;
    }
    // Facts no webhook reports (a new fact kind must be placed here or above).
    case 'counter':
    case 'driver-activity':
    case 'duplicate':
    case 'flagged':
    case 'idle':
    case 'indicators':
    case 'kickdown':
    case 'late':
    case 'rejected':
    case 'rollup':
    case 'route-eta':
    case 'status':
    case 'stop':
      break;
  }
  return out;
}
