import type { GroupWithVehicles, LastInfo } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { indexLastInfo } from '../../shared/fleet/fleet-queries';
import { testLastInfo, testVehicle } from '../../shared/fleet/fleet-test-fixtures';
import { bucketCount, buildGroupRows, buildVehicleRows, countByStatus } from './fleet-rows';

const vehicle = (id: number, plate: string, groupId: number | null) =>
  testVehicle(id, plate, groupId, { vim: '', groupName: groupId ? `G${groupId}` : null });
const info = (id: number, status: LastInfo['status'], lastConnection: string | null) =>
  testLastInfo(id, status, {
    lastConnection,
    speedKmh: 12,
    marca: 'Scania',
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
    expect(a?.noCan).toBe(false);
    expect(b?.status).toBe('offline-off');
    expect(c).toMatchObject({
      status: 'undefined',
      brand: 'Volvo',
      model: 'FH',
      lastConnectionMs: null,
      odometerKm: null,
    });
  });

  it('marks the vehicles whose device is a phone as having no CAN data', () => {
    const rows = buildVehicleRows(
      (['osmand', 'teltonika', 'mqtt', null] as const).map((deviceProtocol, i) => ({
        ...vehicle(i + 1, `P${i}`, null),
        deviceProtocol,
      })),
      live,
    );
    expect(rows.map((r) => r.noCan)).toEqual([true, false, false, false]);
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
