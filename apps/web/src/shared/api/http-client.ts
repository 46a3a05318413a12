import type { Language, RuntimeConfig } from '@rumbo/contracts';
import { RequestAbortedError, toApiError } from './api-error';
import type { PendingStore } from './pending-store';

/** Credentials the client adds as headers (spec §7 "Request conventions"). */
export interface Credentials {
  token: string | null;
  digest: string | null;
  userToken: string | null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON value, FormData, or a Blob sent as its bytes (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's own cancel signal, combined with the abort-all control. */
  signal?: AbortSignal;
  /** How to read a 2xx body; `auto` follows the content type; `blob` for file downloads. */
  responseType?: 'auto' | 'json' | 'text' | 'blob';
}

export interface ApiClientDeps {
  config: RuntimeConfig;
  getCredentials: () => Credentials;
  getLanguage: () => Language;
  pendingStore: PendingStore;
  fetch: typeof fetch;
  /** Called when a request that carried credentials answers 401 (the session is gone). */
  onUnauthorized?: (path: string) => void;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  /** Aborts every request in flight; later requests run normally. */
  abortAll(): void;
  /**
   * Calls `listener` at each abort-all, before the requests are aborted (so a data layer can
   * settle its own fetches first); returns the unsubscribe.
   */
  onAbortAll(listener: () => void): () => void;
  /** The address of a service path, e.g. `auth/logout` → `/api/auth/logout`. */
  resolveUrl(path: string): string;
  /** The ws:// or wss:// address of a socket key (`ws`, `wslp`). */
  socketUrl(key: string, location: Pick<Location, 'protocol' | 'host'>): string;
}

/** Splits `auth/validate?x=1` into the service key and the rest, with or without a leading slash. */
export function splitServicePath(path: string): { key: string; rest: string } {
  const trimmed = path.replace(/^\/+/, '');
  const match = /^([^/?#]+)(.*)$/.exec(trimmed);
  return { key: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/** Maps a request path to its service's base address (spec §7); unknown keys pass through. */
export function resolveServiceUrl(services: Record<string, string>, path: string): string {
  const { key, rest } = splitServicePath(path);
  const base = services[key];
  if (base === undefined) return path.startsWith('/') ? path : `/${path}`;
  return `${base.replace(/\/+$/, '')}${rest}`;
}

/** Adds `user-token` (v2) or `token` + `digest` (others) unless the caller already set them. */
export function withCredentialHeaders(
  key: string,
  headers: Record<string, string>,
  credentials: Credentials,
): Record<string, string> {
  const out = { ...headers };
  const has = (name: string) => Object.keys(out).some((h) => h.toLowerCase() === name);
  if (key === 'v2') {
    if (credentials.userToken && !has('user-token')) out['user-token'] = credentials.userToken;
  } else {
    if (credentials.token && !has('token')) out.token = credentials.token;
    if (credentials.digest && !has('digest')) out.digest = credentials.digest;
  }
  return out;
}

/** Combines signals into one that aborts when any of them does. */
function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      controller.abort();
      break;
    }
    signal.addEventListener('abort', () => controller.abort(), { once: true });
  }
  return controller.signal;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let abortAllController = new AbortController();
  const abortAllListeners = new Set<() => void>();

  const changePending = (delta: number) =>
    deps.pendingStore.setState((s) => ({ pending: Math.max(0, s.pending + delta) }));

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { key } = splitServicePath(path);
    const url = resolveServiceUrl(deps.config.services, path);
    const credentials = deps.getCredentials();
    let headers = withCredentialHeaders(key, options.headers ?? {}, credentials);
    headers = { 'Accept-Language': deps.getLanguage(), ...headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body instanceof Blob) {
      // A file sent as it is (its bytes decide its type on the server).
      body = options.body;
      headers['Content-Type'] = options.body.type || 'application/octet-stream';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const signal = anySignal([abortAllController.signal, options.signal]);
    const carriedCredentials = Boolean(headers.token || headers['user-token'] || credentials.token);
    changePending(1);
    try {
      let response: Response;
      try {
        response = await deps.fetch(url, {
          method: options.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          body,
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw new RequestAbortedError();
        throw error;
      }
      if (!response.ok) {
        const error = await toApiError(response);
        if (error.status === 401 && carriedCredentials) deps.onUnauthorized?.(path);
        throw error;
      }
      return await readBody<T>(response, options.responseType ?? 'auto', signal);
    } finally {
      changePending(-1);
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body: body ?? {} }),
    abortAll() {
      for (const listener of [...abortAllListeners]) listener();
      abortAllController.abort();
      abortAllController = new AbortController();
    },
    onAbortAll(listener) {
      abortAllListeners.add(listener);
      return () => abortAllListeners.delete(listener);
    },
    resolveUrl: (path) => resolveServiceUrl(deps.config.services, path),
    socketUrl(key, location) {
      const base = deps.config.services[key] ?? `/api/${key}`;
      if (/^wss?:\/\//.test(base)) return base;
      if (/^https?:\/\//.test(base)) return base.replace(/^http/, 'ws');
      const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
      return `${scheme}//${location.host}${base}`;
    },
  };
}

async function readBody<T>(
  response: Response,
  type: 'auto' | 'json' | 'text' | 'blob',
  signal: AbortSignal,
): Promise<T> {
  try {
    if (response.status === 204) return undefined as T;
    if (type === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    if (type === 'text') return text as T;
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    if (type === 'json' || isJson) return (text === '' ? undefined : JSON.parse(text)) as T;
    return text as T;
  } catch (error) {
    if (signal.aborted) throw new RequestAbortedError();
    throw error;
  }
}
