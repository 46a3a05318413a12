import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { isListening } from '../db/embedded-server.js';

// The control socket (docs/decisions/0030-bounds-and-live-changes.md): a running server listens on
// a Unix socket in DATA_DIR/run, readable by its own user only, and runs the `rumbo` commands
// handed to it there, so the command line changes the server's own database and the change goes
// out on the server's bus. A socket file is never deleted while a process listens on it.

/** Unix socket paths are limited to 107 bytes (embedded-server.ts uses the same bound). */
const MAX_SOCKET_PATH = 100;

/** Where a server on this DATA_DIR listens for commands. */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'run', 'rumbo.sock');
}

/** The control socket of a running server. */
export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on `socketPath` and answers `POST /command` with `run(body)`: 200 `{output}`, or 400
 * `{error}` when it throws. Null when another process already listens there (one answers per
 * DATA_DIR) or the path is too long for a Unix socket.
 */
export async function startControlSocket(
  socketPath: string,
  run: (command: unknown) => Promise<string>,
): Promise<ControlSocket | null> {
  if (socketPath.length > MAX_SOCKET_PATH) return null;
  mkdirSync(dirname(socketPath), { recursive: true });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const reply = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/command')
        return reply(404, { error: 'not found' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, { error: 'the command is not JSON' });
      }
      run(body).then(
        (output) => reply(200, { output }),
        (error: unknown) =>
          reply(400, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  const listen = () =>
    new Promise<boolean>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') resolve(false);
        else reject(error);
      };
      server.once('error', onError);
      server.listen(socketPath, () => {
        server.off('error', onError);
        resolve(true);
      });
    });
  // The file exists: another process listens there (it answers), or one died and left it.
  if (!(await listen())) {
    if (await isListening(socketPath)) return null;
    rmSync(socketPath, { force: true });
    if (!(await listen())) return null;
  }
  chmodSync(socketPath, 0o600);
  let closed: Promise<void> | undefined;
  return {
    path: socketPath,
    close() {
      // server.close() removes the socket file it created.
      closed ??= new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** A running server's answer to a command. */
export type ControlAnswer = { output: string } | { error: string };

/** Hands a command to the server listening on `socketPath`; null when none listens there. */
export async function sendControlCommand(
  socketPath: string,
  command: object,
): Promise<ControlAnswer | null> {
  if (!(await isListening(socketPath))) return null;
  const body = JSON.stringify(command);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        agent: false,
        path: '/command',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ControlAnswer);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}
