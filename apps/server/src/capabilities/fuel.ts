// Fuel and AdBlue (domain.md §7): the vehicle's tanks from its device row (capacities, or the tank
// model with its calibration tables). Its events are stored by the alerts capability.

import type { ServerCapability } from './capability.js';

export const fuel: ServerCapability = {
  name: 'fuel',
  input: () => (device, context) => {
    const tankL = device.tankCapacityL ?? null;
    const ureaL = device.ureaCapacityL ?? null;
    const tanks = device.fuelTanks && device.fuelTanks.length > 0 ? device.fuelTanks : undefined;
    if (tankL === null && ureaL === null && !tanks) return false;
    if (tankL !== null && tankL > 0) context.fuelTanksL = [tankL];
    if (tanks) context.fuelTanks = tanks;
    if (ureaL !== null && ureaL > 0) context.ureaTankL = ureaL;
    return true;
  },
};
