// Runs the embedded database in its own thread so WebAssembly work never blocks the event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { servePglite } from './embedded-server.js';

interface WorkerInput {
  storeDir: string | null;
  socketDir: string;
  startFrom?: string;
}

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('embedded.worker must run as a worker thread');

servePglite(input.storeDir, input.socketDir, input.startFrom).then(
  (running) => {
    port.postMessage({ type: 'ready', endpoint: running.endpoint });
    port.on('message', (message: { type: string }) => {
      if (message.type !== 'stop') return;
      running.stop().then(
        () => port.postMessage({ type: 'stopped' }),
        (error: unknown) => port.postMessage({ type: 'stopped', error: String(error) }),
      );
    });
  },
  (error: unknown) => port.postMessage({ type: 'failed', error: String(error) }),
);
