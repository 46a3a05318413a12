import { createStore } from 'zustand/vanilla';
import type { LinkStatus } from '../realtime/socket-link';

/** Shell state that is not session data. */
export interface UiState {
  linkStatus: LinkStatus;
  /** A new version of the app is installed and waiting. */
  updateWaiting: boolean;
  /** The mobile drawer is open. */
  drawerOpen: boolean;
}

export function createUiStore() {
  return createStore<UiState>(() => ({
    linkStatus: 'offline',
    updateWaiting: false,
    drawerOpen: false,
  }));
}
export type UiStore = ReturnType<typeof createUiStore>;
