import { describe, expect, it } from 'vitest';
import {
  bearingDeg,
  compassPoint,
  formatDistance,
  formatPlace,
  localityPlace,
  tenantPlaceOf,
} from './place.js';

describe('places (issue 23)', () => {
  it('bearing and compass point, in both languages', () => {
    expect(Math.round(bearingDeg(0, 0, 1, 0))).toBe(0);
    expect(Math.round(bearingDeg(0, 0, 0, 1))).toBe(90);
    expect(Math.round(bearingDeg(0, 0, -1, -1))).toBe(225);
    expect(compassPoint(315, 'es')).toBe('NO');
    expect(compassPoint(315, 'en')).toBe('NW');
    expect(compassPoint(250, 'es')).toBe('O');
    expect(compassPoint(359, 'en')).toBe('N');
  });

  it('distances: metres, one decimal under 10 km (comma in Spanish), whole km above', () => {
    expect(formatDistance(740, 'es')).toBe('700 m');
    expect(formatDistance(7_240, 'es')).toBe('7,2 km');
    expect(formatDistance(7_240, 'en')).toBe('7.2 km');
    expect(formatDistance(12_600, 'en')).toBe('13 km');
  });

  it('a locality outside it, inside it, and with its country', () => {
    const villaMaria = {
      name: 'Villa María',
      lat: -32.41,
      lng: -63.24,
      admin: 'Córdoba',
      country: 'AR',
    };
    const out = localityPlace(-32.36, -63.29, villaMaria, 7_100);
    expect(formatPlace(out, 'es')).toBe('7,1 km NO de Villa María, Córdoba');
    expect(formatPlace(out, 'en')).toBe('7.1 km NW of Villa María, Córdoba');
    const inside = localityPlace(-32.41, -63.24, villaMaria, 300);
    expect(inside.distanceM).toBeUndefined();
    expect(formatPlace(inside, 'en')).toBe('Villa María, Córdoba');
    expect(
      formatPlace(inside, 'en', { countryName: (c) => (c === 'AR' ? 'Argentina' : undefined) }),
    ).toBe('Villa María, Córdoba, Argentina');
  });

  it('an address takes the labels of the reader’s language', () => {
    const place = {
      kind: 'address' as const,
      name: 'Calle Mayor 1',
      locality: 'Londres',
      labels: { en: { name: 'Calle Mayor 1', locality: 'London' } },
    };
    expect(formatPlace(place, 'es')).toBe('Calle Mayor 1, Londres');
    expect(formatPlace(place, 'en')).toBe('Calle Mayor 1, London');
  });

  it('the tenant’s place: the nearest POI holding it, else the least deep zone', () => {
    const names = {
      zone: (id: number) => ({ 1: 'Provincia', 2: 'Depósito' })[id],
      poi: (id: number) => ({ 7: 'YPF', 8: 'Shell' })[id],
    };
    const zones = [
      { id: 1, accessType: 'none' as const, depthM: 9_000, bandM: 10 },
      { id: 2, accessType: 'none' as const, depthM: 40, bandM: 10 },
    ];
    expect(tenantPlaceOf({ zones, pois: [] }, names)).toEqual({ kind: 'zone', name: 'Depósito' });
    const pois = [
      { id: 7, distanceM: 150, radiusM: 200 },
      { id: 8, distanceM: 90, radiusM: 100 },
    ];
    expect(tenantPlaceOf({ zones, pois }, names)).toEqual({ kind: 'poi', name: 'Shell' });
    // Within the band but outside: not there.
    expect(
      tenantPlaceOf(
        { zones: [{ ...zones[1]!, depthM: -5 }], pois: [{ id: 7, distanceM: 210, radiusM: 200 }] },
        names,
      ),
    ).toBeUndefined();
  });
});
