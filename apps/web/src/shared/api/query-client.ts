import { QueryClient } from '@tanstack/react-query';
import { isAborted } from './api-error';
import type { ApiClient } from './http-client';

/** The signed-in app's query client: cancelled requests are not retried, other failures once. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, error) => !isAborted(error) && count < 1,
        staleTime: 30_000,
      },
    },
  });
}

/**
 * Cancel-all (the top bar's "cancel requests"; spec §8: cancelled requests are ignored) is not a
 * failure. At each abort-all, before the requests are aborted:
 * - a query that already has data keeps it exactly as it was: its fetch is cancelled with
 *   `revert`, so it never passes through an error state;
 * - a first load has nothing to go back to: it ends with the RequestAbortedError, which screens
 *   show as "cancelled" with a retry (`isAborted`), never as a failed load.
 * Returns the unsubscribe.
 */
export function keepDataOnAbortAll(api: ApiClient, queryClient: QueryClient): () => void {
  return api.onAbortAll(() => {
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.fetchStatus !== 'idle' && query.state.data !== undefined) {
        void query.cancel({ revert: true });
      }
    }
  });
}
