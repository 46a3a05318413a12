import { createStore } from 'zustand/vanilla';

export const SNACKBAR_TYPES = ['success', 'info', 'warning', 'error'] as const;
export type SnackbarType = (typeof SNACKBAR_TYPES)[number];
/** Spec §9: the snackbar hides after 4 s. */
export const SNACKBAR_TIMEOUT_MS = 4000;

export interface SnackbarMessage {
  id: number;
  type: SnackbarType;
  message: string;
}

export interface SnackbarState {
  current: SnackbarMessage | null;
  open: boolean;
}

/** Validates a snackbar event with the errors spec §8 names. */
export function assertSnackbarEvent(event: unknown): asserts event is {
  type: SnackbarType;
  message: string;
} {
  const e = event as { type?: unknown; message?: unknown } | null | undefined;
  if (!e || typeof e !== 'object' || !e.type || !e.message || typeof e.message !== 'string') {
    throw new Error("alert: event doesn't complaint message structure");
  }
  if (!SNACKBAR_TYPES.includes(e.type as SnackbarType)) {
    throw new Error("alert: type doen't exists");
  }
}

export function createSnackbarStore() {
  let nextId = 1;
  const store = createStore<SnackbarState>(() => ({ current: null, open: false }));
  return {
    store,
    /** Shows a message; throws when the event lacks type or message, or the type is unknown. */
    notify(event: unknown): void {
      assertSnackbarEvent(event);
      store.setState({ current: { id: nextId++, ...event }, open: true });
    },
    close(): void {
      store.setState({ open: false });
    },
  };
}
export type Snackbar = ReturnType<typeof createSnackbarStore>;
