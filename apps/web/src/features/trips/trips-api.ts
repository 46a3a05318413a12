import {
  driverSchema,
  earlierTripRouteSchema,
  earlierTripSchema,
  plannedTripDetailSchema,
  plannedTripImportAnswer,
  plannedTripSchema,
  type Driver,
  type EarlierTrip,
  type PlannedTrip,
  type PlannedTripDetail,
  type PlannedTripImportAnswer,
  type PlannedTripSaveInput,
} from '@rumbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getParsed, useApiQuery } from '../../shared/api/api-query';
import type { ApiClient } from '../../shared/api/http-client';
import { useServices } from '../../shared/services';

// Planned trips (`/api/v2/planned-trips`, issue 15): the list with its follow-up, one trip's
// detail, earlier trips to take a route from, saves, deletes and file imports.

export const tripKeys = {
  all: ['planned-trips'] as const,
  list: (fromMs: number, toMs: number) => ['planned-trips', 'list', fromMs, toMs] as const,
  detail: (id: number) => ['planned-trips', 'detail', id] as const,
  earlier: (vehicleId: number) => ['planned-trips', 'earlier', vehicleId] as const,
  drivers: ['planned-trips', 'drivers'] as const,
};

/** The follow-up changes as trucks drive: the list refreshes every 30 s. */
export const TRIPS_REFRESH_MS = 30_000;

export async function fetchPlannedTrips(
  api: ApiClient,
  fromMs: number,
  toMs: number,
  signal?: AbortSignal,
): Promise<PlannedTrip[]> {
  const path = `v2/planned-trips?from=${fromMs}&to=${toMs}`;
  return getParsed(api, path, z.array(plannedTripSchema), signal);
}

export async function fetchPlannedTrip(
  api: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<PlannedTripDetail> {
  return getParsed(api, `v2/planned-trips/${id}`, plannedTripDetailSchema, signal);
}

export async function fetchEarlierTrips(
  api: ApiClient,
  vehicleId: number,
  signal?: AbortSignal,
): Promise<EarlierTrip[]> {
  const path = `v2/planned-trips/earlier-trips?vehicleId=${vehicleId}`;
  return getParsed(api, path, z.array(earlierTripSchema), signal);
}

export async function fetchEarlierTripRoute(
  api: ApiClient,
  tripId: number,
): Promise<[number, number][]> {
  const path = `v2/planned-trips/earlier-trips/${tripId}/route`;
  return (await getParsed(api, path, earlierTripRouteSchema)).route;
}

export async function savePlannedTrip(
  api: ApiClient,
  id: number | null,
  body: PlannedTripSaveInput,
): Promise<PlannedTripDetail> {
  const answer =
    id === null
      ? await api.post('v2/planned-trips', body)
      : await api.request(`v2/planned-trips/${id}`, { method: 'PUT', body });
  return plannedTripDetailSchema.parse(answer);
}

export async function deletePlannedTrip(api: ApiClient, id: number): Promise<void> {
  await api.request(`v2/planned-trips/${id}`, { method: 'DELETE' });
}

/** Uploads a file; a refused file throws an ApiError whose details are the row report. */
export async function importPlannedTrips(
  api: ApiClient,
  file: File,
  tz: string,
): Promise<PlannedTripImportAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  return plannedTripImportAnswer.parse(
    await api.post(`v2/planned-trips/import?tz=${encodeURIComponent(tz)}`, form),
  );
}

export function usePlannedTrips(fromMs: number, toMs: number) {
  return useApiQuery(
    tripKeys.list(fromMs, toMs),
    (api, signal) => fetchPlannedTrips(api, fromMs, toMs, signal),
    { refetchInterval: TRIPS_REFRESH_MS },
  );
}

export function usePlannedTrip(id: number | null) {
  return useApiQuery(
    tripKeys.detail(id ?? 0),
    (api, signal) => fetchPlannedTrip(api, id!, signal),
    {
      enabled: id !== null,
      refetchInterval: TRIPS_REFRESH_MS,
    },
  );
}

export function useEarlierTrips(vehicleId: number | null) {
  return useApiQuery(
    tripKeys.earlier(vehicleId ?? 0),
    (api, signal) => fetchEarlierTrips(api, vehicleId!, signal),
    { enabled: vehicleId !== null },
  );
}

/** The tenant's drivers when the user may list them (the `driver-admin` view), else none. */
export function useTripDrivers() {
  return useApiQuery(
    tripKeys.drivers,
    (api, signal): Promise<Driver[]> =>
      getParsed(api, 'driver', z.array(driverSchema), signal).catch(() => []),
    { staleTime: 60_000 },
  );
}

/** Invalidates every planned-trip query after a change. */
export function useTripMutation<A, R>(fn: (api: ApiClient, args: A) => Promise<R>) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(api, args),
    onSuccess: () => client.invalidateQueries({ queryKey: tripKeys.all }),
  });
}
