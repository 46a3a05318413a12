import { withSignal } from '../api/api-query';
import type { ApiClient } from '../api/http-client';

/**
 * The four calls of a REST collection: GET `list`, POST `base`, `method` (PUT) and DELETE on
 * `base/<id>`. `list` defaults to `base` (some lists are read where every user may read them).
 */
export function crudApi<T, TCreate, TUpdate = TCreate, TRemoved = { ok: boolean }>(paths: {
  base: string;
  list?: string;
  method?: 'PUT' | 'PATCH';
}) {
  const { base, list = base, method = 'PUT' } = paths;
  return {
    list: (api: ApiClient, signal?: AbortSignal) => api.get<T[]>(list, withSignal(signal)),
    create: (api: ApiClient, body: TCreate) => api.post<T>(base, body),
    update: (api: ApiClient, id: number, body: TUpdate) =>
      api.request<T>(`${base}/${id}`, { method, body }),
    remove: (api: ApiClient, id: number) =>
      api.request<TRemoved>(`${base}/${id}`, { method: 'DELETE' }),
  };
}
