import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SOCKET_CLOSE } from '@rumbo/contracts';
import type { Principal } from '../kernel/principal.js';
import { SocketHub } from './socket-hub.js';

/** Enough of a `ws` socket for the hub: messages in, sends and the close out. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closed: { code: number; reason: string } | null = null;
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number, reason: string) {
    this.closed = { code, reason };
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.close(1006, '');
  }
}

const PRINCIPAL = {
  sessionId: 1,
  kind: 'web',
  tenantId: 1,
  userId: 1,
  roleName: 'admin',
  startOn: null,
  views: {},
  expiresAtMs: Date.now() + 3_600_000,
} as unknown as Principal;

function hub(helloTimeoutMs: number) {
  return new SocketHub(async (c) => (c.token === 'good' ? PRINCIPAL : undefined), {
    helloTimeoutMs,
  });
}

describe('SocketHub hello', () => {
  it('closes a silent socket with noHello (the client reconnects), not unauthorized', async () => {
    const socket = new FakeSocket();
    hub(20).accept(socket as unknown as WebSocket);
    await expect.poll(() => socket.closed?.code).toBe(SOCKET_CLOSE.noHello);
  });

  it('closes a socket with bad credentials as unauthorized (the client signs in again)', async () => {
    const socket = new FakeSocket();
    hub(1000).accept(socket as unknown as WebSocket);
    socket.emit('message', Buffer.from(JSON.stringify({ token: 'bad', digest: 'd' })), false);
    await expect.poll(() => socket.closed?.code).toBe(SOCKET_CLOSE.unauthorized);
  });

  it('keeps a socket whose hello comes late but in time', async () => {
    const socket = new FakeSocket();
    let ready = false;
    hub(200).accept(socket as unknown as WebSocket, () => (ready = true));
    await new Promise((r) => setTimeout(r, 100));
    socket.emit('message', Buffer.from(JSON.stringify({ token: 'good', digest: 'd' })), false);
    await expect.poll(() => ready).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.closed).toBeNull();
    expect(socket.sent.map((t) => JSON.parse(t) as unknown)).toEqual([
      { type: 'Status', status: 'Ok' },
    ]);
  });
});
