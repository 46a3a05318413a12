import type { Vehicle } from '@rumbo/contracts';

/** A vehicle for tests: nothing filled in but what the test says. */
export function testVehicle(over: Partial<Vehicle>): Vehicle {
  return {
    vehicleId: 1,
    plate: 'AA000AA',
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
    groupId: null,
    groupName: null,
    implementName: null,
    deviceUniqueId: null,
    ...over,
  };
}
