import type {
  AlertEvent,
  AnalysisRow,
  IdlePeriod,
  RalentiAggAnswer,
  SafetyDriveAnswer,
} from '@rumbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/http-client';
import { useServices } from '../services';

// The driving-analysis calls (spec §7, docs/decisions/0022-driving-analysis.md).

export const analysisKeys = {
  all: ['analysis'] as const,
  fleet: (from: number, to: number, opts: string) => ['analysis', 'fleet', from, to, opts] as const,
  vehicle: (id: number, from: number, to: number) => ['analysis', 'vehicle', id, from, to] as const,
  safety: (body: SafetyBody) => ['analysis', 'safety', body] as const,
  ralenti: (from: number, to: number) => ['analysis', 'ralenti', from, to] as const,
  ralentiVehicle: (id: number, from: number, to: number) =>
    ['analysis', 'ralenti', id, from, to] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /analysis/{from}/{to}/?opts[]=…`: one row per vehicle. */
export function fetchFleetAnalysis(
  api: ApiClient,
  from: number,
  to: number,
  opts: readonly string[] = [],
  signal?: AbortSignal,
): Promise<AnalysisRow[]> {
  const query = opts.map((o) => `opts[]=${encodeURIComponent(o)}`).join('&');
  return api.get<AnalysisRow[]>(
    `analysis/${from}/${to}/${query ? `?${query}` : ''}`,
    withSignal(signal),
  );
}

export interface SafetyBody {
  from: number;
  to: number;
  vehicles?: number[];
}

export function useFleetAnalysis(
  from: number,
  to: number,
  opts: readonly string[] = [],
  staleTime = 60_000,
) {
  const { api } = useServices();
  return useQuery({
    queryKey: analysisKeys.fleet(from, to, opts.join(',')),
    queryFn: ({ signal }) => fetchFleetAnalysis(api, from, to, opts, signal),
    staleTime,
    placeholderData: keepPreviousData,
  });
}

export function useVehicleAnalysis(id: number, from: number, to: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: analysisKeys.vehicle(id, from, to),
    queryFn: ({ signal }) =>
      api.get<AnalysisRow>(`analysis/${from}/${to}/${id}`, withSignal(signal)),
    enabled: to > from,
  });
}

export function useSafetyDrive(body: SafetyBody, staleTime = 60_000) {
  const { api } = useServices();
  return useQuery({
    queryKey: analysisKeys.safety(body),
    queryFn: ({ signal }) =>
      api.post<SafetyDriveAnswer>('v2/vehicle/safety_drive', body, withSignal(signal)),
    staleTime,
  });
}

export function useRalentiAgg(from: number, to: number, staleTime = 60_000) {
  const { api } = useServices();
  return useQuery({
    queryKey: analysisKeys.ralenti(from, to),
    queryFn: ({ signal }) =>
      api.post<RalentiAggAnswer>('v2/event/ralenti_agg', { from, to }, withSignal(signal)),
    staleTime,
  });
}

export function useRalentiVehicle(id: number, from: number, to: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: analysisKeys.ralentiVehicle(id, from, to),
    queryFn: ({ signal }) =>
      api.post<{ payload: IdlePeriod[] }>(
        'v2/event/ralenti_vehicle',
        { from, to, vehicle: id },
        withSignal(signal),
      ),
    enabled: to > from,
  });
}

/** Codes of the behaviours behind the scores (harsh driving, speeding) for a vehicle's timeline. */
export const DRIVING_EVENT_CODES = ['AFI', 'AAB', 'CAB', 'EXV', 'V95'];

/** One vehicle's harsh-driving and speeding events of `[from, to)`, oldest first. */
export function useDrivingEvents(vehicleId: number, from: number, to: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['analysis', 'driving-events', vehicleId, from, to] as const,
    queryFn: async ({ signal }) =>
      (
        await api.post<{ payload: AlertEvent[] }>(
          'v2/event/get_all',
          { from, to, vehicles: [vehicleId], codes: DRIVING_EVENT_CODES },
          withSignal(signal),
        )
      ).payload.sort((a, b) => a.startTime - b.startTime),
    enabled: to > from,
  });
}
