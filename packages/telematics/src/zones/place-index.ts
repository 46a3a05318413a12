// The spatial index of a tenant's geofences and POIs (issue 12, docs/decisions/0020-geofences.md):
// one Flatbush (a static packed R-tree) over every zone's and POI's bounding box, widened by the
// border band, then exact tests in metres on a local equirectangular projection of each shape
// (point in polygon by ray crossing, distance to edges, to a corridor's line, to a circle's
// centre). Built in a few milliseconds for 10,000 zones; rebuilt whole when a zone changes.

import Flatbush from 'flatbush';
import { EARTH_RADIUS_M } from '../geo.js';
import type {
  ContextGeofence,
  ContextPoi,
  ContextShape,
  PlaceHits,
  PlaceLookup,
  PoiHit,
  ZoneHit,
} from '../detectors/detector.js';

const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

/** A zone to index, with the vehicles it applies to. */
export interface IndexedZone extends ContextGeofence {
  /** Applies to every vehicle of the tenant. */
  autoAsign: boolean;
  /**
   * The stored version (e.g. its last save's time): an index built with a `previous` one reuses
   * the compiled shape of a zone of the same id and version instead of projecting it again.
   */
  version?: string | number;
  vehicleIds?: readonly number[];
  groupIds?: readonly number[];
}

/** Shape kinds, compiled. */
const Kind = { Circle: 0, Polygon: 1, Corridor: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

interface CompiledZone {
  zone: IndexedZone;
  kind: Kind;
  /** Projection origin and scale: x = (lng − lng0)·kx, y = (lat − lat0)·ky, metres. */
  lng0: number;
  lat0: number;
  kx: number;
  /** Projected positions: polygon rings one after the other, or the corridor's line. */
  xy: Float64Array;
  /** Polygon: the end (exclusive, in positions) of each ring. */
  ringEnds: Int32Array;
  /** Circle radius or corridor half width, metres. */
  reach: number;
  bandM: number;
  vehicles: ReadonlySet<number> | null;
  groups: ReadonlySet<number> | null;
  /** Bounding box widened by the reach and the band: [minLng, minLat, maxLng, maxLat]. */
  box: readonly [number, number, number, number];
  /** The band it was compiled with (a compiled zone is reused only with the same). */
  borderBandM: number;
}

interface CompiledPoi {
  poi: ContextPoi;
  kx: number;
}

const NO_ZONES: readonly ZoneHit[] = Object.freeze([]);
const NO_POIS: readonly PoiHit[] = Object.freeze([]);
const NOTHING: PlaceHits = Object.freeze({ zones: NO_ZONES, pois: NO_POIS });

function kxAt(lat: number): number {
  return METRES_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180));
}

/** Squared distance from (px, py) to the segment (ax, ay)–(bx, by). */
function segmentDistance2(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const t = segmentFraction(px, py, ax, ay, bx, by);
  const ex = ax + t * (bx - ax) - px;
  const ey = ay + t * (by - ay) - py;
  return ex * ex + ey * ey;
}

/** How far along segment a→b (0…1) the point nearest to p is. */
export function segmentFraction(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

function compileZone(zone: IndexedZone, borderBandM: number): CompiledZone {
  const shape: ContextShape = zone.shape;
  let rings: readonly (readonly (readonly [number, number])[])[];
  let kind: Kind;
  let reach = 0;
  if (shape.kind === 'circle') {
    kind = Kind.Circle;
    rings = [[[shape.lng, shape.lat]]];
    reach = shape.radiusM;
  } else if (shape.kind === 'corridor') {
    kind = Kind.Corridor;
    rings = [shape.line];
    reach = shape.widthM / 2;
  } else {
    kind = Kind.Polygon;
    rings = shape.rings;
  }
  let count = 0;
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const ring of rings) {
    count += ring.length;
    for (const p of ring) {
      const lng = p[0];
      const lat = p[1];
      if (lng < minLng) minLng = lng;
      if (lng > maxLng) maxLng = lng;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
  }
  const lng0 = (minLng + maxLng) / 2;
  const lat0 = (minLat + maxLat) / 2;
  const kx = kxAt(lat0);
  const xy = new Float64Array(count * 2);
  const ringEnds = new Int32Array(kind === Kind.Polygon ? rings.length : 0);
  let k = 0;
  rings.forEach((ring, r) => {
    for (const p of ring) {
      xy[k++] = (p[0] - lng0) * kx;
      xy[k++] = (p[1] - lat0) * METRES_PER_DEGREE;
    }
    if (kind === Kind.Polygon) ringEnds[r] = k / 2;
  });
  // A smaller zone gets a narrower band: a quarter of its size.
  const sizeM =
    kind === Kind.Polygon
      ? Math.min((maxLng - minLng) * kx, (maxLat - minLat) * METRES_PER_DEGREE) / 2
      : reach;
  const bandM = Math.max(0.5, Math.min(borderBandM, sizeM / 4));
  const pad = reach + bandM;
  const kxEdge = kxAt(Math.max(Math.abs(minLat), Math.abs(maxLat)));
  return {
    zone,
    kind,
    lng0,
    lat0,
    kx,
    xy,
    ringEnds,
    reach,
    bandM,
    vehicles: zone.vehicleIds?.length ? new Set(zone.vehicleIds) : null,
    groups: zone.groupIds?.length ? new Set(zone.groupIds) : null,
    box: [
      minLng - pad / kxEdge,
      minLat - pad / METRES_PER_DEGREE,
      maxLng + pad / kxEdge,
      maxLat + pad / METRES_PER_DEGREE,
    ],
    borderBandM,
  };
}

/** Signed depth of (lat, lng) inside a zone, metres (negative outside). */
function depthOf(z: CompiledZone, lat: number, lng: number): number {
  const px = (lng - z.lng0) * z.kx;
  const py = (lat - z.lat0) * METRES_PER_DEGREE;
  const xy = z.xy;
  if (z.kind === Kind.Circle) return z.reach - Math.hypot(px - xy[0]!, py - xy[1]!);
  if (z.kind === Kind.Corridor) {
    let best = Infinity;
    for (let i = 0; i + 3 < xy.length; i += 2) {
      const d2 = segmentDistance2(px, py, xy[i]!, xy[i + 1]!, xy[i + 2]!, xy[i + 3]!);
      if (d2 < best) best = d2;
    }
    return z.reach - Math.sqrt(best);
  }
  let inside = false;
  let best = Infinity;
  let start = 0;
  for (let r = 0; r < z.ringEnds.length; r++) {
    const end = z.ringEnds[r]!;
    for (let i = start; i + 1 < end; i++) {
      const ax = xy[2 * i]!;
      const ay = xy[2 * i + 1]!;
      const bx = xy[2 * i + 2]!;
      const by = xy[2 * i + 3]!;
      if (ay > py !== by > py && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
      const d2 = segmentDistance2(px, py, ax, ay, bx, by);
      if (d2 < best) best = d2;
    }
    start = end;
  }
  const d = Math.sqrt(best);
  return inside ? d : -d;
}

/** Options of the index. */
export interface PlaceIndexOptions {
  /** The widest border band, metres (ReducerSettings.zoneBorderBandM). */
  borderBandM?: number;
  /** The index this one replaces: zones of the same id and `version` are not compiled again. */
  previous?: PlaceIndex;
}

/** A tenant's zones and POIs, indexed. Immutable: a change builds a new one. */
export class PlaceIndex {
  private readonly zones: CompiledZone[] = [];
  private readonly pois: CompiledPoi[] = [];
  private readonly tree: Flatbush | null;
  private readonly zoneIds = new Map<number, CompiledZone>();
  private readonly poiIds = new Set<number>();
  readonly borderBandM: number;
  /** Who has an `allowed` zone (DAZ), gathered once per build rather than per vehicle. */
  private readonly allowed = {
    any: false,
    auto: false,
    vehicles: new Set<number>(),
    groups: new Set<number>(),
  };

  constructor(
    zones: readonly IndexedZone[],
    pois: readonly ContextPoi[],
    options: PlaceIndexOptions = {},
  ) {
    this.borderBandM = options.borderBandM ?? 15;
    const count = zones.length + pois.length;
    this.tree = count > 0 ? new Flatbush(count) : null;
    const previous = options.previous;
    for (const zone of [...zones].sort((a, b) => a.id - b.id)) {
      const before = previous?.zoneIds.get(zone.id);
      const compiled =
        before &&
        zone.version !== undefined &&
        before.zone.version === zone.version &&
        before.borderBandM === this.borderBandM
          ? { ...before, zone }
          : compileZone(zone, this.borderBandM);
      this.zones.push(compiled);
      this.zoneIds.set(zone.id, compiled);
      const box = compiled.box;
      this.tree!.add(box[0], box[1], box[2], box[3]);
    }
    for (const poi of [...pois].sort((a, b) => a.id - b.id)) {
      const kx = kxAt(poi.lat);
      const pad = poi.radiusM + this.borderBandM;
      this.pois.push({ poi, kx });
      this.poiIds.add(poi.id);
      this.tree!.add(
        poi.lng - pad / kx,
        poi.lat - pad / METRES_PER_DEGREE,
        poi.lng + pad / kx,
        poi.lat + pad / METRES_PER_DEGREE,
      );
    }
    this.tree?.finish();
    for (const { zone } of this.zones) {
      if (zone.accessType !== 'allowed') continue;
      this.allowed.any = true;
      if (zone.autoAsign) this.allowed.auto = true;
      for (const v of zone.vehicleIds ?? []) this.allowed.vehicles.add(v);
      for (const g of zone.groupIds ?? []) this.allowed.groups.add(g);
    }
  }

  get zoneCount(): number {
    return this.zones.length;
  }

  get poiCount(): number {
    return this.pois.length;
  }

  /** Whether a zone applies to a vehicle (of a group, or none). */
  private applies(z: CompiledZone, vehicleId: number, groupId: number | null): boolean {
    if (z.zone.autoAsign) return true;
    if (z.vehicles?.has(vehicleId)) return true;
    return groupId !== null && z.groups !== null && z.groups.has(groupId);
  }

  /** The zones and POIs near a place for one vehicle (`vehicleId` null: every zone applies). */
  query(lat: number, lng: number, vehicleId: number | null, groupId: number | null): PlaceHits {
    const tree = this.tree;
    if (!tree) return NOTHING;
    const found = tree.search(lng, lat, lng, lat);
    if (found.length === 0) return NOTHING;
    found.sort((a, b) => a - b); // zones first, each kind by id
    let zones: ZoneHit[] | undefined;
    let pois: PoiHit[] | undefined;
    const zoneCount = this.zones.length;
    for (const i of found) {
      if (i < zoneCount) {
        const z = this.zones[i]!;
        if (vehicleId !== null && !this.applies(z, vehicleId, groupId)) continue;
        const depthM = depthOf(z, lat, lng);
        if (depthM <= -z.bandM) continue;
        const hit: ZoneHit = {
          id: z.zone.id,
          accessType: z.zone.accessType,
          depthM,
          bandM: z.bandM,
        };
        if (z.zone.speedLimitKmh !== undefined) hit.speedLimitKmh = z.zone.speedLimitKmh;
        if (z.zone.notify === false) hit.notify = false;
        (zones ??= []).push(hit);
      } else {
        const { poi, kx } = this.pois[i - zoneCount]!;
        const distanceM = Math.hypot((lng - poi.lng) * kx, (lat - poi.lat) * METRES_PER_DEGREE);
        if (distanceM > poi.radiusM + this.borderBandM) continue;
        (pois ??= []).push({ id: poi.id, distanceM, radiusM: poi.radiusM });
      }
    }
    if (!zones && !pois) return NOTHING;
    return { zones: zones ?? NO_ZONES, pois: pois ?? NO_POIS };
  }

  hasZone(id: number, vehicleId: number | null, groupId: number | null): boolean {
    const z = this.zoneIds.get(id);
    return z !== undefined && (vehicleId === null || this.applies(z, vehicleId, groupId));
  }

  hasPoi(id: number): boolean {
    return this.poiIds.has(id);
  }

  /** Whether the vehicle has an `allowed` zone. */
  hasAllowedZones(vehicleId: number | null, groupId: number | null): boolean {
    const a = this.allowed;
    if (a.any === false) return false;
    if (vehicleId === null || a.auto) return true;
    return a.vehicles.has(vehicleId) || (groupId !== null && a.groups.has(groupId));
  }

  /** A vehicle's view of the index (remembers its last answer: status and zone rules ask twice). */
  lookupFor(vehicleId: number | null, groupId: number | null): PlaceLookup {
    return new VehiclePlaces(this, vehicleId, groupId);
  }
}

class VehiclePlaces implements PlaceLookup {
  private lastLat = Number.NaN;
  private lastLng = Number.NaN;
  private last: PlaceHits = NOTHING;
  readonly hasAllowedZones: boolean;

  constructor(
    private readonly index: PlaceIndex,
    private readonly vehicleId: number | null,
    private readonly groupId: number | null,
  ) {
    this.hasAllowedZones = index.hasAllowedZones(vehicleId, groupId);
  }

  at(lat: number, lng: number): PlaceHits {
    if (lat !== this.lastLat || lng !== this.lastLng) {
      this.last = this.index.query(lat, lng, this.vehicleId, this.groupId);
      this.lastLat = lat;
      this.lastLng = lng;
    }
    return this.last;
  }

  hasZone(id: number): boolean {
    return this.index.hasZone(id, this.vehicleId, this.groupId);
  }

  hasPoi(id: number): boolean {
    return this.index.hasPoi(id);
  }
}

const built = new WeakMap<object, PlaceLookup>();

/**
 * The places a vehicle context names: its `places` lookup, else one built (once per context)
 * from its `geofences` and `pois` arrays; undefined when it names none.
 */
export function placesOf(
  context: {
    places?: PlaceLookup;
    geofences?: readonly ContextGeofence[];
    pois?: readonly ContextPoi[];
  },
  borderBandM = 15,
): PlaceLookup | undefined {
  if (context.places) return context.places;
  if (!context.geofences?.length && !context.pois?.length) return undefined;
  let lookup = built.get(context);
  if (!lookup) {
    const zones = (context.geofences ?? []).map((zone) => ({ ...zone, autoAsign: true }));
    lookup = new PlaceIndex(zones, context.pois ?? [], { borderBandM }).lookupFor(null, null);
    built.set(context, lookup);
  }
  return lookup;
}

/** The lowest speed limit of the zones a place is inside (§2: the geofence's limit). */
export function zoneSpeedLimitAt(
  places: PlaceLookup,
  lat: number,
  lng: number,
): number | undefined {
  let limit: number | undefined;
  for (const hit of places.at(lat, lng).zones) {
    if (hit.depthM > 0 && hit.speedLimitKmh !== undefined) {
      if (limit === undefined || hit.speedLimitKmh < limit) limit = hit.speedLimitKmh;
    }
  }
  return limit;
}
