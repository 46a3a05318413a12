import { translations, type Device } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { testVehicle } from './admin-test-fixtures';
import { ApiError } from '../../shared/api/api-error';
import { createI18n } from '../../shared/i18n/create-i18n';
import { filterRows, normalizeText } from './admin-search';
import {
  assignableVehicles,
  isPlaceholderVehicle,
  isWaitingDevice,
  latestInstant,
} from './device-assignment';
import { fieldErrors } from './server-errors';

const t = createI18n('es', { es: translations.es }).t;

describe('search', () => {
  it('ignores case and accents and needs every word somewhere in the row', () => {
    expect(normalizeText(' Camión ')).toBe('camion');
    const rows = [
      { plate: 'AE123CD', group: 'Frío' },
      { plate: 'AF999ZZ', group: 'Larga distancia' },
    ];
    const texts = (r: (typeof rows)[number]) => [r.plate, r.group];
    expect(filterRows(rows, 'frio', texts)).toEqual([rows[0]]);
    expect(filterRows(rows, 'distancia af9', texts)).toEqual([rows[1]]);
    expect(filterRows(rows, 'distancia ae1', texts)).toEqual([]);
    expect(filterRows(rows, '  ', texts)).toEqual(rows);
  });
});

describe('server errors on fields', () => {
  it('puts a refusal on its field with the server message', () => {
    const error = new ApiError(409, 'conflict', 'Ese nombre de usuario ya existe', [
      { path: 'body.username', reason: 'username_taken' },
    ]);
    expect(fieldErrors(error, ['username', 'email'], t)).toEqual([
      { field: 'username', message: 'Ese nombre de usuario ya existe' },
    ]);
  });

  it('translates the fleet conflicts that carry an English detail', () => {
    const error = new ApiError(409, 'conflict', 'Ya existe', [
      { path: 'body.plate', message: 'plate already exists' },
    ]);
    expect(fieldErrors(error, ['plate'], t)).toEqual([
      { field: 'plate', message: 'Ya existe un vehículo con esa patente' },
    ]);
  });

  it('puts a bare 409 on the conflict field and ignores details of unknown fields', () => {
    expect(fieldErrors(new ApiError(409, 'conflict', 'Ya existe'), ['name'], t, 'name')).toEqual([
      { field: 'name', message: 'Ya existe un grupo con ese nombre' },
    ]);
    const other = new ApiError(409, 'conflict', 'x', [
      { path: 'params.id', reason: 'self_delete' },
    ]);
    expect(fieldErrors(other, ['name'], t, 'name')).toEqual([]);
    expect(fieldErrors(new Error('boom'), ['name'], t)).toEqual([]);
  });
});

const vehicle = testVehicle;
const device = (over: Partial<Device>): Device => ({
  id: 1,
  uniqueId: '352094080000001',
  protocol: 'teltonika',
  model: null,
  vehicleId: 10,
  autoRegistered: true,
  plate: '352094080000001',
  lastConnection: null,
  ...over,
});

describe('device assignment', () => {
  const placeholder = vehicle({
    vehicleId: 10,
    plate: '352094080000001',
    groupName: 'Nuevos',
    deviceUniqueId: '352094080000001',
  });
  const fitted = vehicle({ vehicleId: 11, plate: 'BB111BB', deviceUniqueId: '999' });
  const free = vehicle({ vehicleId: 12, plate: 'AC222CC' });

  it('offers vehicles without a device, and the current one, by plate', () => {
    expect(assignableVehicles([fitted, free, placeholder], null).map((v) => v.plate)).toEqual([
      'AC222CC',
    ]);
    expect(assignableVehicles([fitted, free], 11).map((v) => v.plate)).toEqual([
      'AC222CC',
      'BB111BB',
    ]);
  });

  it('recognises the placeholder vehicle of an auto-registered device, not an edited one', () => {
    expect(isPlaceholderVehicle(placeholder, device({}))).toBe(true);
    expect(isPlaceholderVehicle({ ...placeholder, brand: 'Scania' }, device({}))).toBe(false);
    expect(isPlaceholderVehicle(placeholder, device({ autoRegistered: false }))).toBe(false);
  });

  it('counts a device as waiting while it sits on a vehicle of "Nuevos"', () => {
    expect(isWaitingDevice(device({}), [placeholder])).toBe(true);
    expect(isWaitingDevice(device({ vehicleId: 12 }), [free])).toBe(false);
    expect(isWaitingDevice(device({ autoRegistered: false }), [placeholder])).toBe(false);
  });
});

describe('last connection', () => {
  it('takes the later of the stored and the live instant', () => {
    const older = '2026-11-21T10:00:00.000Z';
    const newer = '2026-11-21T11:30:00.000Z';
    expect(latestInstant(older, newer)).toBe(newer);
    expect(latestInstant(newer, older)).toBe(newer);
    expect(latestInstant(null, older)).toBe(older);
    expect(latestInstant(undefined, null)).toBeNull();
  });
});
