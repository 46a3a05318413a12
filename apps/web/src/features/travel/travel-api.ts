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

const SCHEMAS = {
  positions: z.array(historyPointSchema),
  trips: z.array(tripSchema),
  stops: z.array(stopSchema),
};
type Kind = keyof typeof SCHEMAS;
type Reply<K extends Kind> = z.infer<(typeof SCHEMAS)[K]>;

/** One history call of a vehicle in [from, to) (epoch ms); the route asks for ROUTE_MAX_POINTS. */
export async function fetchHistory<K extends Kind>(
  api: ApiClient,
  kind: K,
  id: number,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<Reply<K>> {
  const extra = kind === 'positions' ? `&maxPoints=${ROUTE_MAX_POINTS}` : '';
  const path = `vehicles/history/${id}/${kind}?from=${Math.round(from)}&to=${Math.round(to)}${extra}`;
  return SCHEMAS[kind].parse(await api.get(path, signal ? { signal } : {})) as Reply<K>;
}

/** Route, trips and stops of a vehicle in a period; idle until a vehicle is chosen. */
export function useTravelData(vehicleId: number | null, fromMs: number, toMs: number) {
  const { api } = useServices();
  const id = vehicleId ?? 0;
  const enabled = vehicleId !== null;
  // History does not change under the user except at its recent end: keep it a minute.
  // Failures are retried once and cancelled loads never (the app's query defaults).
  const common = { enabled, staleTime: 60_000 } as const;
  const route = useQuery<HistoryPoint[]>({
    queryKey: travelQueryKeys.positions(id, fromMs, toMs),
    queryFn: ({ signal }) => fetchHistory(api, 'positions', id, fromMs, toMs, signal),
    ...common,
  });
  const trips = useQuery<Trip[]>({
    queryKey: travelQueryKeys.trips(id, fromMs, toMs),
    queryFn: ({ signal }) => fetchHistory(api, 'trips', id, fromMs, toMs, signal),
    ...common,
  });
  const stops = useQuery<Stop[]>({
    queryKey: travelQueryKeys.stops(id, fromMs, toMs),
    queryFn: ({ signal }) => fetchHistory(api, 'stops', id, fromMs, toMs, signal),
    ...common,
  });
  return { route, trips, stops };
}
