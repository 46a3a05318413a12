import { describe, expect, it } from 'vitest';
import {
  createSocketLink,
  routeSocketMessage,
  type LinkStatus,
  type SocketLike,
} from './socket-link';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  private listeners: Record<string, ((e: never) => void)[]> = {};
  addEventListener(type: string, listener: (e: never) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  emit(type: string, event: unknown = {}) {
    for (const l of this.listeners[type] ?? []) l(event as never);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: LinkStatus[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const received: unknown[] = [];
  let revoked = 0;
  const link = createSocketLink({
    url: () => 'ws://x/api/ws',
    hello: () => ({ token: 't', digest: 'd', userToken: 'u' }),
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    onStatus: (s) => statuses.push(s),
    onRevoked: () => revoked++,
    handlers: { 'notifications/add': (p) => received.push(p) },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
  });
  return { link, sockets, statuses, timers, received, revoked: () => revoked };
}

describe('real-time link (spec §4)', () => {
  it('opens manually, sends the credentials first and is authenticated on Ok', () => {
    const t = setup();
    expect(t.sockets).toHaveLength(0);
    t.link.open();
    t.sockets[0]!.emit('open');
    expect(JSON.parse(t.sockets[0]!.sent[0]!)).toEqual({ token: 't', digest: 'd', userToken: 'u' });
    t.sockets[0]!.emit('message', { data: '{"type":"Status","status":"Ok"}' });
    expect(t.statuses).toEqual(['online', 'authenticated']);
  });

  it('routes mutation messages to their data handler', () => {
    const t = setup();
    t.link.open();
    t.sockets[0]!.emit('message', {
      data: JSON.stringify({ mutation: 'notifications/add', payload: { code: 'V60' } }),
    });
    expect(t.received).toEqual([{ code: 'V60' }]);
    expect(routeSocketMessage({ action: 'nobody/listens', payload: 1 }, {})).toEqual({
      handled: false,
    });
  });

  it('reconnects 60 s after a drop', () => {
    const t = setup();
    t.link.open();
    t.sockets[0]!.emit('open');
    t.sockets[0]!.emit('close', { code: 1006 });
    expect(t.statuses.at(-1)).toBe('offline');
    expect(t.timers.map((x) => x.ms)).toEqual([60_000]);
    t.timers[0]!.fn();
    expect(t.sockets).toHaveLength(2);
  });

  it('is unauthenticated on Unauthorized and does not reconnect after 4401', () => {
    const t = setup();
    t.link.open();
    t.sockets[0]!.emit('message', { data: '{"type":"Status","status":"Unauthorized"}' });
    t.sockets[0]!.emit('close', { code: 4401 });
    expect(t.statuses.at(-1)).toBe('unauthenticated');
    expect(t.timers).toHaveLength(0);
  });

  it('ends the session when the server revokes it', () => {
    const t = setup();
    t.link.open();
    t.sockets[0]!.emit('message', { data: '{"type":"Status","status":"Revoked"}' });
    t.sockets[0]!.emit('close', { code: 4403 });
    expect(t.revoked()).toBe(1);
    expect(t.timers).toHaveLength(0);
  });

  it('closes without reconnecting', () => {
    const t = setup();
    t.link.open();
    t.sockets[0]!.emit('open');
    t.link.close();
    expect(t.sockets[0]!.closed).toBe(true);
    expect(t.statuses.at(-1)).toBe('offline');
    t.sockets[0]!.emit('close', { code: 1000 });
    expect(t.timers).toHaveLength(0);
  });
});

describe('close codes', () => {
  it('match SOCKET_CLOSE of @rumbo/contracts', async () => {
    const { SOCKET_CLOSE } = await import('@rumbo/contracts');
    const { CLOSE_CODES } = await import('./socket-link');
    expect(CLOSE_CODES.unauthorized).toBe(SOCKET_CLOSE.unauthorized);
    expect(CLOSE_CODES.revoked).toBe(SOCKET_CLOSE.revoked);
  });
});
