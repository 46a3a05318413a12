import { describe, expect, it } from 'vitest';
import { validatePosition, type Position } from './position.js';

const NOW_MS = Date.UTC(2025, 5, 1, 12);
const base: Position = {
  deviceId: 'd1',
  fixTimeMs: NOW_MS - 1000,
  lat: 40.4,
  lng: -3.7,
  satellites: 9,
  attributes: {},
};
const check = (patch: Partial<Position>) => validatePosition({ ...base, ...patch }, NOW_MS);

describe('validatePosition', () => {
  it('accepts a plausible record without flags', () => {
    expect(check({})).toEqual({ ok: true, flags: [] });
  });

  it.each([
    ['more than 10 min in the future', { fixTimeMs: NOW_MS + 10 * 60_000 + 1 }, 'time-future'],
    ['before 2000', { fixTimeMs: Date.UTC(1999, 11, 31) }, 'time-ancient'],
    ['latitude out of range', { lat: 90.0001 }, 'lat-range'],
    ['longitude out of range', { lng: -180.5 }, 'lng-range'],
    ['a NaN coordinate', { lat: Number.NaN }, 'not-finite'],
    ['no device id', { deviceId: '' }, 'no-device-id'],
  ])('rejects for good %s', (_, patch, reason) => {
    expect(check(patch)).toEqual({ ok: false, reason });
  });

  it('accepts a fix time up to 10 min ahead (device clocks drift)', () => {
    expect(check({ fixTimeMs: NOW_MS + 10 * 60_000 }).ok).toBe(true);
  });

  it.each([
    ['0 satellites', { satellites: 0 }, 'no-satellites'],
    ['absurd satellite counts', { satellites: 248 }, 'satellites-absurd'],
    ['the 0/0 "null island" fix', { lat: 0, lng: 0 }, 'null-island'],
    ['absurd HDOP', { hdop: 99 }, 'hdop-absurd'],
    ['absurd speed', { speedKmh: 400 }, 'speed-absurd'],
    ['absurd wheel speed', { wheelSpeedKmh: -3 }, 'speed-absurd'],
    ['absurd altitude', { altitudeM: 20_000 }, 'altitude-absurd'],
    ['a heading over 360°', { headingDeg: 400 }, 'heading-absurd'],
  ])('flags %s but keeps the record', (_, patch, flag) => {
    expect(check(patch)).toEqual({ ok: true, flags: [flag] });
  });
});
