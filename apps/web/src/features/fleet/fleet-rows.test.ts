import type { GroupWithVehicles, LastInfo, Vehicle } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { indexLastInfo } from '../../shared/fleet/fleet-queries';
import { bucketCount, buildGroupRows, buildVehicleRows, countByStatus } from './fleet-rows';

const vehicle = (vehicleId: number, plate: string, groupId: number | null): Vehicle => ({
  vehicleId,
  plate,
  vim: '',
  kind: 'tractor',
  description: '',
  brand: 'Volvo',
  model: 'FH',
  modelYear: 2019,
  implementId: null,
  tankCapacityL: null,
  ureaCapacityL: null,
  speedLimitKmh: null,
  groupId,
  groupName: groupId ? `G${groupId}` : null,
  implementName: null,
  deviceUniqueId: null,
});
const info = (
  idvehiculo: number,
  status: LastInfo['status'],
  lastConnection: string | null,
): LastInfo => ({
  idvehiculo,
  plate: '',
  lastConnection,
  status,
  statusCode: 0,
  lat: null,
  lng: null,
  speedKmh: 12,
  heading: null,
  implementos: null,
  marca: 'Scania',
  modelo: null,
  modelyear: null,
  fms1: { odometro: 100, ureaLevel: null },
  fms4: { engineHours: 5 },
  driverCode: ' ',
});

describe('fleet rows', () => {
  const live = indexLastInfo([
    info(1, 'in-transit', '2025-01-15T10:00:00Z'),
    info(2, 'offline-off', '2025-01-14T10:00:00Z'),
  ]);

  it('joins vehicles with their last info; without it the status is undefined', () => {
    const [a, b, c] = buildVehicleRows(
      [vehicle(1, 'A', 1), vehicle(2, 'B', 1), vehicle(3, 'C', null)],
      live,
    );
    expect(a).toMatchObject({
      status: 'in-transit',
      brand: 'Scania',
      // Missing live values fall back to the vehicle's own.
      model: 'FH',
      lastConnectionMs: Date.parse('2025-01-15T10:00:00Z'),
      odometerKm: 100,
      engineHours: 5,
      driverCode: null,
    });
    expect(b?.status).toBe('offline-off');
    expect(c).toMatchObject({
      status: 'undefined',
      brand: 'Volvo',
      model: 'FH',
      lastConnectionMs: null,
      odometerKm: null,
    });
  });

  it('counts statuses per group and keeps the latest report', () => {
    const groups: GroupWithVehicles[] = [
      {
        groupId: 1,
        name: 'Norte',
        vehicleList: [
          { vehicleId: 1, plate: 'A' },
          { vehicleId: 2, plate: 'B' },
        ],
      },
      { groupId: null, name: 'Sin grupo', vehicleList: [{ vehicleId: 3, plate: 'C' }] },
    ];
    const [norte, none] = buildGroupRows(groups, live);
    expect(norte?.key).toBe('g1');
    expect(norte?.counts['in-transit']).toBe(1);
    expect(norte?.counts['offline-off']).toBe(1);
    expect(bucketCount(norte!.counts, 'moving')).toBe(1);
    expect(bucketCount(norte!.counts, 'offline')).toBe(1);
    expect(norte?.lastConnectionMs).toBe(Date.parse('2025-01-15T10:00:00Z'));
    expect(none).toMatchObject({ key: 'none', lastConnectionMs: null });
    expect(none?.vehicles[0]?.status).toBe('undefined');
    expect(countByStatus(['idling', 'idling', 'speeding']).idling).toBe(2);
  });
});
