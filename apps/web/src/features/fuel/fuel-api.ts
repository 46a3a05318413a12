import type {
  AdBlueAnswer,
  FuelConsumptionAnswer,
  FuelEvent,
  FuelEventCode,
  FuelEventLevelsAnswer,
  FuelEventsAnswer,
  FuelReviewBody,
} from '@rumbo/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../shared/services';

// The fuel screens' calls, under `/api/v2/fuel` (docs/decisions/0024-fuel-screens.md): every
// quantity in litres, km, seconds and epoch ms; the screens convert to the user's units.

/** The vehicle/group narrowing every list call takes (`vids[]`, `gids[]`); none = the fleet. */
export interface FuelFilter {
  vehicleId: number | null;
  groupId: number | null;
}

export const fuelKeys = {
  all: ['fuel'] as const,
  events: (from: number, to: number, codes: string, filter: FuelFilter) =>
    ['fuel', 'events', from, to, codes, filter.vehicleId, filter.groupId] as const,
  levels: (id: number) => ['fuel', 'levels', id] as const,
  consumption: (from: number, to: number, by: string, filter: FuelFilter) =>
    ['fuel', 'consumption', from, to, by, filter.vehicleId, filter.groupId] as const,
  adBlue: (from: number, to: number, filter: FuelFilter) =>
    ['fuel', 'adblue', from, to, filter.vehicleId, filter.groupId] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The query string of a call: the filter plus other repeated params (`codes[]`), `?` included. */
export function fuelQuery(filter: FuelFilter, extra: Record<string, readonly string[]> = {}) {
  const params = new URLSearchParams();
  if (filter.vehicleId !== null) params.append('vids[]', String(filter.vehicleId));
  if (filter.groupId !== null) params.append('gids[]', String(filter.groupId));
  for (const [name, values] of Object.entries(extra))
    for (const value of values) params.append(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /fuel/events/{from}/{to}`: the refills, thefts or AdBlue refills of a period. */
export function useFuelEvents(
  from: number,
  to: number,
  codes: readonly FuelEventCode[],
  filter: FuelFilter,
) {
  const { api } = useServices();
  return useQuery({
    queryKey: fuelKeys.events(from, to, codes.join(','), filter),
    queryFn: ({ signal }) =>
      api.get<FuelEventsAnswer>(
        `v2/fuel/events/${from}/${to}${fuelQuery(filter, { 'codes[]': codes })}`,
        withSignal(signal),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /fuel/event/{id}/levels`: the raw levels of the stop ± 2 h (the level chart). */
export function useFuelEventLevels(id: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: fuelKeys.levels(id),
    queryFn: ({ signal }) =>
      api.get<FuelEventLevelsAnswer>(`v2/fuel/event/${id}/levels`, withSignal(signal)),
    staleTime: 5 * 60_000,
  });
}

/** `POST /fuel/event/{id}/review`: confirms or dismisses a suspected theft. */
export function useReviewTheft() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FuelReviewBody }) =>
      api.post<FuelEvent>(`v2/fuel/event/${id}/review`, body),
    onSuccess: (event) => {
      // The lists holding the event show its review at once; the balance counts thefts too.
      queryClient.setQueriesData<FuelEventsAnswer>({ queryKey: ['fuel', 'events'] }, (old) =>
        old ? { ...old, events: old.events.map((e) => (e.id === event.id ? event : e)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['fuel', 'consumption'] });
    },
  });
}

/** `GET /fuel/consumption/{from}/{to}?by=`: rows per vehicle or driver and the daily trend. */
export function useFuelConsumption(
  from: number,
  to: number,
  by: 'vehicle' | 'driver',
  filter: FuelFilter,
) {
  const { api } = useServices();
  return useQuery({
    queryKey: fuelKeys.consumption(from, to, by, filter),
    queryFn: ({ signal }) =>
      api.get<FuelConsumptionAnswer>(
        `v2/fuel/consumption/${from}/${to}${fuelQuery(filter, { by: [by] })}`,
        withSignal(signal),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /fuel/adblue/{from}/{to}`: AdBlue level, refills and the AdBlue/diesel ratio per vehicle. */
export function useAdBlue(from: number, to: number, filter: FuelFilter) {
  const { api } = useServices();
  return useQuery({
    queryKey: fuelKeys.adBlue(from, to, filter),
    queryFn: ({ signal }) =>
      api.get<AdBlueAnswer>(`v2/fuel/adblue/${from}/${to}${fuelQuery(filter)}`, withSignal(signal)),
    placeholderData: keepPreviousData,
  });
}
