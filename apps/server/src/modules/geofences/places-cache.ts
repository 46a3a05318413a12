import type { Kysely } from 'kysely';
import {
  PlaceIndex,
  tenantPlaceOf,
  type IndexedZone,
  type Place,
  type PlaceLookup,
} from '@rumbo/telematics';
import type { ContextPoi, ContextShape } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import type { IngestDevice } from '../../lib/ingest-device.js';
import {
  geofenceRows,
  geofenceVersions,
  interestPointRows,
  tenantsWithPlaces,
  vehicleGroups,
} from './geofences.repository.js';

// The pipeline's view of every tenant's geofences and POIs (docs/decisions/0020-geofences.md):
// one PlaceIndex per tenant, rebuilt whole when the tenant's zones or POIs change (told on the
// bus by the API node that saved them) and every minute (vehicles moved between groups, new
// vehicles). Each vehicle gets a lookup filtered to the zones that apply to it.

type GeofenceRow = Awaited<ReturnType<typeof geofenceRows>>[number];
type PoiRow = Awaited<ReturnType<typeof interestPointRows>>[number];

interface TenantPlaces {
  index: PlaceIndex;
  /** The zones it was built from, by id (a reload reads only those saved since). */
  zones: Map<number, IndexedZone>;
  lookups: Map<number, PlaceLookup>;
  /** Names of its zones and POIs (places on facts, docs/decisions/0031-places.md). */
  zoneNames: Map<number, string>;
  poiNames: Map<number, string>;
}

function shapeOf(row: GeofenceRow): ContextShape {
  const coordinates = row.geom.coordinates as never;
  if (row.kind === 'circle') {
    const [lng, lat] = coordinates as [number, number];
    return { kind: 'circle', lat, lng, radiusM: row.radius_m ?? 0 };
  }
  if (row.kind === 'corridor') {
    return { kind: 'corridor', line: coordinates as [number, number][], widthM: row.width_m ?? 0 };
  }
  return { kind: 'polygon', rings: coordinates as [number, number][][] };
}

/** A stored geofence as the index takes it. */
export function indexedZoneOf(row: GeofenceRow): IndexedZone {
  const zone: IndexedZone = {
    id: row.id,
    shape: shapeOf(row),
    accessType: row.access_type,
    autoAsign: row.auto_asign,
    notify: row.notify,
    version: row.revision,
    vehicleIds: row.vehicle_ids,
    groupIds: row.group_ids,
  };
  if (row.speed_limit_kmh !== null) zone.speedLimitKmh = row.speed_limit_kmh;
  return zone;
}

function contextPoiOf(row: PoiRow): ContextPoi {
  return { id: row.id, lat: row.lat, lng: row.lng, radiusM: row.radio_m };
}

/** Where the pipeline finds a vehicle's zones and POIs (Pipeline.contextFor). */
export class PlacesCache {
  private tenants = new Map<number, TenantPlaces>();
  private groups = new Map<number, number | null>();
  private timer: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, Promise<void>>();
  /** Milliseconds the last rebuild of a tenant took (logs, benchmarks). */
  lastBuildMs = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { borderBandM?: number } = {},
  ) {}

  /** Loads every tenant, then reloads every `reloadMs`. */
  async start(reloadMs: number, onError: (error: unknown) => void): Promise<void> {
    await this.reloadAll();
    this.timer = setInterval(() => {
      this.reloadAll().catch(onError);
    }, reloadMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private build(
    tenantId: number,
    zones: IndexedZone[],
    pois: PoiRow[],
    zoneNames: Map<number, string>,
  ): TenantPlaces {
    const started = performance.now();
    // Zones saved since the last build are compiled; the others are taken from it.
    const index = new PlaceIndex(zones, pois.map(contextPoiOf), {
      borderBandM: this.options.borderBandM,
      previous: this.tenants.get(tenantId)?.index,
    });
    this.lastBuildMs = performance.now() - started;
    return {
      index,
      zones: new Map(zones.map((z) => [z.id, z])),
      lookups: new Map(),
      zoneNames,
      poiNames: new Map(pois.map((p) => [p.id, p.nombre])),
    };
  }

  /**
   * Every tenant's places and every vehicle's group: tenants without places are dropped, the
   * others reloaded one by one, reading only the zones saved since their last build.
   */
  async reloadAll(): Promise<void> {
    const [tenantIds, vehicles] = await Promise.all([
      tenantsWithPlaces(this.db),
      vehicleGroups(this.db),
    ]);
    this.groups = new Map(vehicles.map((v) => [v.id, v.group_id]));
    const keep = new Set(tenantIds);
    for (const tenantId of this.tenants.keys())
      if (!keep.has(tenantId)) this.tenants.delete(tenantId);
    for (const tenantId of tenantIds) await this.reloadTenant(tenantId);
  }

  /** One tenant's places, at once after a change (concurrent calls share one reload). */
  reloadTenant(tenantId: number): Promise<void> {
    const running = this.pending.get(tenantId);
    // A change during a reload: reload again after it, so the newest save is seen.
    const next = (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const [versions, pois, vehicles] = await Promise.all([
          geofenceVersions(this.db, tenantId),
          interestPointRows(this.db, tenantId),
          vehicleGroups(this.db, tenantId),
        ]);
        // Only the zones saved since the last build are read again.
        const known = this.tenants.get(tenantId)?.zones;
        const knownNames = this.tenants.get(tenantId)?.zoneNames;
        const zoneNames = new Map<number, string>();
        const stale = versions
          .filter((v) => known?.get(v.id)?.version !== v.revision)
          .map((v) => v.id);
        const fresh = new Map<number, IndexedZone>();
        if (stale.length > 0) {
          for (const row of await geofenceRows(this.db, tenantId, stale)) {
            fresh.set(row.id, indexedZoneOf(row));
            zoneNames.set(row.id, row.name);
          }
        }
        const zones: IndexedZone[] = [];
        for (const v of versions) {
          const zone = fresh.get(v.id) ?? known?.get(v.id);
          if (zone) zones.push(zone);
          const name = zoneNames.get(v.id) ?? knownNames?.get(v.id);
          if (name !== undefined) zoneNames.set(v.id, name);
        }
        for (const v of vehicles) this.groups.set(v.id, v.group_id);
        if (zones.length === 0 && pois.length === 0) this.tenants.delete(tenantId);
        else this.tenants.set(tenantId, this.build(tenantId, zones, pois, zoneNames));
      })
      .finally(() => {
        if (this.pending.get(tenantId) === next) this.pending.delete(tenantId);
      });
    this.pending.set(tenantId, next);
    return next;
  }

  /** The zones and POIs of a device's vehicle; undefined when its tenant has none. */
  placesFor(device: IngestDevice): PlaceLookup | undefined {
    if (device.vehicleId === null) return undefined;
    const tenant = this.tenants.get(device.tenantId);
    if (!tenant) return undefined;
    let lookup = tenant.lookups.get(device.vehicleId);
    if (!lookup) {
      lookup = tenant.index.lookupFor(device.vehicleId, this.groups.get(device.vehicleId) ?? null);
      tenant.lookups.set(device.vehicleId, lookup);
    }
    return lookup;
  }

  /**
   * The tenant's own place at a position, named — any of its zones (not only those applying to a
   * vehicle) or POIs; undefined when none holds it.
   */
  tenantPlaceAt(tenantId: number, lat: number, lng: number): Place | undefined {
    const tenant = this.tenants.get(tenantId);
    if (!tenant) return undefined;
    return tenantPlaceOf(tenant.index.query(lat, lng, null, null), {
      zone: (id) => tenant.zoneNames.get(id),
      poi: (id) => tenant.poiNames.get(id),
    });
  }
}
