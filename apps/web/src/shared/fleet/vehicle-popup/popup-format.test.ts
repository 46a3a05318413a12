import { DEFAULT_UNITS } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { testLastInfo } from '../fleet-test-fixtures';
import {
  formatBrandModelYear,
  formatDescription,
  formatEngineHours,
  formatUrea,
  vehiclePopupRows,
  type PopupRow,
} from './popup-format';

const vehicle = {
  plate: 'AB 123 CD',
  vim: '9BM958154KB123456',
  kind: 'tractor' as const,
  description: 'Frío  ',
  groupName: 'Norte',
};

const info = testLastInfo(1, 'in-transit', {
  implementos: 'Semirremolque',
  marca: 'Scania',
  modelo: 'R450',
  modelyear: 2021,
  fms1: { odometro: 160934.4, ureaLevel: 47.25 },
  fms4: { engineHours: 12345.67 },
});

const kindLabel = (kind: string) => ({ tractor: 'Tractocamión' })[kind] ?? kind;
const options = (overrides = {}) => ({
  units: DEFAULT_UNITS,
  language: 'es' as const,
  noInfo: 'Sin información',
  noCan: 'Sin datos CAN',
  kindLabel,
  ...overrides,
});
const byField = (rows: PopupRow[]) => Object.fromEntries(rows.map((r) => [r.field, r]));

describe('vehicle popup formatting', () => {
  it('lists every field of spec §2 in order, in the user units and language', () => {
    const rows = vehiclePopupRows(vehicle, info, options());
    expect(rows.map((r) => r.field)).toEqual([
      'plate',
      'chassis',
      'description',
      'implements',
      'brand_model_year',
      'group',
      'mileage',
      'engine_hours',
      'urea',
    ]);
    const f = byField(rows);
    expect(f.plate?.value).toBe('AB 123 CD');
    expect(f.chassis?.value).toBe('9BM958154KB123456');
    expect(f.description?.value).toBe('Tractocamión · Frío');
    expect(f.implements?.value).toBe('Semirremolque');
    expect(f.brand_model_year?.value).toBe('Scania / R450 / 2021');
    expect(f.group?.value).toBe('Norte');
    expect(f.mileage?.value).toBe('160.934,4 km');
    expect(f.engine_hours?.value).toBe('12.345,7 hs');
    expect(f.urea?.value).toBe('47,3 %');
    expect(rows.every((r) => !r.missing)).toBe(true);
  });

  it('converts mileage to miles and formats numbers in English', () => {
    const f = byField(
      vehiclePopupRows(
        vehicle,
        info,
        options({ units: { ...DEFAULT_UNITS, distance: 'mi' }, language: 'en' }),
      ),
    );
    expect(f.mileage?.value).toBe('100,000.0 mi');
    expect(f.engine_hours?.value).toBe('12,345.7 hs');
    expect(f.urea?.value).toBe('47.3 %');
  });

  it('shows the no-info text for the live fields when there is no last info', () => {
    for (const missing of [null, undefined]) {
      const f = byField(vehiclePopupRows(vehicle, missing, options()));
      for (const field of ['implements', 'brand_model_year', 'mileage', 'engine_hours', 'urea'])
        expect(f[field]).toEqual({ field, value: 'Sin información', missing: true });
      expect(f.plate?.missing).toBe(false);
      expect(f.description?.value).toBe('Tractocamión · Frío');
      expect(f.group?.value).toBe('Norte');
    }
  });

  it('says "no CAN data" for the CAN values of a vehicle whose device is a phone', () => {
    const phone = { ...vehicle, deviceProtocol: 'osmand' as const };
    const gpsOnly = {
      ...info,
      fms1: { odometro: null, ureaLevel: null },
      fms4: { engineHours: null },
    };
    for (const last of [gpsOnly, null]) {
      const f = byField(vehiclePopupRows(phone, last, options()));
      for (const field of ['mileage', 'engine_hours', 'urea'])
        expect(f[field]).toEqual({ field, value: 'Sin datos CAN', missing: true });
      expect(f.plate?.value).toBe('AB 123 CD');
    }
    // A tracker (or no device known) keeps the no-info text for a missing value.
    for (const deviceProtocol of ['teltonika', 'mqtt', null, undefined] as const) {
      const f = byField(vehiclePopupRows({ ...vehicle, deviceProtocol }, gpsOnly, options()));
      expect(f.mileage?.value).toBe('Sin información');
    }
  });

  it('shows the no-info text for each value the last info lacks, never a zero', () => {
    const f = byField(
      vehiclePopupRows(
        { ...vehicle, vim: ' ', groupName: null },
        {
          ...info,
          implementos: null,
          marca: null,
          modelo: null,
          modelyear: null,
          fms1: { odometro: null, ureaLevel: 0 },
          fms4: { engineHours: null },
        },
        options(),
      ),
    );
    expect(f.chassis?.missing).toBe(true);
    expect(f.group?.missing).toBe(true);
    expect(f.implements?.missing).toBe(true);
    expect(f.brand_model_year?.missing).toBe(true);
    expect(f.mileage?.value).toBe('Sin información');
    expect(f.engine_hours?.value).toBe('Sin información');
    // A real zero is a value.
    expect(f.urea?.value).toBe('0,0 %');
  });

  it('formats the pieces', () => {
    expect(formatEngineHours(0.04, 'es')).toBe('0,0 hs');
    expect(formatUrea(100, 'en')).toBe('100.0 %');
    expect(formatDescription('tractor', '', kindLabel)).toBe('Tractocamión');
    expect(formatDescription('tractor', '   ', kindLabel)).toBe('Tractocamión');
    expect(formatBrandModelYear('Volvo', null, 2019)).toBe('Volvo / 2019');
    expect(formatBrandModelYear(' ', '', null)).toBeNull();
  });
});
