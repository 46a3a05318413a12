// src/db/embedded-server.ts
import { mkdirSync, readFileSync, rmSync } from "fs";
import { connect } from "net";
import { join } from "path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
var EmbeddedInUseError = class extends Error {
  constructor(socketPath) {
    super(
      `a running Rumbo server uses this data folder's database (${socketPath}); stop it first, or run the command while it runs so it is handed to that server`
    );
    this.socketPath = socketPath;
    this.name = "EmbeddedInUseError";
  }
  socketPath;
};
function isListening(socketPath) {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
var MAX_SOCKET_PATH = 100;
async function servePglite(storeDir, socketDir, startFrom) {
  const socketPath = join(socketDir, ".s.PGSQL.5432");
  if (socketPath.length <= MAX_SOCKET_PATH && await isListening(socketPath))
    throw new EmbeddedInUseError(socketPath);
  if (storeDir) mkdirSync(storeDir, { recursive: true });
  const db = await PGlite.create(storeDir ?? void 0, {
    extensions: { pg_trgm },
    ...startFrom ? { loadDataDir: new Blob([readFileSync(startFrom)]) } : {}
  });
  let server;
  let endpoint;
  if (socketPath.length <= MAX_SOCKET_PATH) {
    mkdirSync(socketDir, { recursive: true });
    rmSync(socketPath, { force: true });
    server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
    await server.start();
    endpoint = { host: socketDir, port: 5432 };
  } else {
    const port = await freePort();
    server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections: 4 });
    await server.start();
    endpoint = { host: "127.0.0.1", port };
  }
  return {
    endpoint,
    async stop() {
      await server.stop();
      await db.exec("CHECKPOINT");
      await db.close();
    }
  };
}
async function freePort() {
  const { createServer } = await import("net");
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export {
  isListening,
  servePglite
};
//# sourceMappingURL=chunk-O2BJJ3YR.js.map