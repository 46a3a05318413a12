import type { Driver } from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { describe, expect, it } from 'vitest';
import {
  driverExcel,
  driverFormSchema,
  driverSearchTexts,
  driverToForm,
  formatDay,
  isCalendarDay,
  licenceState,
  toDriverInput,
} from './driver-form';

const t: TFunction = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

const driver: Driver = {
  driverId: 4,
  id: 4,
  nombre: 'Rosa',
  apellido: 'Quiroga',
  documento: '30111222',
  codigo: '01A2B3C4D5E6F708',
  telefono: '+54 9 351 555-0101',
  licencia: 'B-778899',
  licenciaVence: '2027-03-31',
  groupId: 3,
  groupName: 'Norte',
  notas: '',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('driver form', () => {
  const schema = driverFormSchema(t);
  it('round-trips a driver through the form into the /driver body', () => {
    const form = driverToForm(driver);
    expect(form.groupId).toBe('3');
    expect(toDriverInput({ ...form, codigo: ' 01a2 ', groupId: '' })).toEqual({
      nombre: 'Rosa',
      apellido: 'Quiroga',
      documento: '30111222',
      codigo: '01A2',
      telefono: '+54 9 351 555-0101',
      licencia: 'B-778899',
      licenciaVence: '2027-03-31',
      groupId: null,
      notas: '',
    });
    expect(toDriverInput(driverToForm(null)).licenciaVence).toBeNull();
  });

  it('refuses what the server refuses, with translated messages', () => {
    const ok = driverToForm(null);
    expect(schema.safeParse({ ...ok, nombre: 'Ana' }).success).toBe(true);
    const issue = (over: object) =>
      schema.safeParse({ ...ok, nombre: 'Ana', ...over }).error?.issues[0]?.message;
    expect(issue({ nombre: '  ' })).toBe('drivers.form.required');
    expect(issue({ codigo: 'AB CD' })).toBe('drivers.form.no_whitespace');
    expect(issue({ licenciaVence: '2025-02-30' })).toBe('drivers.form.date');
    expect(issue({ telefono: '1'.repeat(41) })).toBe('drivers.form.max {"max":40}');
  });

  it('knows real days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-13-01')).toBe(false);
    expect(formatDay('2027-03-31', 'es')).toBe('31/03/2027');
    expect(formatDay('2027-03-31', 'en')).toBe('03/31/2027');
    expect(formatDay(null, 'en')).toBe('');
  });
});

describe('licence state', () => {
  // 2026-11-25 01:00 at UTC−3 (04:00 UTC).
  const now = Date.UTC(2026, 10, 25, 4);
  it('says expired, soon (30 days) or valid, by the user’s day', () => {
    expect(licenceState('2026-11-24', now, -3)).toBe('expired');
    expect(licenceState('2026-11-25', now, -3)).toBe('soon');
    // At UTC−5 it is still the 24th.
    expect(licenceState('2026-11-24', now, -5)).toBe('soon');
    expect(licenceState('2026-12-25', now, -3)).toBe('soon');
    expect(licenceState('2026-12-26', now, -3)).toBe('valid');
    expect(licenceState(null, now, -3)).toBe('none');
  });
});

describe('driver search and export', () => {
  it('searches name and surname together, code, document, group', () => {
    expect(driverSearchTexts(driver)).toEqual(
      expect.arrayContaining(['Rosa Quiroga', '01A2B3C4D5E6F708', '30111222', 'Norte']),
    );
  });

  it('exports every field, the expiry as a date cell and its state', () => {
    const table = driverExcel(
      [driver, { ...driver, licenciaVence: '2020-01-01', groupName: null }],
      {
        t,
        language: 'en',
        nowMs: Date.UTC(2026, 10, 25),
        offset: 0,
      },
    );
    expect(table.title).toBe('drivers.export_title');
    expect(table.columns.map((c) => c.key)).toEqual([
      'nombre',
      'apellido',
      'documento',
      'codigo',
      'telefono',
      'licencia',
      'licenciaVence',
      'estado',
      'grupo',
      'notas',
    ]);
    // The expiry is a calendar day the server writes as a date cell.
    expect(table.columns.find((c) => c.key === 'licenciaVence')?.type).toBe('date');
    expect(table.rows[0]).toMatchObject({
      licenciaVence: '2027-03-31',
      estado: '',
      grupo: 'Norte',
    });
    expect(table.rows[1]).toMatchObject({ estado: 'drivers.expired', grupo: '' });
  });
});
