import { DEFAULT_UNITS, type PlannedTrip } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { tripsExcel, type TripFormat } from './trip-rows';

// The trips screen's export (issue 27 item 4, decision 0050): the CO₂ the server computed for each
// started trip's span, in the consumption export's three CO₂ columns; a trip not started has none.

const T0 = Date.UTC(2026, 10, 27, 8);
const iso = (ms: number) => new Date(ms).toISOString();

function trip(changes: Partial<PlannedTrip>): PlannedTrip {
  return {
    id: 1,
    vehicleId: 10,
    vehicleName: 'AA 100 BB',
    driverId: null,
    driverName: null,
    name: 'Madrid → Zaragoza',
    stops: [],
    route: [],
    routeSource: 'stops',
    corridorM: 500,
    plannedStart: iso(T0),
    plannedEnd: iso(T0 + 4 * 3_600_000),
    status: 'arrived',
    startedAt: iso(T0),
    arrivedAt: iso(T0 + 4 * 3_600_000),
    late: false,
    delayMin: 0,
    eta: null,
    remainingKm: 0,
    deviations: 0,
    offRoute: false,
    createdAt: iso(T0 - 86_400_000),
    updatedAt: iso(T0 - 86_400_000),
    ...changes,
  };
}

const TRIPS: PlannedTrip[] = [
  // 96 L counted: 96 × 2.47 = 237.1 kg TTW, × 3.13 = 300.5 kg WTW.
  trip({ co2: { fuelType: 'diesel', ttwKg: 237.1, wtwKg: 300.5, isEstimated: false } }),
  // A GPS-only truck under way: 1,300 km × 32 L/100 km = 416 L × 2.47 = 1,027.5 kg, estimated.
  trip({
    id: 2,
    vehicleId: 11,
    vehicleName: 'CC 200 DD',
    name: 'Madrid → Sevilla',
    status: 'under_way',
    arrivedAt: null,
    remainingKm: 120,
    co2: { fuelType: 'diesel', ttwKg: 1027.5, wtwKg: 1302.1, isEstimated: true },
  }),
  trip({
    id: 3,
    name: 'Madrid → Toledo',
    status: 'planned',
    startedAt: null,
    arrivedAt: null,
    co2: null,
  }),
];

const t = (key: string) =>
  ({
    'co2.export_ttw': 'CO₂ TTW (kg)',
    'co2.export_wtw': 'CO₂ WTW (kg)',
    'co2.export_estimated': 'CO₂ estimado',
    'co2.estimated': 'estimado',
  })[key] ?? key;
const F: TripFormat = { t, language: 'es', units: DEFAULT_UNITS, offset: 0 };

describe('trips export CO₂', () => {
  it('carries each trip’s CO₂ TTW, WTW and the estimated marker; empty before the start', () => {
    const body = tripsExcel(F, TRIPS);
    expect(body.columns.slice(-3)).toEqual([
      { key: 'co2Ttw', label: 'CO₂ TTW (kg)', type: 'number' },
      { key: 'co2Wtw', label: 'CO₂ WTW (kg)', type: 'number' },
      { key: 'co2Estimated', label: 'CO₂ estimado' },
    ]);
    expect(body.rows.map((r) => [r.co2Ttw, r.co2Wtw, r.co2Estimated])).toEqual([
      [237.1, 300.5, null],
      [1027.5, 1302.1, 'estimado'],
      [null, null, null],
    ]);
  });
});
