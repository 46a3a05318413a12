// Geometry of a truck's route: a polyline with cumulative distances and named stops on it.

import { haversineM } from '@rumbo/telematics';

/** What kind of place a stop is; decides how long trucks stay and whether they refuel. */
export type PlaceKind = 'depot' | 'customer' | 'plant' | 'terminal' | 'fuel-station';

/** A named place where trucks stop. */
export interface Place {
  id: string;
  name: string;
  kind: PlaceKind;
  lat: number;
  lng: number;
  altitudeM: number;
}

/** A polyline vertex. */
export interface Waypoint {
  lat: number;
  lng: number;
  altitudeM: number;
}

/** A place on a route, at a distance from the route's start. */
export interface RouteStop {
  place: Place;
  atM: number;
}

/** A drivable polyline with its stops in order of distance. */
export interface Route {
  id: string;
  name: string;
  points: readonly Waypoint[];
  /** Distance from the first point to each point, metres. */
  cumulativeM: readonly number[];
  /** Bearing of each segment, start to end. */
  segmentHeadingsDeg: readonly number[];
  lengthM: number;
  stops: readonly RouteStop[];
}

/** A point on a route with the heading of travel. */
export interface RoutePosition extends Waypoint {
  headingDeg: number;
}

const RAD = Math.PI / 180;

/** Initial great-circle bearing from one point to another, degrees in [0, 360). */
export function bearingDeg(from: Waypoint, to: Waypoint): number {
  const lat1 = from.lat * RAD;
  const lat2 = to.lat * RAD;
  const dLng = (to.lng - from.lng) * RAD;
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/**
 * Builds a route from its vertices and the places to stop at. Each place must be one of the
 * vertices (within 50 m), so stops lie exactly on the road; a misplaced stop is a data error.
 */
export function buildRoute(
  id: string,
  name: string,
  points: readonly Waypoint[],
  stopPlaces: readonly Place[],
): Route {
  if (points.length < 2) throw new RangeError(`route ${id} needs at least 2 points`);
  const cumulativeM = [0];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Waypoint;
    const b = points[i] as Waypoint;
    cumulativeM.push((cumulativeM[i - 1] ?? 0) + haversineM(a.lat, a.lng, b.lat, b.lng));
  }
  const stops = stopPlaces.map((place): RouteStop => {
    let best = -1;
    let bestM = Infinity;
    points.forEach((p, i) => {
      const d = haversineM(p.lat, p.lng, place.lat, place.lng);
      if (d < bestM) {
        bestM = d;
        best = i;
      }
    });
    if (bestM > 50) throw new RangeError(`stop ${place.id} is not on route ${id}`);
    return { place, atM: cumulativeM[best] ?? 0 };
  });
  for (let i = 1; i < stops.length; i++) {
    if ((stops[i]?.atM ?? 0) <= (stops[i - 1]?.atM ?? 0)) {
      throw new RangeError(`stops of route ${id} are not in order along it`);
    }
  }
  const segmentHeadingsDeg = points.slice(1).map((b, i) => bearingDeg(points[i] as Waypoint, b));
  return {
    id,
    name,
    points,
    cumulativeM,
    segmentHeadingsDeg,
    lengthM: cumulativeM.at(-1) ?? 0,
    stops,
  };
}

/** Index of the segment holding `distanceM` (binary search). */
function segmentAt(route: Route, distanceM: number): number {
  const cum = route.cumulativeM;
  let lo = 0;
  let hi = cum.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((cum[mid] ?? 0) <= distanceM) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The heading of a truck `distanceM` along the route in `direction` (no point computed). */
export function headingOnRoute(route: Route, distanceM: number, direction: 1 | -1): number {
  const i = segmentAt(route, Math.min(Math.max(distanceM, 0), route.lengthM));
  const forward = route.segmentHeadingsDeg[i] ?? 0;
  return direction === 1 ? forward : (forward + 180) % 360;
}

/**
 * The point `distanceM` along the route (clamped to it) and the heading of a truck travelling in
 * `direction` (+1 towards the end, −1 back towards the start).
 */
export function locateOnRoute(route: Route, distanceM: number, direction: 1 | -1): RoutePosition {
  const d = Math.min(Math.max(distanceM, 0), route.lengthM);
  const i = segmentAt(route, d);
  const a = route.points[i] as Waypoint;
  const b = route.points[i + 1] as Waypoint;
  const start = route.cumulativeM[i] ?? 0;
  const length = (route.cumulativeM[i + 1] ?? start) - start;
  const f = length > 0 ? (d - start) / length : 0;
  const forward = route.segmentHeadingsDeg[i] ?? 0;
  return {
    lat: a.lat + (b.lat - a.lat) * f,
    lng: a.lng + (b.lng - a.lng) * f,
    altitudeM: a.altitudeM + (b.altitudeM - a.altitudeM) * f,
    headingDeg: direction === 1 ? forward : (forward + 180) % 360,
  };
}
