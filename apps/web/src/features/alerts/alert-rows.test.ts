import {
  DEFAULT_UNITS,
  type AlertEvent,
  type AlertTypesAnswer,
  type Vehicle,
} from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { alertIconOf } from './alert-icons';
import {
  NO_FILTERS,
  buildAlertRows,
  countByType,
  exportValue,
  filterAlertRows,
  filtersFromParams,
  formatAlertValue,
  formatDuration,
  formatPlace,
  travelLink,
  valueKind,
} from './alert-rows';

const types: AlertTypesAnswer = {
  groups: [
    { ideventtypegroup: 1, code: 'speed', description: 'Velocidad' },
    { ideventtypegroup: 2, code: 'driving', description: 'Conducción' },
    { ideventtypegroup: 3, code: 'temperature', description: 'Temperatura' },
  ],
  types: [
    {
      ideventtype: 11,
      code: 'V95',
      description: 'Exceso de velocidad > 95 km/h',
      ideventtypegroup: 1,
      severity: 'warning',
    },
    {
      ideventtype: 21,
      code: 'AFI',
      description: 'Frenada intensa',
      ideventtypegroup: 2,
      severity: 'warning',
    },
    {
      ideventtype: 31,
      code: 'TSC',
      description: 'Temperatura sobre consigna',
      ideventtypegroup: 3,
      severity: 'critical',
    },
  ],
};

const vehicle = (vehicleId: number, plate: string, groupId: number | null): Vehicle =>
  ({ vehicleId, plate, groupId, groupName: groupId ? `Grupo ${groupId}` : null }) as Vehicle;

const event = (over: Partial<AlertEvent>): AlertEvent => ({
  id: 1,
  code: 'V95',
  ideventtype: 11,
  vehicleId: 1,
  plate: 'AB123CD',
  codigoChofer: null,
  driverName: null,
  startTime: Date.UTC(2026, 10, 20, 12),
  endTime: null,
  lat: -34.6,
  lng: -58.4,
  value: 103,
  data: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  comment: null,
  ...over,
});

const events = [
  event({ id: 1, code: 'v95', value: 103, codigoChofer: 'ARG1', driverName: 'Juan Pérez' }),
  event({ id: 2, code: 'AFI', vehicleId: 2, plate: 'AC456EF', value: 3.1, codigoChofer: 'ARG2' }),
  event({ id: 3, code: 'TSC', vehicleId: 2, plate: 'AC456EF', value: -12.5, acknowledgedAt: 5 }),
  event({ id: 4, code: 'ZZZ', vehicleId: 3, plate: 'AD789GH', value: 7 }),
  event({ id: 5, code: 'V95', startTime: Date.UTC(2026, 10, 21, 8), value: 99 }),
];
const rows = buildAlertRows(events, types, [
  vehicle(1, 'AB123CD', 10),
  vehicle(2, 'AC456EF', 20),
  vehicle(3, 'AD789GH', null),
]);

describe('alert rows', () => {
  it('joins the catalogue (case-insensitively), the fleet groups and the driver', () => {
    expect(rows[0]).toMatchObject({
      code: 'V95',
      type: 'Exceso de velocidad > 95 km/h',
      typeGroup: 'speed',
      groupId: 10,
      driver: 'Juan Pérez',
    });
    // An unregistered card shows its code; an unknown code its own text and no group.
    expect(rows[1]!.driver).toBe('ARG2');
    expect(rows[3]).toMatchObject({ type: 'ZZZ', typeGroup: null, groupId: null });
    expect(rows[2]!.acknowledged).toBe(true);
  });

  it('filters by vehicle, group, type group, type, handling and search; newest first', () => {
    const ids = (over: Partial<typeof NO_FILTERS>) =>
      filterAlertRows(rows, { ...NO_FILTERS, ...over }).map((r) => r.id);
    expect(ids({})).toEqual([5, 4, 3, 2, 1]);
    expect(ids({ vehicle: '2' })).toEqual([3, 2]);
    expect(ids({ group: '10' })).toEqual([5, 1]);
    expect(ids({ group: 'none' })).toEqual([4]);
    expect(ids({ typeGroup: 'driving' })).toEqual([2]);
    expect(ids({ type: 'v95' })).toEqual([5, 1]);
    expect(ids({ handled: 'pending' })).toEqual([5, 4, 2, 1]);
    expect(ids({ handled: 'done' })).toEqual([3]);
    expect(ids({ search: 'perez exceso' })).toEqual([1]);
    expect(ids({ search: 'ac456' })).toEqual([3, 2]);
  });

  it('counts by type over the other filters, the chosen type left out', () => {
    expect(countByType(rows, NO_FILTERS).map((c) => [c.code, c.count])).toEqual([
      ['V95', 2],
      ['AFI', 1],
      ['TSC', 1],
      ['ZZZ', 1],
    ]);
    expect(countByType(rows, { ...NO_FILTERS, type: 'AFI', vehicle: '1' })).toEqual([
      { code: 'V95', type: 'Exceso de velocidad > 95 km/h', count: 2 },
    ]);
  });

  it('reads its filters from the address', () => {
    expect(filtersFromParams(new URLSearchParams('vehicle=3&type=AFI&q=juan'))).toEqual({
      ...NO_FILTERS,
      vehicle: '3',
      type: 'AFI',
      search: 'juan',
    });
  });
});

describe('alert values', () => {
  const imperial = { ...DEFAULT_UNITS, speed: 'mi/h' as const, temperature: 'F' as const };
  it('knows what each code measures', () => {
    expect(['V20', 'exv', 'D20', 'AAB', 'TIC', 'DFP', 'IDD', 'SCT'].map(valueKind)).toEqual([
      'speed',
      'speed',
      'duration',
      'acceleration',
      'temperature',
      'voltage',
      null,
      null,
    ]);
  });

  it('formats in the user’s units and language, one decimal', () => {
    expect(formatAlertValue('V95', 103, DEFAULT_UNITS, 'es')).toBe('103,0 km/h');
    expect(formatAlertValue('V95', 103, imperial, 'en')).toBe('64.0 mi/h');
    expect(formatAlertValue('TSC', -12.5, imperial, 'en')).toBe('9.5 °F');
    expect(formatAlertValue('AFI', 3.14, DEFAULT_UNITS, 'es')).toBe('3,1 m/s²');
    expect(formatAlertValue('D20', 3900, DEFAULT_UNITS, 'es')).toBe('1 h 05 min');
    expect(formatAlertValue('DFP', null, DEFAULT_UNITS, 'es')).toBeNull();
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(1260)).toBe('21 min');
  });

  it('exports numbers in the user’s unit with the unit beside', () => {
    expect(exportValue('V95', 103, imperial)).toEqual({ value: 64, unit: 'mi/h' });
    expect(exportValue('TIC', 1.25, DEFAULT_UNITS)).toEqual({ value: 1.3, unit: '°C' });
    expect(exportValue('IDD', null, DEFAULT_UNITS)).toEqual({ value: null, unit: '' });
  });
});

describe('alert icons, place and travel link', () => {
  it('has an icon for every catalogue code but SCT, TCC and TSC, and none for unknown codes', () => {
    expect(alertIconOf('v95')).toBeDefined();
    expect(alertIconOf('CRG')).toBeDefined();
    for (const code of ['SCT', 'TCC', 'TSC', 'tsc', 'ZZZ', 'toString', '']) {
      expect(alertIconOf(code), code).toBeUndefined();
    }
  });

  it('opens the travel consultation 30 minutes either side of the alert', () => {
    expect(travelLink({ vehicleId: 7, startTime: 10_000_000, endTime: null })).toBe(
      '/app/map/travel_consultation/7/8200000/11800000',
    );
    expect(travelLink({ vehicleId: 7, startTime: 10_000_000, endTime: 10_600_000 })).toBe(
      '/app/map/travel_consultation/7/8200000/12400000',
    );
  });

  it('shows the place as coordinates', () => {
    expect(formatPlace(-34.603123, -58.381567)).toBe('-34.60312, -58.38157');
    expect(formatPlace(null, 1)).toBe('');
  });

  it('carries the episode details, named by the catalogue, and the search finds them', () => {
    const withTypes: AlertTypesAnswer = {
      ...types,
      types: [
        ...types.types,
        {
          ideventtype: 5,
          code: 'EXV',
          description: 'Exceso sobre el límite del vehículo',
          ideventtypegroup: 1,
          severity: 'warning',
        },
      ],
    };
    const [row] = buildAlertRows(
      [event({ data: { details: 'EXV', speedLimit: 90 } })],
      withTypes,
      [],
    );
    expect(row?.details?.facts).toEqual([
      { code: 'EXV', type: 'Exceso sobre el límite del vehículo' },
    ]);
    expect(row?.details?.speedLimit).toBe(90);
    expect(filterAlertRows([row!], { ...NO_FILTERS, search: 'limite del vehiculo' })).toHaveLength(
      1,
    );
    expect(buildAlertRows([event({})], withTypes, [])[0]?.details).toBeNull();
  });
});
