import type { Kysely } from 'kysely';
import { PlaceIndex, type IndexedZone, type PlaceLookup } from '@rumbo/telematics';
import type { ContextPoi, ContextShape } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import type { IngestDevice } from '../../lib/ingest-device.js';
import { geofenceRows, interestPointRows, vehicleGroups } from './geofences.repository.js';

// The pipeline's view of every tenant's geofences and POIs (docs/decisions/0020-geofences.md):
// one PlaceIndex per tenant, rebuilt whole when the tenant's zones or POIs change (told on the
// bus by the API node that saved them) and every minute (vehicles moved between groups, new
// vehicles). Each vehicle gets a lookup filtered to the zones that apply to it.

type GeofenceRow = Awaited<ReturnType<typeof geofenceRows>>[number];
type PoiRow = Awaited<ReturnType<typeof interestPointRows>>[number];

interface TenantPlaces {
  index: PlaceIndex;
  lookups: Map<number, PlaceLookup>;
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

  private build(zones: GeofenceRow[], pois: PoiRow[]): TenantPlaces {
    const started = performance.now();
    const index = new PlaceIndex(zones.map(indexedZoneOf), pois.map(contextPoiOf), {
      borderBandM: this.options.borderBandM,
    });
    this.lastBuildMs = performance.now() - started;
    return { index, lookups: new Map() };
  }

  /** Every tenant's places and every vehicle's group. */
  async reloadAll(): Promise<void> {
    const [zones, pois, vehicles] = await Promise.all([
      geofenceRows(this.db),
      interestPointRows(this.db),
      vehicleGroups(this.db),
    ]);
    const byTenant = new Map<number, { zones: GeofenceRow[]; pois: PoiRow[] }>();
    const of = (tenantId: number) => {
      let entry = byTenant.get(tenantId);
      if (!entry) byTenant.set(tenantId, (entry = { zones: [], pois: [] }));
      return entry;
    };
    for (const row of zones) of(row.tenant_id).zones.push(row);
    for (const row of pois) of(row.tenant_id).pois.push(row);
    const tenants = new Map<number, TenantPlaces>();
    for (const [tenantId, entry] of byTenant) {
      tenants.set(tenantId, this.build(entry.zones, entry.pois));
    }
    this.groups = new Map(vehicles.map((v) => [v.id, v.group_id]));
    this.tenants = tenants;
  }

  /** One tenant's places, at once after a change (concurrent calls share one reload). */
  reloadTenant(tenantId: number): Promise<void> {
    const running = this.pending.get(tenantId);
    // A change during a reload: reload again after it, so the newest save is seen.
    const next = (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const [zones, pois, vehicles] = await Promise.all([
          geofenceRows(this.db, tenantId),
          interestPointRows(this.db, tenantId),
          vehicleGroups(this.db, tenantId),
        ]);
        for (const v of vehicles) this.groups.set(v.id, v.group_id);
        if (zones.length === 0 && pois.length === 0) this.tenants.delete(tenantId);
        else this.tenants.set(tenantId, this.build(zones, pois));
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
}
