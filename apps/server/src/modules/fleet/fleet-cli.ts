import type { Kysely } from 'kysely';
import { deviceInput, vehicleInput } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { ensureTenant } from '../tenants/index.js';
import {
  findDeviceByUniqueId,
  insertDevice,
  insertVehicle,
  listVehicles,
  updateDevice,
} from './fleet.repository.js';

/** `rumbo device add`: registers (or reassigns) a device and creates its vehicle when new. */
export async function addDeviceWithVehicle(
  db: Kysely<Database>,
  options: {
    imei: string;
    plate: string;
    model?: string | undefined;
    protocol: string;
    tenant: string;
  },
): Promise<{ vehicleId: number; deviceId: number }> {
  return db.transaction().execute(async (trx) => {
    const tenant = await ensureTenant(trx, options.tenant);
    const existing = (await listVehicles(trx, tenant.id)).find(
      (v) => v.plate.toLowerCase() === options.plate.toLowerCase(),
    );
    const vehicleId =
      existing?.vehicleId ??
      (await insertVehicle(trx, tenant.id, vehicleInput.parse({ plate: options.plate })));
    const input = deviceInput.parse({
      uniqueId: options.imei,
      protocol: options.protocol,
      model: options.model ?? null,
      vehicleId,
    });
    const device = await findDeviceByUniqueId(trx, options.imei);
    if (device && device.tenantId !== tenant.id)
      throw new Error(`device ${options.imei} belongs to another tenant`);
    const deviceId = device ? device.id : await insertDevice(trx, tenant.id, input);
    if (device) await updateDevice(trx, tenant.id, device.id, input);
    return { vehicleId, deviceId };
  });
}
