import type { SocketHello } from '@rumbo/contracts';

/** Real-time link status (spec §4). */
export type LinkStatus = 'offline' | 'online' | 'authenticated' | 'unauthenticated';

/** `SOCKET_CLOSE` of @rumbo/contracts, copied so zod stays off the first load (a test keeps them equal). */
export const CLOSE_CODES = { unauthorized: 4401, revoked: 4403 } as const;

/** Spec §9: reconnect 60 s after the link drops. */
export const RECONNECT_DELAY_MS = 60_000;

/** The part of WebSocket the link uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number }) => void): void;
}

export type MessageHandlers = Record<string, (payload: unknown) => void>;

export interface SocketLinkDeps {
  url: () => string;
  hello: () => SocketHello;
  createSocket: (url: string) => SocketLike;
  onStatus: (status: LinkStatus) => void;
  /** The server revoked the session (logout-all elsewhere). */
  onRevoked: () => void;
  handlers: MessageHandlers;
  reconnectDelayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  logger?: Pick<Console, 'warn'>;
}

/** Routes one server message: a Status, or a `mutation`/`action` to its data handler. */
export function routeSocketMessage(
  message: unknown,
  handlers: MessageHandlers,
): { status?: 'Ok' | 'Unauthorized' | 'Revoked'; handled: boolean } {
  if (!message || typeof message !== 'object') return { handled: false };
  const m = message as { type?: unknown; status?: unknown; mutation?: unknown; action?: unknown };
  if (m.type === 'Status') {
    const status = m.status === 'Ok' || m.status === 'Revoked' ? m.status : 'Unauthorized';
    return { status, handled: true };
  }
  const name = typeof m.mutation === 'string' ? m.mutation : m.action;
  if (typeof name !== 'string') return { handled: false };
  const handler = handlers[name];
  if (!handler) return { handled: false };
  handler((message as { payload?: unknown }).payload);
  return { handled: true };
}

/**
 * The `/api/ws` link: opened manually after sign-in, sends the stored credentials first,
 * reconnects 60 s after a drop until closed.
 */
export function createSocketLink(deps: SocketLinkDeps) {
  const delay = deps.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let socket: SocketLike | null = null;
  let wanted = false;
  let timer: unknown = null;
  let status: LinkStatus = 'offline';

  const setStatus = (next: LinkStatus) => {
    status = next;
    deps.onStatus(next);
  };

  function connect() {
    timer = null;
    if (!wanted) return;
    let ws: SocketLike;
    try {
      ws = deps.createSocket(deps.url());
    } catch (error) {
      deps.logger?.warn('socket not opened', error);
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      setStatus('online');
      ws.send(JSON.stringify(deps.hello()));
    });
    ws.addEventListener('message', (event) => {
      if (socket !== ws || typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      const routed = routeSocketMessage(message, deps.handlers);
      if (routed.status === 'Ok') setStatus('authenticated');
      else if (routed.status) {
        setStatus('unauthenticated');
        if (routed.status === 'Revoked') revoke();
      }
    });
    ws.addEventListener('close', (event) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === CLOSE_CODES.revoked) {
        setStatus('unauthenticated');
        revoke();
        return;
      }
      if (event.code === CLOSE_CODES.unauthorized) {
        setStatus('unauthenticated');
        wanted = false;
        return;
      }
      setStatus('offline');
      scheduleReconnect();
    });
  }

  function revoke() {
    if (!wanted) return;
    wanted = false;
    deps.onRevoked();
  }

  function scheduleReconnect() {
    if (!wanted || timer !== null) return;
    timer = setTimer(connect, delay);
  }

  return {
    /** Opens the link (after sign-in); a no-op when already open. */
    open(): void {
      wanted = true;
      if (!socket && timer === null) connect();
    },
    /** Closes the link and stops reconnecting. */
    close(): void {
      wanted = false;
      if (timer !== null) clearTimer(timer);
      timer = null;
      const ws = socket;
      socket = null;
      ws?.close(1000, 'bye');
      if (status !== 'offline') setStatus('offline');
    },
    status: () => status,
  };
}
export type SocketLink = ReturnType<typeof createSocketLink>;
