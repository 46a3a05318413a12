// Places on the facts the sinks store (issue 23, docs/decisions/0031-places.md): each row with a
// position gets the place the geocoder names there as it is collected — the tenant's geofence or
// POI, else the nearest locality — a few microseconds, no I/O. Before the gazetteer has loaded
// the place is left null and the places job fills it.

import type { Place } from '@rumbo/telematics';
import type { Sink, VehicleTag } from './sink.js';

/** Names a position for a tenant; undefined when it cannot yet. */
export type PlaceNamer = (tenantId: number, lat: number, lng: number) => Place | undefined;

type Row = Record<string, unknown>;

/** Position columns of each sink's rows and the column of their place. */
const COLUMNS: Record<string, readonly (readonly [lat: string, lng: string, place: string])[]> = {
  trips: [
    ['start_lat', 'start_lng', 'start_place'],
    ['end_lat', 'end_lng', 'end_place'],
  ],
  stops: [['lat', 'lng', 'place']],
  idle: [['lat', 'lng', 'place']],
  events: [['lat', 'lng', 'place']],
  faults: [['start_lat', 'start_lng', 'start_place']],
};

function fill(row: Row, tag: VehicleTag, name: PlaceNamer, columns: (typeof COLUMNS)[string]) {
  for (const [latKey, lngKey, placeKey] of columns) {
    const lat = row[latKey];
    const lng = row[lngKey];
    if (typeof lat !== 'number' || typeof lng !== 'number') continue;
    const place = name(tag.tenantId, lat, lng);
    if (place) row[placeKey] = JSON.stringify(place);
  }
}

/** A sink whose rows carry their places (sinks without positions are returned as they are). */
export function placed<R>(sink: Sink<R>, name: PlaceNamer | undefined): Sink<R> {
  const columns = COLUMNS[sink.name];
  if (!name || (!columns && sink.name !== 'planned-trips')) return sink;
  const collect = sink.collect.bind(sink);
  return Object.assign(Object.create(sink) as Sink<R>, {
    collect(tag: VehicleTag, fact: Parameters<Sink<R>['collect']>[1]): R | undefined {
      const row = collect(tag, fact);
      if (row === undefined) return row;
      if (columns) fill(row as Row, tag, name, columns);
      else if ((row as { progress?: Row }).progress)
        fill((row as { progress: Row }).progress, tag, name, [['lat', 'lng', 'place']]);
      return row;
    },
  });
}
