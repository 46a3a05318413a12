import type { LastInfo } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { LiveFleetStore } from '../../shared/fleet/live-fleet-store';
import { filterFleet, fold, samePass, sortByPlate } from './fleet-filter';

const v = (
  id: number,
  plate: string,
  statusCode: number,
  marca: string | null = null,
): LastInfo => ({
  idvehiculo: id,
  plate,
  lastConnection: null,
  status: 'undefined',
  statusCode,
  lat: 0,
  lng: 0,
  speedKmh: null,
  heading: null,
  implementos: null,
  marca,
  modelo: null,
  modelyear: null,
  fms1: { odometro: null, ureaLevel: null },
  fms4: { engineHours: null },
  driverCode: null,
});

function fleet() {
  const store = new LiveFleetStore();
  store.applyJson([
    v(1, 'AB-10', 3, 'Scania'),
    v(2, 'AB-2', 3, 'Volvo'),
    v(3, 'CD-1', 2, 'Mercedes-Benz'),
    v(4, 'EF-1', 4, 'Iveco Camión'),
  ]);
  return store;
}

describe('filterFleet', () => {
  it('finds a vehicle by its current driver’s name or card code, without accents (issue 23)', () => {
    const store = new LiveFleetStore();
    store.applyJson([
      { ...v(1, 'AF476', 3), driverCode: 'ARG1', driverName: 'Juan Pérez' },
      { ...v(2, 'AB-2', 3), driverCode: 'ARG2', driverName: 'María López' },
      v(3, 'CD-1', 2),
    ]);
    const by = (query: string) => [...filterFleet(store, { query, statuses: new Set() }).pass];
    expect(by('juan')).toEqual([1, 0, 0]);
    expect(by('PEREZ')).toEqual([1, 0, 0]);
    expect(by('maría lóp')).toEqual([0, 1, 0]);
    expect(by('arg2')).toEqual([0, 1, 0]);
  });

  it('counts every status and passes all without filters', () => {
    const r = filterFleet(fleet(), { query: '', statuses: new Set() });
    expect([...r.pass]).toEqual([1, 1, 1, 1]);
    expect(r.counts['in-transit']).toBe(2);
    expect(r.counts.idling).toBe(1);
    expect(r.counts.speeding).toBe(1);
    expect(r.counts.off).toBe(0);
    expect(r.shown).toBe(4);
  });

  it('filters by status; counts stay those of the search so the chips keep their numbers', () => {
    const r = filterFleet(fleet(), { query: '', statuses: new Set(['idling', 'speeding']) });
    expect([...r.pass]).toEqual([0, 0, 1, 1]);
    expect(r.shown).toBe(2);
    expect(r.counts['in-transit']).toBe(2);
  });

  it('searches plate and brand, ignoring case and accents', () => {
    const store = fleet();
    expect([...filterFleet(store, { query: 'ab-', statuses: new Set() }).pass]).toEqual([
      1, 1, 0, 0,
    ]);
    const camion = filterFleet(store, { query: 'CAMION', statuses: new Set() });
    expect([...camion.pass]).toEqual([0, 0, 0, 1]);
    expect(camion.matching).toBe(1);
    expect(camion.counts['in-transit']).toBe(0);
    expect(fold('Camión Ñandú')).toBe('camion nandu');
  });

  it('sorts plates naturally and compares masks', () => {
    const store = fleet();
    expect(sortByPlate(store, [0, 1, 2, 3]).map((s) => store.info[s]!.plate)).toEqual([
      'AB-2',
      'AB-10',
      'CD-1',
      'EF-1',
    ]);
    expect(samePass(new Uint8Array([1, 0]), new Uint8Array([1, 0]))).toBe(true);
    expect(samePass(new Uint8Array([1, 0]), new Uint8Array([1, 1]))).toBe(false);
    expect(samePass(new Uint8Array([1]), new Uint8Array([1, 1]))).toBe(false);
  });
});
