import type { Configuracion } from '@rumbo/contracts';
import { createStore } from 'zustand/vanilla';
import {
  EMPTY_AUTH,
  readAuth,
  writeAuth,
  type AuthState,
  type KeyValueStorage,
} from './auth-storage';

/** Session state: the stored auth state plus what initialisation loads. */
export interface SessionState extends AuthState {
  /** Allowed views by name (spec §6); null until initialised. */
  views: Record<string, boolean> | null;
  /** The role's start view name. */
  startOn: string | null;
  /** The signed-in user's configuracion. */
  user: Configuracion | null;
  /** Avatar as a data URL. */
  avatar: string | null;
  /** True while logout or logout-all runs. */
  loggingOut: boolean;
}

export const EMPTY_SESSION_DATA = {
  views: null,
  startOn: null,
  user: null,
  avatar: null,
  loggingOut: false,
} satisfies Partial<SessionState>;

/** Creates the session store; the auth part is kept in local storage on every change. */
export function createSessionStore(storage: KeyValueStorage) {
  const stored = readAuth(storage);
  // The status always starts as null: the first session check decides it (spec §4).
  const store = createStore<SessionState>(() => ({
    ...EMPTY_AUTH,
    ...stored,
    loginStatus: null,
    ...EMPTY_SESSION_DATA,
  }));
  store.subscribe((s, prev) => {
    if (
      s.token !== prev.token ||
      s.userToken !== prev.userToken ||
      s.digest !== prev.digest ||
      s.rol !== prev.rol ||
      s.loginStatus !== prev.loginStatus
    ) {
      writeAuth(storage, {
        token: s.token,
        userToken: s.userToken,
        digest: s.digest,
        rol: s.rol,
        loginStatus: s.loginStatus,
      });
    }
  });
  return store;
}
export type SessionStore = ReturnType<typeof createSessionStore>;

/** The credentials a live socket sends in its hello, as the session holds them now. */
export function socketHello(store: SessionStore) {
  const s = store.getState();
  return {
    token: s.token ?? undefined,
    digest: s.digest ?? undefined,
    userToken: s.userToken ?? undefined,
  };
}
