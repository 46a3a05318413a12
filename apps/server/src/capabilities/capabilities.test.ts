import { describe, expect, it } from 'vitest';
import { ALERT_CODES_BY_GROUP } from '@rumbo/contracts';
import { CAPABILITY_ALERT_CODES, EMPTY_CONTEXT, type PlaceLookup } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import { defaultSinks } from '../pipeline/sinks/index.js';
import { contextOf, inputsOf, SERVER_CAPABILITIES } from './index.js';

const device: IngestDevice = {
  id: 1,
  uniqueId: '356307042441013',
  tenantId: 1,
  vehicleId: 7,
  protocol: 'teltonika',
  model: null,
  speedLimitKmh: null,
};

describe('the server capability list', () => {
  it('builds the sinks from the list, in the write order the pipeline has always used', () => {
    const names = SERVER_CAPABILITIES.flatMap((c) => c.sinks?.({}) ?? []).map((s) => s.name);
    expect(defaultSinks().sinks.map((s) => s.name)).toEqual(names);
    const order = [
      'trips',
      'stops',
      'idle',
      'rollups',
      'indicators',
      'kickdowns',
      'events',
      'faults',
      'planned-trips',
    ];
    expect(names.filter((n) => order.includes(n))).toEqual(order.filter((n) => names.includes(n)));
  });

  it('finds every alert code the detectors raise in the catalogue the screens group', () => {
    const catalogue = Object.values(ALERT_CODES_BY_GROUP).flat();
    expect(catalogue).toEqual(expect.arrayContaining([...CAPABILITY_ALERT_CODES]));
  });

  it('gives a vehicle nobody configured the shared empty context', () => {
    expect(contextOf(inputsOf(SERVER_CAPABILITIES, {}), device)).toBe(EMPTY_CONTEXT);
  });

  it('makes the context from every capability input that has something', () => {
    const places = { hasAllowedZones: false } as unknown as PlaceLookup;
    const plan = { id: 3, route: [[-3.7, 40.4] as const], corridorM: 200 };
    const inputs = inputsOf(SERVER_CAPABILITIES, {
      vehicleSettings: {
        alertsFor: () => ({ speedLevelsKmh: [95] }),
        settingsFor: (_d, base) => base,
      },
      places: { placesFor: () => places },
      plannedTrips: { plannedTripFor: () => plan },
    });
    const phone: IngestDevice = {
      ...device,
      protocol: 'osmand',
      speedLimitKmh: 80,
      tankCapacityL: 400,
      ureaCapacityL: 0,
    };
    expect(contextOf(inputs, phone)).toEqual({
      readsDriverCards: false,
      speedLimitKmh: 80,
      fuelTanksL: [400],
      alerts: { speedLevelsKmh: [95] },
      places,
      plannedTrip: plan,
    });
  });
});
