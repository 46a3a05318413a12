import { gzipSync } from 'node:zlib';
import {
  VEHICLE_STATUSES,
  type LastInfo,
  type Vehicle,
  type VehicleStatus,
} from '@rumbo/contracts';
import { DEFAULT_REDUCER_SETTINGS, statusAfterSilence, type LiveStatus } from '@rumbo/telematics';

/** The moving part of a vehicle's last info, as the pipeline produces it. */
export interface LiveUpdate {
  fixTimeMs: number;
  lat: number;
  lng: number;
  speedKmh: number | null;
  heading: number | null;
  status: VehicleStatus;
  odometerKm?: number | null | undefined;
  engineHours?: number | null | undefined;
  ureaLevelPct?: number | null | undefined;
  driverCode?: string | null | undefined;
  /** Whether the engine was on at that record (decides offline-in-transit vs offline-off). */
  engineOn?: boolean | undefined;
}

interface Entry {
  tenantId: number;
  info: LastInfo;
  lastFixMs: number | null;
  /** The last status the pipeline derived (never an offline one). */
  liveStatus: LiveStatus;
  engineOn?: boolean | undefined;
}

function isLiveStatus(status: VehicleStatus): status is LiveStatus {
  return status !== 'offline-in-transit' && status !== 'offline-off';
}

function statusCode(status: VehicleStatus): number {
  return VEHICLE_STATUSES.indexOf(status);
}

function blankInfo(vehicle: Vehicle): LastInfo {
  return {
    idvehiculo: vehicle.vehicleId,
    plate: vehicle.plate,
    lastConnection: null,
    status: 'undefined',
    statusCode: 0,
    lat: null,
    lng: null,
    speedKmh: null,
    heading: null,
    implementos: vehicle.implementName,
    marca: vehicle.brand || null,
    modelo: vehicle.model || null,
    modelyear: vehicle.modelYear,
    fms1: { odometro: null, ureaLevel: null },
    fms4: { engineHours: null },
    driverCode: null,
    driverName: null,
  };
}

/**
 * The last info of every vehicle, kept in memory and current: `/rest/vehicle/last_position`
 * and `/api/wslp` are served from here, never from the database.
 */
export class LiveFleet {
  private readonly entries = new Map<number, Entry>();
  private readonly serialized = new Map<
    number,
    { body: Buffer; builtAtMs: number; dirty: boolean; gzipped?: Buffer }
  >();
  private readonly listeners = new Set<(tenantId: number, info: LastInfo) => void>();
  private readonly removeListeners = new Set<(tenantId: number, vehicleId: number) => void>();
  /** Per tenant: driver code → "Nombre Apellido" of the registered drivers. */
  private readonly driverNames = new Map<number, ReadonlyMap<string, string>>();

  /** Adds or refreshes a vehicle's descriptive fields (plate, brand…), keeping its live part. */
  upsertVehicle(tenantId: number, vehicle: Vehicle): void {
    const existing = this.entries.get(vehicle.vehicleId);
    const blank = blankInfo(vehicle);
    // Unchanged (a reload after a change elsewhere): nothing to tell the sockets.
    if (
      existing?.tenantId === tenantId &&
      existing.info.plate === blank.plate &&
      existing.info.implementos === blank.implementos &&
      existing.info.marca === blank.marca &&
      existing.info.modelo === blank.modelo &&
      existing.info.modelyear === blank.modelyear
    )
      return;
    const info: LastInfo = existing
      ? {
          ...existing.info,
          plate: blank.plate,
          implementos: blank.implementos,
          marca: blank.marca,
          modelo: blank.modelo,
          modelyear: blank.modelyear,
        }
      : blank;
    this.entries.set(vehicle.vehicleId, {
      tenantId,
      info,
      lastFixMs: existing?.lastFixMs ?? null,
      liveStatus: existing?.liveStatus ?? 'undefined',
      engineOn: existing?.engineOn,
    });
    this.changed(tenantId, info);
  }

  /** Forgets a vehicle. */
  removeVehicle(vehicleId: number): void {
    const entry = this.entries.get(vehicleId);
    if (!entry) return;
    this.entries.delete(vehicleId);
    this.serialized.delete(entry.tenantId);
    for (const listener of this.removeListeners) listener(entry.tenantId, vehicleId);
  }

  /** Applies the pipeline's newest state of a vehicle; older fixes never roll it back. */
  apply(vehicleId: number, update: LiveUpdate): void {
    const entry = this.entries.get(vehicleId);
    if (!entry) return;
    if (entry.lastFixMs !== null && update.fixTimeMs < entry.lastFixMs) return;
    const info = entry.info;
    info.lastConnection = new Date(update.fixTimeMs).toISOString();
    info.lat = update.lat;
    info.lng = update.lng;
    info.speedKmh = update.speedKmh;
    info.heading = update.heading;
    info.status = update.status;
    info.statusCode = statusCode(update.status);
    if (update.odometerKm !== undefined && update.odometerKm !== null)
      info.fms1.odometro = update.odometerKm;
    if (update.ureaLevelPct !== undefined && update.ureaLevelPct !== null)
      info.fms1.ureaLevel = update.ureaLevelPct;
    if (update.engineHours !== undefined && update.engineHours !== null)
      info.fms4.engineHours = update.engineHours;
    if (update.driverCode !== undefined) {
      info.driverCode = update.driverCode;
      info.driverName = this.driverNameOf(entry.tenantId, update.driverCode);
    }
    entry.lastFixMs = update.fixTimeMs;
    if (isLiveStatus(update.status)) entry.liveStatus = update.status;
    entry.engineOn = update.engineOn;
    this.changed(entry.tenantId, info);
  }

  /**
   * The tenant's registered drivers by code (drivers module, and at start): each vehicle's
   * `driverName` follows its `driverCode`.
   */
  setDriverNames(tenantId: number, names: ReadonlyMap<string, string>): void {
    this.driverNames.set(tenantId, names);
    for (const entry of this.entries.values()) {
      if (entry.tenantId !== tenantId) continue;
      const name = this.driverNameOf(tenantId, entry.info.driverCode);
      if (name === (entry.info.driverName ?? null)) continue;
      entry.info.driverName = name;
      this.changed(tenantId, entry.info);
    }
  }

  private driverNameOf(tenantId: number, code: string | null): string | null {
    if (code === null) return null;
    return this.driverNames.get(tenantId)?.get(code.toUpperCase()) ?? null;
  }

  /** Marks silent vehicles offline (run periodically); returns how many changed. */
  sweepOffline(nowMs: number): number {
    let changed = 0;
    for (const entry of this.entries.values()) {
      if (entry.lastFixMs === null) continue;
      const next = statusAfterSilence(
        entry.liveStatus,
        entry.lastFixMs,
        entry.engineOn,
        nowMs,
        DEFAULT_REDUCER_SETTINGS,
      );
      if (next === entry.info.status) continue;
      entry.info.status = next;
      entry.info.statusCode = statusCode(next);
      this.changed(entry.tenantId, entry.info);
      changed += 1;
    }
    return changed;
  }

  /** Last info of one vehicle. */
  get(vehicleId: number): { tenantId: number; info: LastInfo } | undefined {
    const entry = this.entries.get(vehicleId);
    return entry ? { tenantId: entry.tenantId, info: entry.info } : undefined;
  }

  /** Ids of every vehicle held. */
  vehicleIds(): number[] {
    return [...this.entries.keys()];
  }

  /** Last info of every vehicle of a tenant. */
  list(tenantId: number): LastInfo[] {
    const result: LastInfo[] = [];
    for (const entry of this.entries.values())
      if (entry.tenantId === tenantId) result.push(entry.info);
    return result;
  }

  /**
   * The tenant's last-info array as JSON, rebuilt after a change but at most once per
   * `maxStaleMs`, so a busy fleet does not re-serialise thousands of vehicles per request.
   */
  json(tenantId: number, nowMs: number, maxStaleMs = 1000): Buffer {
    const cached = this.serialized.get(tenantId);
    if (cached && (!cached.dirty || nowMs - cached.builtAtMs < maxStaleMs)) return cached.body;
    const body = Buffer.from(JSON.stringify(this.list(tenantId)));
    this.serialized.set(tenantId, { body, builtAtMs: nowMs, dirty: false });
    return body;
  }

  /** The same body gzipped (fast level), compressed once per rebuild. */
  gzip(tenantId: number, nowMs: number, maxStaleMs = 1000): Buffer {
    const body = this.json(tenantId, nowMs, maxStaleMs);
    const cached = this.serialized.get(tenantId);
    if (cached?.body === body && cached.gzipped) return cached.gzipped;
    const gzipped = gzipSync(body, { level: 1 });
    if (cached?.body === body) cached.gzipped = gzipped;
    return gzipped;
  }

  /** Listens to every change (the live feed). */
  onChange(listener: (tenantId: number, info: LastInfo) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many vehicles are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Listens to removed vehicles. */
  onRemove(listener: (tenantId: number, vehicleId: number) => void): () => void {
    this.removeListeners.add(listener);
    return () => this.removeListeners.delete(listener);
  }

  private changed(tenantId: number, info: LastInfo): void {
    const cached = this.serialized.get(tenantId);
    if (cached) cached.dirty = true;
    for (const listener of this.listeners) listener(tenantId, info);
  }
}
