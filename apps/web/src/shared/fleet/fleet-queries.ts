import {
  groupWithVehicles,
  lastInfoSchema,
  vehicleSchema,
  type GroupWithVehicles,
  type LastInfo,
  type Vehicle,
} from '@rumbo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getParsed, useApiQuery } from '../api/api-query';
import type { ApiClient } from '../api/http-client';

/** Spec §9: the last position is cached 60 s; the tables and the popup refresh at that pace. */
export const LAST_POSITION_REFRESH_MS = 60_000;

export const fleetQueryKeys = {
  lastPosition: ['fleet', 'last_position'] as const,
  vehicles: ['fleet', 'vehicles'] as const,
  vehicle: (id: number) => ['fleet', 'vehicle', id] as const,
  groupsWithVehicles: ['fleet', 'groups_vehicles'] as const,
};

export async function fetchLastPositions(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<LastInfo[]> {
  return getParsed(api, 'rest/vehicle/last_position', z.array(lastInfoSchema), signal);
}

export async function fetchVehicles(api: ApiClient, signal?: AbortSignal): Promise<Vehicle[]> {
  return getParsed(api, 'vehicles/vehicles', z.array(vehicleSchema), signal);
}

export async function fetchVehicle(
  api: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<Vehicle> {
  return getParsed(api, `vehicles/vehicles/${id}`, vehicleSchema, signal);
}

export async function fetchGroupsWithVehicles(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<GroupWithVehicles[]> {
  return getParsed(api, 'vehicles/groups/vehicles', z.array(groupWithVehicles), signal);
}

/** Last info of every vehicle (`GET /rest/vehicle/last_position`), refreshed every 60 s. */
export function useLastPositions({
  enabled = true,
  staleTime = LAST_POSITION_REFRESH_MS / 2,
}: {
  enabled?: boolean;
  /** How old the shared copy may be when this caller mounts before it is fetched again. */
  staleTime?: number;
} = {}) {
  return useApiQuery(fleetQueryKeys.lastPosition, fetchLastPositions, {
    enabled,
    staleTime,
    refetchInterval: LAST_POSITION_REFRESH_MS,
  });
}

/** Every vehicle of the tenant (`GET /vehicles/vehicles`). */
export function useVehicles() {
  return useApiQuery(fleetQueryKeys.vehicles, fetchVehicles);
}

/** One vehicle; shows the copy already in the vehicles list at once while it loads. */
export function useVehicle(id: number | null) {
  const queryClient = useQueryClient();
  return useApiQuery<Vehicle>(
    fleetQueryKeys.vehicle(id ?? 0),
    (api, signal) => fetchVehicle(api, id ?? 0, signal),
    {
      enabled: id !== null,
      placeholderData: (): Vehicle | undefined =>
        queryClient
          .getQueryData<Vehicle[]>(fleetQueryKeys.vehicles)
          ?.find((vehicle) => vehicle.vehicleId === id),
    },
  );
}

/** Groups with their vehicles (`GET /vehicles/groups/vehicles`); vehicles without a group last. */
export function useGroupsWithVehicles() {
  return useApiQuery(fleetQueryKeys.groupsWithVehicles, fetchGroupsWithVehicles);
}

/** Last info by vehicle id. */
export function indexLastInfo(list: readonly LastInfo[] | undefined): Map<number, LastInfo> {
  const map = new Map<number, LastInfo>();
  for (const info of list ?? []) map.set(info.idvehiculo, info);
  return map;
}
