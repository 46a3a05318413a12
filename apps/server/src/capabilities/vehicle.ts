// What every vehicle's context carries from its device row: its own speed limit (domain.md §2) and
// whether its tracker reads driver cards (a phone does not: no "unknown driver").

import type { ServerCapability } from './capability.js';

export const vehicle: ServerCapability = {
  name: 'vehicle',
  input: () => (device, context) => {
    let added = false;
    // A phone (OsmAnd) reads no driver card: driving without one is no unknown driver.
    if (device.protocol === 'osmand') {
      context.readsDriverCards = false;
      added = true;
    }
    if (device.speedLimitKmh !== null) {
      context.speedLimitKmh = device.speedLimitKmh;
      added = true;
    }
    return added;
  },
};
