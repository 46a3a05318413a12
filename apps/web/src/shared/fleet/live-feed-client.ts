import type { LastInfo, SocketHello } from '@rumbo/contracts';
import type { LiveFleetStore } from './live-fleet-store';

/** Where the live feed is: connecting, live (snapshot received), retrying after a drop, refused. */
export type LiveFeedStatus = 'connecting' | 'live' | 'reconnecting' | 'unauthorized';

/** The part of WebSocket the client uses. */
export interface LiveSocket {
  binaryType: string;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
}

export interface LiveFeedDeps {
  url: string;
  hello: () => SocketHello;
  store: LiveFleetStore;
  onStatus: (status: LiveFeedStatus) => void;
  createSocket?: (url: string) => LiveSocket;
  /** Delay before the n-th reconnection (1-based): 2 s doubling up to 30 s by default. */
  backoffMs?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const UNAUTHORIZED = 4401;
const REVOKED = 4403;

/**
 * The `/api/wslp` client (decision 0007): binary update frames, the JSON snapshot first. Applies
 * everything to the store; reconnects with back-off until closed or refused.
 */
export function connectLiveFeed(deps: LiveFeedDeps): { close: () => void } {
  const create =
    deps.createSocket ?? ((url: string) => new WebSocket(url) as unknown as LiveSocket);
  const backoff = deps.backoffMs ?? ((n: number) => Math.min(30_000, 2_000 * 2 ** (n - 1)));
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let socket: LiveSocket | null = null;
  let timer: unknown = null;
  let attempts = 0;
  let closed = false;

  const open = () => {
    timer = null;
    if (closed) return;
    const ws = create(deps.url);
    socket = ws;
    // The first JSON list after each hello is the whole fleet: it replaces what the store held.
    let snapshot = true;
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => ws.send(JSON.stringify({ ...deps.hello(), format: 'binary' }));
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      const data = event.data;
      if (data instanceof ArrayBuffer) {
        deps.store.applyBinary(data);
        return;
      }
      if (typeof data !== 'string') return;
      let message: { type?: string; status?: string; action?: string; payload?: unknown };
      try {
        message = JSON.parse(data) as typeof message;
      } catch {
        return;
      }
      if (message.action === 'positions/update' && Array.isArray(message.payload)) {
        if (snapshot) deps.store.clear();
        snapshot = false;
        deps.store.applyJson(message.payload as LastInfo[]);
        attempts = 0;
        deps.onStatus('live');
      }
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (closed) return;
      if (event.code === UNAUTHORIZED || event.code === REVOKED) {
        deps.onStatus('unauthorized');
        return;
      }
      attempts++;
      deps.onStatus('reconnecting');
      timer = setTimer(open, backoff(attempts));
    };
  };

  deps.onStatus('connecting');
  open();
  return {
    close() {
      closed = true;
      if (timer !== null) clearTimer(timer);
      const ws = socket;
      socket = null;
      ws?.close(1000, 'bye');
    },
  };
}
