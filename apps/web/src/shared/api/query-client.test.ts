import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../../test/fake-server';
import { isAborted } from './api-error';
import { createApiClient } from './http-client';
import { createPendingStore } from './pending-store';
import { createAppQueryClient, keepDataOnAbortAll } from './query-client';
import { defaultRuntimeConfig } from './runtime-config';

/** A server whose `rest/list` answers `first` once, then hangs until released. */
function setup() {
  let calls = 0;
  let release: (() => void) | null = null;
  const fake = createFakeFetch({
    'GET /api/rest/list': () => {
      calls += 1;
      if (calls === 1) return { body: ['first'] };
      return new Promise((resolve) => {
        release = () => resolve({ body: [`answer ${calls}`] });
      });
    },
  });
  const api = createApiClient({
    config: defaultRuntimeConfig(),
    pendingStore: createPendingStore(),
    fetch: fake.fetch,
    getCredentials: () => ({ token: 'T', digest: 'D', userToken: 'U' }),
    getLanguage: () => 'es',
  });
  const queryClient = createAppQueryClient();
  const stop = keepDataOnAbortAll(api, queryClient);
  const observer = new QueryObserver(queryClient, {
    queryKey: ['list'],
    queryFn: ({ signal }) => api.get<string[]>('rest/list', { signal }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const settled = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (observer.getCurrentResult().fetchStatus === 'idle') resolve();
        else setTimeout(check, 1);
      };
      check();
    });
  return {
    api,
    observer,
    settled,
    release: () => release?.(),
    close() {
      unsubscribe();
      stop();
      queryClient.clear();
    },
  };
}

describe('cancel-all in the query layer (spec §8: cancelled requests are ignored)', () => {
  it('leaves a query that has data exactly as it was, never in an error state', async () => {
    const s = setup();
    await s.settled();
    expect(s.observer.getCurrentResult().data).toEqual(['first']);
    void s.observer.refetch();
    expect(s.observer.getCurrentResult().isFetching).toBe(true);
    const seen: string[] = [];
    const stopWatching = s.observer.subscribe((r) => seen.push(r.status));
    s.api.abortAll();
    await s.settled();
    const result = s.observer.getCurrentResult();
    expect(result.status).toBe('success');
    expect(result.data).toEqual(['first']);
    expect(result.error).toBeNull();
    expect(seen).not.toContain('error');
    stopWatching();
    // The next fetch runs normally.
    void s.observer.refetch();
    s.release();
    await s.settled();
    expect(s.observer.getCurrentResult().data).toEqual(['answer 3']);
    s.close();
  });

  it('ends a cut first load as cancelled (not retried), for the screen to offer a retry', async () => {
    let calls = 0;
    const fake = createFakeFetch({
      'GET /api/rest/slow': () => {
        calls += 1;
        return new Promise(() => undefined);
      },
    });
    const api = createApiClient({
      config: defaultRuntimeConfig(),
      pendingStore: createPendingStore(),
      fetch: fake.fetch,
      getCredentials: () => ({ token: null, digest: null, userToken: null }),
      getLanguage: () => 'es',
    });
    const queryClient = createAppQueryClient();
    const stop = keepDataOnAbortAll(api, queryClient);
    const load = queryClient
      .fetchQuery({ queryKey: ['slow'], queryFn: ({ signal }) => api.get('rest/slow', { signal }) })
      .catch((error: unknown) => error);
    api.abortAll();
    expect(isAborted(await load)).toBe(true);
    const state = queryClient.getQueryState(['slow']);
    expect(state?.status).toBe('error');
    expect(isAborted(state?.error)).toBe(true);
    expect(calls).toBe(1);
    stop();
  });
});
