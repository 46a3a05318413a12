import { vehicleInput } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { LiveFleet } from './live-fleet.js';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

function fleetWith(status: 'in-transit' | 'off' | 'idling', engineOn: boolean) {
  const live = new LiveFleet();
  live.upsertVehicle(1, {
    ...vehicleInput.parse({ plate: 'AB123CD' }),
    vehicleId: 7,
    groupName: null,
    implementName: null,
    deviceUniqueId: null,
  });
  live.apply(7, {
    fixTimeMs: T0,
    lat: -34.6,
    lng: -58.4,
    speedKmh: 80,
    heading: 90,
    status,
    engineOn,
  });
  return live;
}

describe('LiveFleet offline sweep', () => {
  it('marks a moving truck offline-in-transit after 10 silent minutes, not before', () => {
    const live = fleetWith('in-transit', true);
    expect(live.sweepOffline(T0 + 9 * 60_000)).toBe(0);
    expect(live.sweepOffline(T0 + 11 * 60_000)).toBe(1);
    expect(live.get(7)?.info).toMatchObject({ status: 'offline-in-transit', statusCode: 5 });
  });

  it('waits 130 minutes for a truck last seen off, then shows offline-off', () => {
    const live = fleetWith('off', false);
    expect(live.sweepOffline(T0 + 60 * 60_000)).toBe(0);
    live.sweepOffline(T0 + 131 * 60_000);
    expect(live.get(7)?.info.status).toBe('offline-off');
  });

  it('comes back from offline with the next record and never rolls back to an older one', () => {
    const live = fleetWith('idling', true);
    live.sweepOffline(T0 + 20 * 60_000);
    live.apply(7, {
      fixTimeMs: T0 + 21 * 60_000,
      lat: -34.7,
      lng: -58.5,
      speedKmh: 0,
      heading: 0,
      status: 'idling',
      engineOn: true,
    });
    expect(live.get(7)?.info.status).toBe('idling');
    live.apply(7, {
      fixTimeMs: T0 + 60_000,
      lat: 0,
      lng: 0,
      speedKmh: 0,
      heading: 0,
      status: 'off',
      engineOn: false,
    });
    expect(live.get(7)?.info).toMatchObject({ status: 'idling', lat: -34.7 });
  });
});
