import type {
  AlertEvent,
  AlertTypesAnswer,
  EventAcknowledgeInput,
  EventsCursor,
  EventsQuery,
} from '@rumbo/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../shared/api/http-client';
import { useServices } from '../../shared/services';

/** Query keys of the alerts screen. */
export const alertKeys = {
  all: ['alerts'] as const,
  types: (language: string) => ['alerts', 'types', language] as const,
  events: (fromMs: number, toMs: number) => ['alerts', 'events', fromMs, toMs] as const,
};

/** Events per page (the server's most, `MAX_EVENTS_PAGE`). */
const EVENTS_PAGE = 20_000;

/**
 * `POST /v2/event/get_all`: the period's events of the caller's tenant, every page of them
 * (issue 22: the server answers `pageSize` at a time with the cursor of the next page).
 */
export async function fetchEvents(
  api: ApiClient,
  query: EventsQuery,
  signal?: AbortSignal,
  pageSize = EVENTS_PAGE,
): Promise<AlertEvent[]> {
  const events: AlertEvent[] = [];
  let before: EventsCursor | undefined;
  for (;;) {
    const answer = await api.post<{ payload: AlertEvent[]; next?: EventsCursor | null }>(
      'v2/event/get_all',
      { ...query, limit: pageSize, ...(before ? { before } : {}) },
      signal ? { signal } : {},
    );
    events.push(...answer.payload);
    if (!answer.next) return events;
    before = answer.next;
  }
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
