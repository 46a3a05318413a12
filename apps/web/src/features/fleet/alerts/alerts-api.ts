import type {
  AlertEvent,
  AlertTypesAnswer,
  EventAcknowledgeInput,
  EventsQuery,
} from '@rumbo/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/http-client';
import { useServices } from '../../../shared/services';

/** Query keys of the alerts screen. */
export const alertKeys = {
  all: ['alerts'] as const,
  types: (language: string) => ['alerts', 'types', language] as const,
  events: (fromMs: number, toMs: number) => ['alerts', 'events', fromMs, toMs] as const,
};

/** `POST /v2/event/get_all`: the period's events of the caller's tenant. */
export async function fetchEvents(
  api: ApiClient,
  query: EventsQuery,
  signal?: AbortSignal,
): Promise<AlertEvent[]> {
  const answer = await api.post<{ payload: AlertEvent[] }>(
    'v2/event/get_all',
    query,
    signal ? { signal } : {},
  );
  return answer.payload;
}

/** `POST /v2/alert/get_all_types`: the catalogue, descriptions in the caller's language. */
export function fetchAlertTypes(api: ApiClient, signal?: AbortSignal): Promise<AlertTypesAnswer> {
  return api.post<AlertTypesAnswer>('v2/alert/get_all_types', {}, signal ? { signal } : {});
}

/** `POST /v2/event/acknowledge`. */
export function acknowledgeEvent(api: ApiClient, input: EventAcknowledgeInput): Promise<unknown> {
  return api.post<unknown>('v2/event/acknowledge', input);
}

/** The alert catalogue in the UI language (kept for the session: it changes with releases). */
export function useAlertTypes(language: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: alertKeys.types(language),
    queryFn: ({ signal }) => fetchAlertTypes(api, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The events of `[fromMs, toMs)`, refreshed every minute while the screen is open. */
export function useEvents(fromMs: number, toMs: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: alertKeys.events(fromMs, toMs),
    queryFn: ({ signal }) => fetchEvents(api, { from: fromMs, to: toMs }, signal),
    refetchInterval: 60_000,
  });
}
