import { haversineM } from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { PLACES } from './corridors.js';
import { bearingDeg, locateOnRoute } from './route.js';
import { compileRoutes } from './routes.js';

const routes = new Map(compileRoutes().map((r) => [r.id, r]));

function turnDeg(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

describe('the road corridors', () => {
  it('have vertices every few km, in the Buenos Aires–Rosario–Córdoba region, without zig-zags', () => {
    for (const route of routes.values()) {
      route.points.forEach((p, i) => {
        expect(p.lat).toBeGreaterThan(-35.3);
        expect(p.lat).toBeLessThan(-31.3);
        expect(p.lng).toBeGreaterThan(-64.2);
        expect(p.lng).toBeLessThan(-58.3);
        if (i === 0) return;
        const prev = route.points[i - 1]!;
        expect(haversineM(prev.lat, prev.lng, p.lat, p.lng)).toBeLessThan(12_000);
        if (i === 1) return;
        const before = bearingDeg(route.points[i - 2]!, prev);
        expect(turnDeg(before, bearingDeg(prev, p))).toBeLessThan(80);
      });
    }
  });

  it('are as long as the real roads', () => {
    const km = (id: string): number => routes.get(id)!.lengthM / 1000;
    expect(km('ba-cordoba')).toBeGreaterThan(650); // ~700 km by RN9
    expect(km('ba-cordoba')).toBeLessThan(720);
    expect(km('ba-rosario')).toBeGreaterThan(280); // ~300 km
    expect(km('ba-rosario')).toBeLessThan(320);
    expect(km('rosario-cordoba')).toBeGreaterThan(370); // ~400 km
    expect(km('rosario-cordoba')).toBeLessThan(410);
  });

  it('place every stop on its road, and the named depots and customers on the way', () => {
    for (const route of routes.values()) {
      for (const stop of route.stops) {
        const at = locateOnRoute(route, stop.atM, 1);
        expect(haversineM(at.lat, at.lng, stop.place.lat, stop.place.lng)).toBeLessThan(1);
      }
    }
    expect(routes.get('ba-cordoba')!.stops.map((s) => s.place.name)).toEqual([
      'Depósito Barracas',
      'Estación YPF Ruta 9 San Nicolás',
      'Planta Rosario',
      'Parador Bell Ville',
      'Terminal Córdoba',
    ]);
    expect(PLACES.clientePilar.name).toBe('Cliente Pilar');
  });
});
