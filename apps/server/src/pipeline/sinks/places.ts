// Places on the facts the sinks store (issue 23, docs/decisions/0031-places.md): each row with a
// position gets the place the geocoder names there as it is collected — the tenant's geofence or
// POI, else the nearest locality — a few microseconds, no I/O. Before the gazetteer has loaded
// the place is left null and the places job fills it.

import type { Place } from '@rumbo/telematics';
import type { PlaceColumns, Sink, VehicleTag } from './sink.js';

/** Names a position for a tenant; undefined when it cannot yet. */
export type PlaceNamer = (tenantId: number, lat: number, lng: number) => Place | undefined;

type Row = Record<string, unknown>;

function fill(row: Row, tag: VehicleTag, name: PlaceNamer, columns: PlaceColumns['columns']) {
  for (const [latKey, lngKey, placeKey] of columns) {
    const lat = row[latKey];
    const lng = row[lngKey];
    if (typeof lat !== 'number' || typeof lng !== 'number') continue;
    const place = name(tag.tenantId, lat, lng);
    if (place) row[placeKey] = JSON.stringify(place);
  }
}

/**
 * A sink whose rows carry their places, in the columns the sink declares (`Sink.places`); sinks
 * without positions are returned as they are.
 */
export function placed<R>(sink: Sink<R>, name: PlaceNamer | undefined): Sink<R> {
  const spec = sink.places;
  if (!name || !spec) return sink;
  const collect = sink.collect.bind(sink);
  return Object.assign(Object.create(sink) as Sink<R>, {
    collect(tag: VehicleTag, fact: Parameters<Sink<R>['collect']>[1]): R | undefined {
      const row = collect(tag, fact);
      if (row === undefined) return row;
      const target = spec.in ? spec.in(row) : (row as Row);
      if (target) fill(target, tag, name, spec.columns);
      return row;
    },
  });
}
