import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/http-client';
import { useServices } from '../services';

/** A query reading `fetch(api, signal)` under `queryKey`, with the app's API client. */
export function useApiQuery<T>(
  queryKey: QueryKey,
  fetch: (api: ApiClient, signal: AbortSignal) => Promise<T>,
  options: Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'> = {},
) {
  const { api } = useServices();
  return useQuery({ ...options, queryKey, queryFn: ({ signal }) => fetch(api, signal) });
}
