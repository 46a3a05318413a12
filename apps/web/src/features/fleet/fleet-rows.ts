import type { GroupWithVehicles, LastInfo, Vehicle } from '@rumbo/contracts';
import { lacksCanData } from '../../shared/fleet/can-data';
import { VEHICLE_STATUSES, type VehicleStatus } from '../../shared/fleet/vehicle-status';

/** One line of the vehicles table: the vehicle joined with its live last info. */
export interface VehicleRow {
  vehicleId: number;
  plate: string;
  vim: string;
  kind: Vehicle['kind'];
  description: string;
  brand: string | null;
  model: string | null;
  modelYear: number | null;
  groupId: number | null;
  groupName: string | null;
  implement: string | null;
  status: VehicleStatus;
  /** Epoch ms of the last report; null when it never reported. */
  lastConnectionMs: number | null;
  speedKmh: number | null;
  odometerKm: number | null;
  engineHours: number | null;
  ureaPct: number | null;
  /** The device is a phone: odometer, engine hours and urea never come (shown as "no CAN data"). */
  noCan: boolean;
  driverCode: string | null;
}

const orNull = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);

/** Joins vehicles with their last info; a vehicle without it has status undefined, no values. */
export function buildVehicleRows(
  vehicles: readonly Vehicle[],
  lastInfo: ReadonlyMap<number, LastInfo>,
): VehicleRow[] {
  return vehicles.map((vehicle) => {
    const info = lastInfo.get(vehicle.vehicleId);
    const last = info?.lastConnection ? Date.parse(info.lastConnection) : NaN;
    return {
      vehicleId: vehicle.vehicleId,
      plate: vehicle.plate,
      vim: vehicle.vim,
      kind: vehicle.kind,
      description: vehicle.description,
      brand: orNull(info?.marca ?? vehicle.brand),
      model: orNull(info?.modelo ?? vehicle.model),
      modelYear: info?.modelyear ?? vehicle.modelYear,
      groupId: vehicle.groupId,
      groupName: vehicle.groupName,
      implement: orNull(info?.implementos ?? vehicle.implementName),
      status: info?.status ?? 'undefined',
      lastConnectionMs: Number.isFinite(last) ? last : null,
      speedKmh: info?.speedKmh ?? null,
      odometerKm: info?.fms1.odometro ?? null,
      engineHours: info?.fms4.engineHours ?? null,
      ureaPct: info?.fms1.ureaLevel ?? null,
      noCan: lacksCanData(vehicle),
      driverCode: orNull(info?.driverCode),
    };
  });
}

export type StatusCounts = Record<VehicleStatus, number>;

export function emptyCounts(): StatusCounts {
  return Object.fromEntries(VEHICLE_STATUSES.map((s) => [s, 0])) as StatusCounts;
}

/** How many vehicles are in each status. */
export function countByStatus(statuses: Iterable<VehicleStatus>): StatusCounts {
  const counts = emptyCounts();
  for (const status of statuses) counts[status] += 1;
  return counts;
}

/** The summary columns of the groups table. */
export const STATUS_BUCKETS = {
  moving: ['in-transit', 'speeding'],
  idling: ['idling'],
  off: ['off'],
  offline: ['offline-in-transit', 'offline-off'],
  unknown: ['undefined'],
} as const satisfies Record<string, readonly VehicleStatus[]>;
export type StatusBucket = keyof typeof STATUS_BUCKETS;

export function bucketCount(counts: StatusCounts, bucket: StatusBucket): number {
  return STATUS_BUCKETS[bucket].reduce((sum, status) => sum + counts[status], 0);
}

/** One line of the groups table. */
export interface GroupRow {
  /** `g<id>`, or `none` for the vehicles without a group. */
  key: string;
  groupId: number | null;
  name: string;
  vehicles: { vehicleId: number; plate: string; status: VehicleStatus }[];
  counts: StatusCounts;
  /** Epoch ms of the group's most recent report. */
  lastConnectionMs: number | null;
}

/** Groups with their vehicles' live statuses. */
export function buildGroupRows(
  groups: readonly GroupWithVehicles[],
  lastInfo: ReadonlyMap<number, LastInfo>,
): GroupRow[] {
  return groups.map((group) => {
    let lastConnectionMs: number | null = null;
    const vehicles = group.vehicleList.map(({ vehicleId, plate }) => {
      const info = lastInfo.get(vehicleId);
      const last = info?.lastConnection ? Date.parse(info.lastConnection) : NaN;
      if (Number.isFinite(last) && (lastConnectionMs === null || last > lastConnectionMs))
        lastConnectionMs = last;
      return { vehicleId, plate, status: info?.status ?? ('undefined' as const) };
    });
    return {
      key: group.groupId === null ? 'none' : `g${group.groupId}`,
      groupId: group.groupId,
      name: group.name,
      vehicles,
      counts: countByStatus(vehicles.map((v) => v.status)),
      lastConnectionMs,
    };
  });
}
