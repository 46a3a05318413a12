import type { Kysely } from 'kysely';
import { type AlertSettings, type AlertTypesAnswer, type Language } from '@rumbo/contracts';
import type { ReducerSettings, VehicleContext } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import type { IngestDevice } from '../../lib/ingest-device.js';
import {
  isRaised,
  normalizeSettings,
  reducerOverrides,
  resolveVehicle,
  type VehicleAlertSettings,
} from './alert-rules.js';
import {
  alertVehicles,
  allStoredSettings,
  knownDriverCodes,
  loadCatalogue,
  storedSettings,
  type AlertTypeRow,
} from './alerts.repository.js';

// The alert catalogue and each tenant's alert settings, cached per node for the reducer (its
// overrides) and the dispatcher (recipients).

/** An event older than this when first seen is stored but not pushed (a device's old buffer). */
export const NOTIFY_MAX_AGE_MS = 24 * 3_600_000;

type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/** The catalogue, loaded once (it is data, changed only by migrations). */
export class AlertCatalogue {
  private loaded: Promise<Catalogue> | undefined;
  private byCode = new Map<string, AlertTypeRow>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<Catalogue> {
    this.loaded ??= loadCatalogue(this.db).then((c) => {
      this.byCode = new Map(c.types.map((t) => [t.code.toUpperCase(), t]));
      return c;
    });
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  /** A code's type (case-insensitive), once loaded. */
  type(code: string): AlertTypeRow | undefined {
    return this.byCode.get(code.toUpperCase());
  }

  /** `POST /v2/alert/get_all_types` in a language. */
  async answer(lang: Language): Promise<AlertTypesAnswer> {
    const { groups, types } = await this.load();
    return {
      groups: groups.map((g) => ({
        ideventtypegroup: g.id,
        code: g.code,
        description: lang === 'en' ? g.en : g.es,
      })),
      types: types.map((t) => ({
        ideventtype: t.id,
        code: t.code,
        description: lang === 'en' ? t.en : t.es,
        ideventtypegroup: t.groupId,
        severity: t.level,
      })),
    };
  }
}

interface TenantAlerts {
  settings: AlertSettings;
  knownDrivers: string[] | undefined;
  /** Speed levels on inside the tenant's zones, by zone id (absent: none). */
  zoneLevels?: ReadonlyMap<number, readonly number[]>;
}

/** The tenant's zones with speed levels of their own. */
function zoneLevelsOf(settings: AlertSettings): ReadonlyMap<number, readonly number[]> | undefined {
  const byZone = new Map<number, readonly number[]>();
  for (const z of settings.zones)
    if (z.speedLevels.length > 0)
      byZone.set(
        z.zoneId,
        [...z.speedLevels].sort((a, b) => a - b),
      );
  return byZone.size > 0 ? byZone : undefined;
}

/** A tenant's cached settings. */
function tenantAlerts(settings: AlertSettings, knownDrivers: string[] | undefined): TenantAlerts {
  const zoneLevels = zoneLevelsOf(settings);
  return zoneLevels ? { settings, knownDrivers, zoneLevels } : { settings, knownDrivers };
}

/**
 * Every tenant's alert settings and vehicles, in memory, so the pipeline asks per batch without
 * a query: loaded at start, reloaded when an administrator saves (on the bus, every node) and
 * every minute (vehicles moved between groups, drivers added).
 */
export class AlertSettingsCache {
  private tenants = new Map<number, TenantAlerts>();
  private vehicles = new Map<number, { tenantId: number; plate: string; groupId: number | null }>();
  private resolved = new Map<
    number,
    {
      alerts: VehicleContext['alerts'];
      base?: ReducerSettings;
      settings?: ReducerSettings;
      raw: VehicleAlertSettings;
    }
  >();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** Loads everything; then reloads every `refreshMs`. */
  async start(refreshMs = 60_000, onError: (error: unknown) => void = () => undefined) {
    await this.reloadAll();
    this.timer = setInterval(() => void this.reloadAll().catch(onError), refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async reloadAll(): Promise<void> {
    const [stored, vehicles, drivers] = await Promise.all([
      allStoredSettings(this.db),
      alertVehicles(this.db),
      knownDriverCodes(this.db),
    ]);
    const tenants = new Map<number, TenantAlerts>();
    const tenantOf = (id: number): TenantAlerts => {
      let t = tenants.get(id);
      if (!t) {
        t = tenantAlerts(
          normalizeSettings(stored.get(id)),
          drivers ? (drivers.get(id) ?? []) : undefined,
        );
        tenants.set(id, t);
      }
      return t;
    };
    for (const id of stored.keys()) tenantOf(id);
    const byId = new Map<number, { tenantId: number; plate: string; groupId: number | null }>();
    for (const v of vehicles) {
      tenantOf(v.tenantId);
      byId.set(v.id, { tenantId: v.tenantId, plate: v.plate, groupId: v.groupId });
    }
    this.tenants = tenants;
    this.vehicles = byId;
    this.resolved = new Map();
  }

  /** Reloads one tenant (its settings changed). */
  async reloadTenant(tenantId: number): Promise<void> {
    const [stored, vehicles, drivers] = await Promise.all([
      storedSettings(this.db, tenantId),
      alertVehicles(this.db, tenantId),
      knownDriverCodes(this.db, tenantId),
    ]);
    this.tenants.set(
      tenantId,
      tenantAlerts(normalizeSettings(stored), drivers ? (drivers.get(tenantId) ?? []) : undefined),
    );
    for (const v of vehicles)
      this.vehicles.set(v.id, { tenantId: v.tenantId, plate: v.plate, groupId: v.groupId });
    this.resolved = new Map();
  }

  /** A tenant's settings (the defaults for one not loaded yet). */
  settings(tenantId: number): AlertSettings {
    return this.tenants.get(tenantId)?.settings ?? normalizeSettings(undefined);
  }

  /** A vehicle's plate (`#id` only for one deleted before it was ever loaded). */
  plate(vehicleId: number): string {
    return this.vehicles.get(vehicleId)?.plate ?? `#${vehicleId}`;
  }

  /**
   * Loads the vehicles created since the last load (their plate and group), so an event of a
   * vehicle made a moment ago names it (the next full reload would come up to a minute later).
   */
  async ensureVehicles(tenantId: number, vehicleIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(vehicleIds)].filter((id) => !this.vehicles.has(id));
    if (missing.length === 0) return;
    for (const v of await alertVehicles(this.db, tenantId, missing)) {
      this.vehicles.set(v.id, { tenantId: v.tenantId, plate: v.plate, groupId: v.groupId });
      this.resolved.delete(v.id);
    }
  }

  private vehicle(tenantId: number, vehicleId: number) {
    let r = this.resolved.get(vehicleId);
    if (!r) {
      const tenant = this.tenants.get(tenantId);
      const settings = tenant?.settings ?? normalizeSettings(undefined);
      const raw = resolveVehicle(
        settings,
        vehicleId,
        this.vehicles.get(vehicleId)?.groupId ?? null,
      );
      const alerts: NonNullable<VehicleContext['alerts']> = { speedLevelsKmh: raw.speedLevels };
      if (tenant?.zoneLevels) alerts.zoneSpeedLevelsKmh = tenant.zoneLevels;
      if (tenant?.knownDrivers) alerts.knownDriverCodes = tenant.knownDrivers;
      if (raw.reefer) alerts.reefer = raw.reefer;
      r = { alerts, raw };
      this.resolved.set(vehicleId, r);
    }
    return r;
  }

  /** What the rule detectors need of a vehicle (Pipeline.contextFor). */
  alertsFor(device: IngestDevice): VehicleContext['alerts'] {
    if (device.vehicleId === null) return undefined;
    return this.vehicle(device.tenantId, device.vehicleId).alerts;
  }

  /** The reducer settings with the vehicle's thresholds (Pipeline.settingsFor). */
  settingsFor(device: IngestDevice, base: ReducerSettings): ReducerSettings {
    if (device.vehicleId === null) return base;
    const r = this.vehicle(device.tenantId, device.vehicleId);
    if (r.base !== base || !r.settings) {
      r.base = base;
      r.settings = { ...base, ...reducerOverrides(r.raw.thresholds) };
    }
    return r.settings;
  }

  /** Whether an event is raised at all (the events sink stores only these). */
  isRaised(tenantId: number, vehicleId: number, code: string): boolean {
    return isRaised(this.settings(tenantId), this.vehicle(tenantId, vehicleId).raw, code);
  }
}
