import type { FaultSeverityValue, FaultsAnswer } from '@rumbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../shared/api/http-client';
import { useServices } from '../../shared/services';

// The fault-diagnostics calls (issue 15, docs/decisions/0026-fault-diagnostics.md).

/** What the screen asks for. */
export interface FaultsFilter {
  fromMs: number;
  toMs: number;
  status: 'all' | 'open' | 'closed';
  severity: FaultSeverityValue | '';
  vehicleId: number | null;
  groupId: number | null;
}

/** The path and query string of `GET /rest/diagnostics/faults`. */
export function faultsPath(f: FaultsFilter): string {
  const q = new URLSearchParams({ from: String(f.fromMs), to: String(f.toMs) });
  if (f.status !== 'all') q.set('status', f.status);
  if (f.severity) q.append('severity[]', f.severity);
  if (f.vehicleId !== null) q.append('vids[]', String(f.vehicleId));
  if (f.groupId !== null) q.append('gids[]', String(f.groupId));
  return `rest/diagnostics/faults?${q.toString()}`;
}

export function fetchFaults(api: ApiClient, f: FaultsFilter, signal?: AbortSignal) {
  return api.get<FaultsAnswer>(faultsPath(f), signal ? { signal } : {});
}

/** The episodes of a period, kept on screen while a new filter loads. */
export function useFaults(f: FaultsFilter) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['diagnostics', 'faults', faultsPath(f)],
    queryFn: ({ signal }) => fetchFaults(api, f, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
