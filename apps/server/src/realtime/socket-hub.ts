import type { WebSocket } from 'ws';
import { SOCKET_CLOSE, socketHello, type ServerSocketMessage } from '@rumbo/contracts';
import type { Principal } from '../kernel/principal.js';

/** A signed-in socket. */
export interface Connection {
  socket: WebSocket;
  principal: Principal;
  /** What the client asked for in its hello (`/api/wslp`: binary update frames). */
  format: 'json' | 'binary';
}

/** Resolves the hello's credentials. */
export type Authenticate = (credentials: {
  token?: string | undefined;
  digest?: string | undefined;
  userToken?: string | undefined;
}) => Promise<Principal | undefined>;

/** How a hub tells time and how often it looks for expired sessions. */
export interface SocketHubOptions {
  nowMs?: () => number;
  /** How often sockets whose session expired are closed (default every second). */
  expirySweepMs?: number;
  /** How long a new socket may stay silent before it is closed (default 30 s). */
  helloTimeoutMs?: number;
}

// A socket that says nothing this long is dropped. Generous: a browser whose main thread is busy
// (a map compiling its shaders on a slow phone) sends its hello late; it is told `noHello`, not
// `unauthorized`, so it reconnects rather than giving up.
const HELLO_TIMEOUT_MS = 30_000;
// Beyond this many unsent bytes a client is too slow to keep: it is closed (it reconnects).
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Keeps the signed-in sockets of one endpoint (`/api/ws` or `/api/wslp`): authenticates the
 * first message, closes sockets whose session is revoked or expires, and sends to users or
 * tenants.
 */
export class SocketHub {
  private readonly connections = new Set<Connection>();
  private readonly nowMs: () => number;
  private readonly sweep: NodeJS.Timeout;
  private readonly helloTimeoutMs: number;
  /** Called once a socket is signed in. */
  onReady?: (connection: Connection) => void;
  /** Called when a signed-in socket goes away. */
  onClosed?: (connection: Connection) => void;

  constructor(
    private readonly authenticate: Authenticate,
    options: SocketHubOptions = {},
  ) {
    this.nowMs = options.nowMs ?? Date.now;
    this.helloTimeoutMs = options.helloTimeoutMs ?? HELLO_TIMEOUT_MS;
    this.sweep = setInterval(() => this.closeExpired(), options.expirySweepMs ?? 1000);
    this.sweep.unref();
  }

  /** Handles a newly opened socket. */
  accept(socket: WebSocket, onReady?: (connection: Connection) => void): void {
    let connection: Connection | undefined;
    const timer = setTimeout(() => {
      if (!connection) socket.close(SOCKET_CLOSE.noHello, 'no hello in time');
    }, this.helloTimeoutMs);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (connection) return; // after the hello, clients only listen
      clearTimeout(timer);
      void this.hello(socket, isBinary ? null : data.toString('utf8')).then((ready) => {
        connection = ready;
        if (!ready) return;
        onReady?.(ready);
        this.onReady?.(ready);
      });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (connection) {
        this.connections.delete(connection);
        this.onClosed?.(connection);
      }
    });
    socket.on('error', () => socket.terminate());
  }

  private async hello(socket: WebSocket, text: string | null): Promise<Connection | undefined> {
    let principal: Principal | undefined;
    let format: Connection['format'] = 'json';
    try {
      const parsed = socketHello.safeParse(text ? JSON.parse(text) : null);
      principal = parsed.success ? await this.authenticate(parsed.data) : undefined;
      if (parsed.success && parsed.data.format) format = parsed.data.format;
    } catch {
      principal = undefined;
    }
    if (!principal) {
      this.sendRaw(socket, { type: 'Status', status: 'Unauthorized' });
      socket.close(SOCKET_CLOSE.unauthorized, 'unauthorized');
      return undefined;
    }
    const connection: Connection = { socket, principal, format };
    this.connections.add(connection);
    this.sendRaw(socket, { type: 'Status', status: 'Ok' });
    return connection;
  }

  private sendRaw(socket: WebSocket, message: ServerSocketMessage | string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(SOCKET_CLOSE.tooSlow, 'too slow');
      return;
    }
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Tells the client its session ended (it signs out) and closes the socket. */
  private endSession(connection: Connection, reason: string): void {
    this.sendRaw(connection.socket, { type: 'Status', status: 'Revoked' });
    connection.socket.close(SOCKET_CLOSE.revoked, reason);
    this.connections.delete(connection);
    this.onClosed?.(connection);
  }

  /** Closes every socket of these sessions. */
  closeSessions(sessionIds: number[]): void {
    const ids = new Set(sessionIds);
    for (const connection of this.connections) {
      if (ids.has(connection.principal.sessionId)) this.endSession(connection, 'session revoked');
    }
  }

  /** Closes the sockets whose session has expired. */
  closeExpired(): void {
    const nowMs = this.nowMs();
    for (const connection of this.connections) {
      if (connection.principal.expiresAtMs <= nowMs) this.endSession(connection, 'session expired');
    }
  }

  /** Sends a message to every socket of a tenant (optionally filtered). */
  sendToTenant(
    tenantId: number,
    message: ServerSocketMessage,
    filter?: (c: Connection) => boolean,
  ): void {
    const text = JSON.stringify(message);
    for (const connection of this.connections) {
      if (connection.principal.tenantId !== tenantId) continue;
      if (filter && !filter(connection)) continue;
      this.sendRaw(connection.socket, text);
    }
  }

  /** Every signed-in socket. */
  all(): IterableIterator<Connection> {
    return this.connections.values();
  }

  /** How many sockets are signed in. */
  get size(): number {
    return this.connections.size;
  }

  /** Closes every socket (server shutdown). */
  closeAll(): void {
    clearInterval(this.sweep);
    for (const connection of this.connections)
      connection.socket.close(1001, 'server shutting down');
    this.connections.clear();
  }
}
