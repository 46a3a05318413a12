import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { UNPACK_WORKER } from './limits.js';
import type { UnpackAnswer } from './unpack.worker.js';

// The worker threads that read uploaded archives: at most UNPACK_WORKER.concurrency, each
// reading one file at a time with V8 heap limits and a deadline. A worker that runs out of heap
// or time is stopped (never reused); an idle one is kept for the next file for a while, then
// stopped, and never keeps the process alive.

/** What a reading ended with: the worker's answer, or 'work' when it ran out of heap or time. */
export type PoolAnswer = UnpackAnswer | { ok: false; error: 'work' };

/** The worker's file: the bundle's in the built server, the TypeScript source (through tsx) else. */
function startWorker(): Worker {
  const options = { resourceLimits: UNPACK_WORKER.resourceLimits };
  const built = new URL('./unpack-worker.js', import.meta.url);
  if (existsSync(built)) return new Worker(built, options);
  const source = new URL('./unpack.worker.ts', import.meta.url).href;
  const load = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(load, { ...options, eval: true });
}

interface Idle {
  worker: Worker;
  timer: NodeJS.Timeout;
}

const idle: Idle[] = [];
let busy = 0;
const waiting: (() => void)[] = [];

async function take(): Promise<Worker> {
  while (busy >= UNPACK_WORKER.concurrency) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  busy += 1;
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.removeAllListeners('exit');
    return kept.worker;
  }
  const worker = startWorker();
  worker.unref();
  return worker;
}

function release(worker: Worker, reusable: boolean): void {
  busy -= 1;
  if (reusable) {
    const drop = () => {
      const at = idle.findIndex((entry) => entry.worker === worker);
      if (at >= 0) clearTimeout(idle.splice(at, 1)[0]!.timer);
      worker.off('exit', drop);
      void worker.terminate();
    };
    const timer = setTimeout(drop, UNPACK_WORKER.idleMs);
    timer.unref();
    // A worker that ends while idle is not handed out again.
    worker.once('exit', drop);
    idle.push({ worker, timer });
  } else {
    void worker.terminate();
  }
  waiting.shift()?.();
}

let nextId = 0;

/** Reads `bytes` in a pool worker as `task`; never throws. */
export async function inWorker(task: 'xlsx', bytes: Buffer): Promise<PoolAnswer> {
  const worker = await take();
  const id = ++nextId;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: PoolAnswer, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      release(worker, reusable);
      resolve(answer);
    };
    const onMessage = (message: { id: number; answer: UnpackAnswer }) => {
      if (message.id === id) settle(message.answer, true);
    };
    // ERR_WORKER_OUT_OF_MEMORY and any other failure of the worker: the file is refused.
    const onFailure = () => settle({ ok: false, error: 'work' }, false);
    const timer = setTimeout(onFailure, UNPACK_WORKER.timeoutMs);
    worker.on('message', onMessage);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
    worker.postMessage({ id, task, bytes });
  });
}
