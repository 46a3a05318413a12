import type { LastInfo, Vehicle } from '@rumbo/contracts';

// Test data for the fleet screens and the vehicle popup (imported by tests only).

/** A vehicle with plain defaults. */
export function testVehicle(
  vehicleId: number,
  plate: string,
  groupId: number | null,
  overrides: Partial<Vehicle> = {},
): Vehicle {
  return {
    vehicleId,
    plate,
    vim: `VIM${vehicleId}`,
    kind: 'tractor',
    description: '',
    brand: 'Volvo',
    model: 'FH',
    modelYear: 2019,
    implementId: null,
    tankCapacityL: null,
    ureaCapacityL: null,
    speedLimitKmh: null,
    groupId,
    groupName: groupId ? 'Norte' : null,
    implementName: null,
    deviceUniqueId: null,
    ...overrides,
  };
}

/** Last info of a vehicle that reported at 11:00 UTC on 15 Jan 2025, without values. */
export function testLastInfo(
  idvehiculo: number,
  status: LastInfo['status'],
  overrides: Partial<LastInfo> = {},
): LastInfo {
  return {
    idvehiculo,
    plate: '',
    lastConnection: '2025-01-15T11:00:00Z',
    status,
    statusCode: 0,
    lat: null,
    lng: null,
    speedKmh: null,
    heading: null,
    implementos: null,
    marca: null,
    modelo: null,
    modelyear: null,
    fms1: { odometro: null, ureaLevel: null },
    fms4: { engineHours: null },
    driverCode: null,
    ...overrides,
  };
}
