import { describe, expect, it } from 'vitest';
import { validatePosition } from '../position.js';
import {
  hasDeviceFixture,
  readDeviceFixture,
  type OsmAndVector,
} from '../test-support/device-fixtures.js';
import { decodeOsmAnd, parseOsmAndTimestamp } from './osmand.decoder.js';

const NOW_MS = Date.UTC(2025, 5, 16, 12);
const query = (text: string): [string, string][] => [...new URLSearchParams(text)];
const decodeQuery = (text: string) => decodeOsmAnd({ query: query(text), nowMs: NOW_MS });

describe('parseOsmAndTimestamp', () => {
  it.each([
    ['1377177267', Date.UTC(2013, 7, 22, 13, 14, 27)],
    ['1442068686579', 1442068686579],
    ['2016-01-27T18:55:47Z', Date.UTC(2016, 0, 27, 18, 55, 47)],
    ['2025-06-15T13:45:12.862Z', Date.UTC(2025, 5, 15, 13, 45, 12, 862)],
    ['2014-06-04 09:10:11', Date.UTC(2014, 5, 4, 9, 10, 11)],
    ['2014-06-04T11:10:11+02:00', Date.UTC(2014, 5, 4, 9, 10, 11)],
    ['2014-06-04T04:10:11-0500', Date.UTC(2014, 5, 4, 9, 10, 11)],
  ])('reads %s', (text, expected) => {
    expect(parseOsmAndTimestamp(text)).toBe(expected);
  });

  it('rejects text that is no timestamp', () => {
    expect(parseOsmAndTimestamp('yesterday')).toBeUndefined();
    expect(parseOsmAndTimestamp('2014-06-04')).toBeUndefined();
  });
});

describe('decodeOsmAnd query parameters', () => {
  it('converts knots to km/h and keeps the rest', () => {
    const result = decodeQuery(
      'id=123456789012345&timestamp=1504763810&lat=40.72&lon=-74.0&bearing=7.2&speed=40&altitude=12&hdop=1.5&batt=87&ignition=true&rpm=933&fuel=24',
    );
    expect(result).toEqual({
      ok: true,
      positions: [
        {
          deviceId: '123456789012345',
          fixTimeMs: 1504763810000,
          lat: 40.72,
          lng: -74,
          altitudeM: 12,
          headingDeg: 7.2,
          speedKmh: 40 * 1.852,
          hdop: 1.5,
          ignition: true,
          rpm: 933,
          attributes: { fuel: 24, batteryLevelPct: 87 },
        },
      ],
    });
  });

  it('accepts deviceid, heading and location=lat,lon, and uses server time without a timestamp', () => {
    const result = decodeQuery('deviceid=abc&location=60.5,30.25&heading=270');
    expect(result).toMatchObject({
      ok: true,
      positions: [{ deviceId: 'abc', lat: 60.5, lng: 30.25, headingDeg: 270, fixTimeMs: NOW_MS }],
    });
  });

  it('treats negative speed or heading as unknown', () => {
    const result = decodeQuery('id=1&lat=1&lon=2&speed=-1&bearing=-1');
    expect(result.ok && result.positions[0]).toMatchObject({
      speedKmh: undefined,
      headingDeg: undefined,
    });
  });

  it('refuses a request without device id or without position', () => {
    expect(decodeQuery('lat=1&lon=2')).toEqual({ ok: false, reason: 'no device id' });
    expect(decodeQuery('id=1&cell=257,02,16,2224')).toEqual({ ok: false, reason: 'no position' });
    expect(decodeQuery('id=1&lat=north&lon=2')).toEqual({ ok: false, reason: 'no position' });
    expect(decodeQuery('id=1&lat=1&lon=2&timestamp=soon')).toEqual({
      ok: false,
      reason: 'bad timestamp',
    });
  });

  it.each(['%ZZ%', "a';b", 'a b', 'ñandú', 'x'.repeat(41), 'id\u0000x'])(
    'refuses the device id %j at the door',
    (id) => {
      const params = new URLSearchParams({ id, lat: '1', lon: '2' }).toString();
      expect(decodeQuery(params)).toEqual({ ok: false, reason: 'bad device id' });
      const body = JSON.stringify({
        device_id: id,
        location: { coords: { latitude: 1, longitude: 2 } },
      });
      expect(decodeOsmAnd({ query: [], body, nowMs: NOW_MS })).toEqual({
        ok: false,
        reason: 'bad device id',
      });
    },
  );

  it('accepts device ids of 1 to 40 letters, digits, _ . : and -', () => {
    for (const id of ['7', 'abcdefghijklmnopqrstu', 'Phone_1.a:b-c', 'x'.repeat(40)]) {
      expect(decodeQuery(`id=${id}&lat=1&lon=2`)).toMatchObject({ ok: true });
    }
  });

  it('replaces a lone surrogate in JSON extras and drops control characters', () => {
    const body = JSON.stringify({
      device_id: 'phone-1',
      location: {
        coords: { latitude: 1, longitude: 2 },
        extras: { note: 'x\ud800y', ['k\u0000ey']: 'a\u0000b\u0007c', '\u0001': 1 },
      },
    });
    const result = decodeOsmAnd({ query: [], body, nowMs: NOW_MS });
    expect(result.ok && result.positions[0]?.attributes).toMatchObject({
      note: 'x\ufffdy',
      key: 'abc',
    });
    expect(result.ok && Object.keys(result.positions[0]!.attributes)).not.toContain('\u0001');
  });

  it('makes query attributes and the driver code storable', () => {
    const result = decodeQuery('id=1&lat=1&lon=2&driverUniqueId=%00D1&memo=a%00b');
    expect(result).toMatchObject({
      ok: true,
      positions: [{ driverCode: 'D1', attributes: { memo: 'ab' } }],
    });
  });

  it('reads form-encoded POST bodies like query parameters', () => {
    const result = decodeOsmAnd({
      query: [],
      body: 'id=7&lat=1.5&lon=2.5',
      contentType: 'application/x-www-form-urlencoded',
      nowMs: NOW_MS,
    });
    expect(result).toMatchObject({ ok: true, positions: [{ deviceId: '7', lat: 1.5, lng: 2.5 }] });
  });
});

describe('decodeOsmAnd JSON bodies', () => {
  const location = (coords: object, extra: object = {}) => ({
    timestamp: '2025-06-15T13:45:12.862Z',
    coords: { latitude: 37.42, longitude: -122.08, ...coords },
    battery: { level: 0.79, is_charging: true },
    ...extra,
  });

  it('converts m/s to km/h and battery level to percent', () => {
    const body = JSON.stringify({
      location: location({ speed: 10, heading: 63, altitude: 35.7, accuracy: 3.8 }),
      device_id: 'phone-1',
    });
    expect(
      decodeOsmAnd({ query: [], body, contentType: 'application/json', nowMs: NOW_MS }),
    ).toEqual({
      ok: true,
      positions: [
        {
          deviceId: 'phone-1',
          fixTimeMs: Date.UTC(2025, 5, 15, 13, 45, 12, 862),
          lat: 37.42,
          lng: -122.08,
          altitudeM: 35.7,
          headingDeg: 63,
          speedKmh: 36,
          movement: undefined,
          attributes: { accuracyM: 3.8, batteryLevelPct: 79, charging: true },
        },
      ],
    });
  });

  it('decodes an array of locations and a location array', () => {
    const one = { location: location({}), device_id: 'p' };
    const many = {
      location: [location({}), location({}, { timestamp: '2025-06-15T13:46:12.862Z' })],
      device_id: 'p',
    };
    const decode = (value: unknown) =>
      decodeOsmAnd({ query: [], body: JSON.stringify(value), nowMs: NOW_MS });
    expect(decode([one, one])).toMatchObject({ ok: true, positions: [{}, {}] });
    expect(decode(many)).toMatchObject({
      ok: true,
      positions: [{}, { fixTimeMs: Date.UTC(2025, 5, 15, 13, 46, 12, 862) }],
    });
  });

  it('refuses broken JSON and JSON without device id', () => {
    expect(
      decodeOsmAnd({
        query: [],
        body: '{"location":',
        contentType: 'application/json',
        nowMs: NOW_MS,
      }),
    ).toEqual({
      ok: false,
      reason: 'bad json',
    });
    expect(
      decodeOsmAnd({ query: [], body: JSON.stringify({ location: location({}) }), nowMs: NOW_MS }),
    ).toEqual({
      ok: false,
      reason: 'no device id',
    });
  });
});

const FILE = 'osmand.json';
const available = hasDeviceFixture(FILE);
const vectors = available ? readDeviceFixture<OsmAndVector[]>(FILE) : [];

describe.skipIf(!available)('OsmAnd captured requests (shared fixtures)', () => {
  const decodeVector = (v: OsmAndVector) =>
    decodeOsmAnd({
      query: v.request.query_params,
      body: v.request.body ?? undefined,
      contentType: v.request.headers['Content-Type'],
      nowMs: NOW_MS,
    });

  it.each(vectors.map((v) => [v.index, v.asserts.type, v] as const))(
    'request %i gives the asserted %s',
    (_, type, v) => {
      const result = decodeVector(v);
      switch (type) {
        case 'null':
          expect(result).toEqual({ ok: false, reason: 'no device id' });
          break;
        case 'notNull':
          // Cell/Wi-Fi only: Rumbo does no network geolocation, so it is answered, not stored.
          expect(result).toEqual({ ok: false, reason: 'no position' });
          break;
        case 'attribute':
          expect(result.ok && result.positions[0]?.attributes[v.asserts.key!]).toBe(
            v.asserts.value,
          );
          break;
        default:
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.positions).toHaveLength(1);
          for (const p of result.positions) {
            expect(validatePosition(p, NOW_MS)).toMatchObject({ ok: true });
            expect(p.speedKmh === undefined || p.speedKmh >= 0).toBe(true);
            expect(p.headingDeg === undefined || (p.headingDeg >= 0 && p.headingDeg <= 360)).toBe(
              true,
            );
          }
      }
    },
  );
});
