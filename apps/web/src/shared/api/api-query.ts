import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../services';
import type { ApiClient } from './http-client';

/** The client's request options carrying the caller's cancel signal, when there is one. */
export const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET path`, its answer checked against `schema`. */
export async function getParsed<S extends z.ZodType>(
  api: ApiClient,
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return schema.parse(await api.get(path, withSignal(signal)));
}

/** A query of the app's client: `fetch(api, signal)` under `queryKey`, with `options` beside. */
export function useApiQuery<T>(
  queryKey: QueryKey,
  fetch: (api: ApiClient, signal: AbortSignal) => Promise<T>,
  options: Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'> = {},
) {
  const { api } = useServices();
  return useQuery({ ...options, queryKey, queryFn: ({ signal }) => fetch(api, signal) });
}
