import type { Position } from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { packPositions, unpackPositions } from './position-batch.js';

function roundTrip(positions: Position[]): Position[] {
  const batch = packPositions(positions);
  // As the worker posts it: the columns' buffer is transferred.
  const posted = structuredClone(batch, { transfer: [batch.columns.buffer as ArrayBuffer] });
  return unpackPositions(posted);
}

describe('position batches across the worker boundary', () => {
  it('keeps every field, absent fields absent, of several devices in one batch', () => {
    const full: Position = {
      deviceId: '356307042441013',
      fixTimeMs: 1_764_000_000_123,
      serverTimeMs: 1_764_000_001_000,
      lat: -34.603722,
      lng: -58.381592,
      altitudeM: 25,
      headingDeg: 359,
      speedKmh: 87.5,
      satellites: 11,
      hdop: 0.9,
      ignition: true,
      movement: false,
      wheelSpeedKmh: 86,
      odometerM: 512_345_678,
      fuelUsedL: 123_456.5,
      fuelLevelPct: 0,
      fuelLevelL: 310.2,
      fuelRateLph: 28.4,
      engineHours: 12_345.25,
      rpm: 1300,
      torquePct: -12,
      pedalPct: 40,
      kickdown: false,
      brake: true,
      cruise: true,
      pto: false,
      ureaLevelPct: 55,
      serviceDistanceKm: -1200,
      driverCode: '1000000012345600',
      powerV: 27.9,
      batteryV: 4.1,
      temperaturesC: [4.5, null, -18],
      dtcs: [
        { standard: 'j1939', spn: 110, fmi: 0, occurrences: 1 },
        { standard: 'obd', code: 'P0420' },
      ],
      harshEvent: 'brake',
      crash: true,
      attributes: { io17: 5, io900: 'a"b\\c\u00f1', flag: true },
    };
    const bare: Position = { deviceId: 'other', fixTimeMs: 0, lat: 0, lng: 0, attributes: {} };
    const odd: Position = { ...bare, speedKmh: Number.NaN, ignition: false };
    expect(roundTrip([full, bare, odd])).toEqual([full, bare, odd]);
    const [, back] = roundTrip([full, bare]);
    expect(Object.keys(back!).sort()).toEqual(Object.keys(bare).sort());
  });

  it('packs an empty batch', () => {
    expect(roundTrip([])).toEqual([]);
  });
});
