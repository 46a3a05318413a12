import {
  historyPointSchema,
  stopSchema,
  tripSchema,
  type HistoryPoint,
  type Stop,
  type Trip,
} from '@rumbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../shared/api/http-client';
import { useServices } from '../../shared/services';

/** Points asked for: a day of 10-second records (8,640) fits whole; longer periods are thinned. */
export const ROUTE_MAX_POINTS = 20_000;

export const travelQueryKeys = {
  positions: (id: number, from: number, to: number) =>
    ['travel', 'positions', id, from, to] as const,
  trips: (id: number, from: number, to: number) => ['travel', 'trips', id, from, to] as const,
  stops: (id: number, from: number, to: number) => ['travel', 'stops', id, from, to] as const,
};

const period = (from: number, to: number) => `from=${Math.round(from)}&to=${Math.round(to)}`;

export async function fetchRoute(
  api: ApiClient,
  id: number,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<HistoryPoint[]> {
  const path = `vehicles/history/${id}/positions?${period(from, to)}&maxPoints=${ROUTE_MAX_POINTS}`;
  return z.array(historyPointSchema).parse(await api.get(path, signal ? { signal } : {}));
}

export async function fetchTrips(
  api: ApiClient,
  id: number,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<Trip[]> {
  const path = `vehicles/history/${id}/trips?${period(from, to)}`;
  return z.array(tripSchema).parse(await api.get(path, signal ? { signal } : {}));
}

export async function fetchStops(
  api: ApiClient,
  id: number,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<Stop[]> {
  const path = `vehicles/history/${id}/stops?${period(from, to)}`;
  return z.array(stopSchema).parse(await api.get(path, signal ? { signal } : {}));
}

/** Route, trips and stops of a vehicle in a period; idle until a vehicle is chosen. */
export function useTravelData(vehicleId: number | null, fromMs: number, toMs: number) {
  const { api } = useServices();
  const id = vehicleId ?? 0;
  const enabled = vehicleId !== null;
  // History does not change under the user except at its recent end: keep it a minute.
  const common = { enabled, staleTime: 60_000, retry: 1 } as const;
  const route = useQuery({
    queryKey: travelQueryKeys.positions(id, fromMs, toMs),
    queryFn: ({ signal }) => fetchRoute(api, id, fromMs, toMs, signal),
    ...common,
  });
  const trips = useQuery({
    queryKey: travelQueryKeys.trips(id, fromMs, toMs),
    queryFn: ({ signal }) => fetchTrips(api, id, fromMs, toMs, signal),
    ...common,
  });
  const stops = useQuery({
    queryKey: travelQueryKeys.stops(id, fromMs, toMs),
    queryFn: ({ signal }) => fetchStops(api, id, fromMs, toMs, signal),
    ...common,
  });
  return { route, trips, stops };
}
