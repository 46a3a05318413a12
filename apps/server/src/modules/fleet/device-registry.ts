import type { Kysely } from 'kysely';
import { isSafeDeviceId } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import type { IngestDevice } from '../../lib/ingest-device.js';
import { ensureTenant } from '../tenants/index.js';
import { autoPlate } from './auto-plate.js';
import {
  findVehicleFuelTanks,
  ensureGroup,
  findDeviceByUniqueId,
  findVehicle,
  insertDevice,
  insertVehicle,
  plateTaken,
} from './fleet.repository.js';
import type { FleetLive } from './fleet.service.js';

/** The group auto-registered vehicles land in. */
export const NEW_DEVICES_GROUP = 'Nuevos';

// Plates tried for one auto-registered vehicle before giving up (each retry a fresh hash).
const PLATE_ATTEMPTS = 8;

/**
 * Resolves device ids (IMEIs) to devices, with a cache ingest can hit per packet. Unknown devices
 * are refused, or registered into a tenant with a vehicle of the same plate when auto-register
 * is on.
 */
export class DeviceRegistry {
  private readonly cache = new Map<string, Promise<IngestDevice | null>>();

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      /** Where a registered vehicle is announced (the live fleet). */
      live: Pick<FleetLive, 'upsertVehicle'>;
      autoRegisterTenant: string | null;
    },
  ) {}

  /**
   * The device with this id, or null when unknown and not registered. An id outside the safe set
   * (1–40 of `A–Z a–z 0–9 _ . : -`) is never looked up nor registered, whatever port it came from.
   */
  resolve(uniqueId: string, protocol: IngestDevice['protocol']): Promise<IngestDevice | null> {
    if (!isSafeDeviceId(uniqueId)) return Promise.resolve(null);
    let found = this.cache.get(uniqueId);
    if (!found) {
      found = this.load(uniqueId, protocol);
      this.cache.set(uniqueId, found);
      // Unknown devices are retried later (someone may register them meanwhile).
      void found.then(
        (device) => {
          if (!device) setTimeout(() => this.forget(uniqueId), 30_000).unref();
        },
        () => this.forget(uniqueId),
      );
    }
    return found;
  }

  /** Drops a cached device (after administration changed it). */
  forget(uniqueId: string): void {
    this.cache.delete(uniqueId);
  }

  private async load(
    uniqueId: string,
    protocol: IngestDevice['protocol'],
  ): Promise<IngestDevice | null> {
    const { db } = this.deps;
    let device = await findDeviceByUniqueId(db, uniqueId);
    if (!device && this.deps.autoRegisterTenant) {
      await this.register(uniqueId, protocol, this.deps.autoRegisterTenant);
      device = await findDeviceByUniqueId(db, uniqueId);
    }
    if (!device) return null;
    const vehicle =
      device.vehicleId === null
        ? undefined
        : await findVehicle(db, device.tenantId, device.vehicleId);
    return {
      id: device.id,
      uniqueId: device.uniqueId,
      tenantId: device.tenantId,
      vehicleId: device.vehicleId,
      protocol: device.protocol,
      model: device.model,
      speedLimitKmh: vehicle?.speedLimitKmh ?? null,
      tankCapacityL: vehicle?.tankCapacityL ?? null,
      ureaCapacityL: vehicle?.ureaCapacityL ?? null,
      fuelTanks:
        device.vehicleId === null
          ? null
          : await findVehicleFuelTanks(db, device.tenantId, device.vehicleId),
    };
  }

  private async register(
    uniqueId: string,
    protocol: IngestDevice['protocol'],
    tenantName: string,
  ): Promise<void> {
    const { db, live } = this.deps;
    try {
      await db.transaction().execute(async (trx) => {
        const tenant = await ensureTenant(trx, tenantName);
        const groupId = await ensureGroup(trx, tenant.id, NEW_DEVICES_GROUP);
        const plate = await this.freePlate(trx, tenant.id, uniqueId);
        const vehicleId = await insertVehicle(trx, tenant.id, {
          plate,
          vim: '',
          kind: 'tractor',
          description: '',
          brand: '',
          model: '',
          modelYear: null,
          implementId: null,
          tankCapacityL: null,
          ureaCapacityL: null,
          speedLimitKmh: null,
          groupId,
        });
        await insertDevice(trx, tenant.id, { uniqueId, protocol, model: null, vehicleId }, true);
      });
    } catch (error) {
      // Another connection of the same device registered it first.
      if (!(await findDeviceByUniqueId(db, uniqueId))) throw error;
    }
    const device = await findDeviceByUniqueId(db, uniqueId);
    if (device?.vehicleId) {
      const vehicle = await findVehicle(db, device.tenantId, device.vehicleId);
      if (vehicle) live.upsertVehicle(device.tenantId, vehicle);
    }
  }

  /** A plate for the device's vehicle that fits the plate rules and no vehicle of the tenant has. */
  private async freePlate(
    db: Kysely<Database>,
    tenantId: number,
    uniqueId: string,
  ): Promise<string> {
    for (let attempt = 0; attempt < PLATE_ATTEMPTS; attempt++) {
      const plate = autoPlate(uniqueId, attempt);
      if (!(await plateTaken(db, tenantId, plate))) return plate;
    }
    throw new Error(`no free plate for device ${uniqueId} after ${PLATE_ATTEMPTS} attempts`);
  }
}
