import { expect, type APIRequestContext } from '@playwright/test';
import { apiSession } from './helpers';
import type { TestUser } from './users';

/**
 * A vehicle of `user`'s company with a Teltonika device (a fresh plate and IMEI), made through the
 * API as an administrator makes it; frames sent to its IMEI are that vehicle's records.
 */
export async function vehicleWithDevice(
  request: APIRequestContext,
  user: TestUser,
  prefix: string,
) {
  const session = await apiSession(request, user);
  const stamp = String(Date.now()).slice(-6);
  const plate = `${prefix}${stamp}`;
  const imei = `35${stamp}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const vehicle = await request.post('/api/vehicles/admin/vehicles', {
    headers: session.headers,
    data: { plate },
  });
  expect(vehicle.ok(), await vehicle.text()).toBe(true);
  const { vehicleId } = (await vehicle.json()) as { vehicleId: number };
  const device = await request.post('/api/vehicles/admin/devices', {
    headers: session.headers,
    data: { uniqueId: imei, protocol: 'teltonika', model: 'FMB640', vehicleId },
  });
  expect(device.ok(), await device.text()).toBe(true);
  return { plate, imei, vehicleId, session };
}
