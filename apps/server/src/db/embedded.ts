import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { servePglite, type EmbeddedEndpoint } from './embedded-server.js';

/** The embedded database as the application sees it. */
export interface EmbeddedDatabase {
  endpoint: EmbeddedEndpoint;
  close(): Promise<void>;
}

type WorkerMessage =
  | { type: 'ready'; endpoint: EmbeddedEndpoint }
  | { type: 'failed'; error: string }
  | { type: 'stopped'; error?: string };

/**
 * Starts PGlite served over the Postgres wire protocol. In the built server it runs in a worker
 * thread; from TypeScript source (tests, dev) it runs in-process.
 */
export async function startEmbedded(options: {
  storeDir: string | null;
  socketDir: string;
  startFrom?: string;
}): Promise<EmbeddedDatabase> {
  const workerFile = new URL('./embedded-worker.js', import.meta.url);
  if (!existsSync(workerFile)) {
    const running = await servePglite(options.storeDir, options.socketDir, options.startFrom);
    return { endpoint: running.endpoint, close: () => running.stop() };
  }
  const worker = new Worker(workerFile, { workerData: options });
  const endpoint = await new Promise<EmbeddedEndpoint>((resolve, reject) => {
    worker.once('message', (message: WorkerMessage) => {
      if (message.type === 'ready') resolve(message.endpoint);
      else reject(new Error(`embedded database failed to start: ${message.error ?? ''}`));
    });
    worker.once('error', reject);
  });
  let closing: Promise<void> | undefined;
  return {
    endpoint,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        worker.once('message', (message: WorkerMessage) => {
          void worker.terminate();
          if (message.type === 'stopped' && message.error) reject(new Error(message.error));
          else resolve();
        });
        worker.postMessage({ type: 'stop' });
      });
      return closing;
    },
  };
}
