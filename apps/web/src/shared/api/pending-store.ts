import { createStore } from 'zustand/vanilla';

/** The number of requests in flight; drives the top progress bar. */
export interface PendingState {
  pending: number;
}

export function createPendingStore() {
  return createStore<PendingState>(() => ({ pending: 0 }));
}
export type PendingStore = ReturnType<typeof createPendingStore>;
