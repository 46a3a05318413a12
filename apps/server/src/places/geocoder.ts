// Names positions where facts are stored (issue 23, docs/decisions/0031-places.md): the tenant's
// own places first (inside a geofence, within a POI's radius), else the nearest GeoNames locality
// with the distance and direction from it. Synchronous and a few microseconds, so the pipeline's
// sinks call it as they collect rows; until the gazetteer has loaded (about a second after start,
// off the request path) a fact without a tenant place is stored without one and the places job
// names it a moment later.

import { localityPlace, type Place } from '@rumbo/telematics';
import { Gazetteer } from './gazetteer.js';

/** The tenant's geofence or POI at a position, named (the geofence index answers it). */
export interface TenantPlaces {
  tenantPlaceAt(tenantId: number, lat: number, lng: number): Place | undefined;
}

/** Farther than this from every locality (open sea), a position gets no locality. */
const MAX_LOCALITY_KM = 500;

export class Geocoder {
  private gazetteer: Gazetteer | undefined;
  private loading: Promise<Gazetteer> | undefined;
  /** Milliseconds the gazetteer took to load (logs, benchmarks). */
  loadMs = 0;

  constructor(private readonly tenants?: TenantPlaces) {}

  /** Loads the gazetteer once (later calls share the first load). */
  ready(): Promise<Gazetteer> {
    this.loading ??= (async () => {
      const started = performance.now();
      const gazetteer = await Gazetteer.load();
      this.loadMs = performance.now() - started;
      this.gazetteer = gazetteer;
      return gazetteer;
    })();
    return this.loading;
  }

  /** Whether localities can be named yet. */
  get loaded(): boolean {
    return this.gazetteer !== undefined;
  }

  /** The tenant's place, else the nearest locality; undefined before the gazetteer loaded. */
  placeAt(tenantId: number, lat: number, lng: number): Place | undefined {
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0))
      return undefined;
    const own = this.tenants?.tenantPlaceAt(tenantId, lat, lng);
    if (own) return own;
    return this.localityAt(lat, lng);
  }

  /** The nearest locality, with distance and direction when outside it. */
  localityAt(lat: number, lng: number): Place | undefined {
    const found = this.gazetteer?.nearest(lat, lng, MAX_LOCALITY_KM);
    return found && localityPlace(lat, lng, found.locality, found.distanceM);
  }
}
