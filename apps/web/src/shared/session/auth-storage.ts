import type { LoginStatus } from './login-status';

/** Auth state kept in local storage (spec §3). */
export interface AuthState {
  token: string | null;
  userToken: string | null;
  digest: string | null;
  rol: string | null;
  loginStatus: LoginStatus;
}

export const EMPTY_AUTH: AuthState = {
  token: null,
  userToken: null,
  digest: null,
  rol: null,
  loginStatus: null,
};

const KEY = 'rumbo.auth';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const asString = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function readAuth(storage: KeyValueStorage): AuthState {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return EMPTY_AUTH;
    const data = JSON.parse(raw) as Record<string, unknown>;
    return {
      token: asString(data.token),
      userToken: asString(data.userToken),
      digest: asString(data.digest),
      rol: asString(data.rol),
      loginStatus: (asString(data.loginStatus) as LoginStatus) ?? null,
    };
  } catch {
    return EMPTY_AUTH;
  }
}

export function writeAuth(storage: KeyValueStorage, auth: AuthState): void {
  try {
    storage.setItem(KEY, JSON.stringify(auth));
  } catch {
    // Storage full or disabled: the session lives in memory only.
  }
}
