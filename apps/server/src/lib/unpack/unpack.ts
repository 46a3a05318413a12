import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { archiveRefused } from '../upload-errors.js';
import { UNPACK_WORKER } from './limits.js';
import type { UnpackAnswer } from './unpack.worker.js';
import type { Cell } from './xlsx-cells.js';

// Uploaded archives are read off the event loop (docs/decisions/0028-bounded-uploads.md): each in
// its own worker thread with V8 heap limits and a deadline, at most UNPACK_WORKER.concurrency at
// once. A worker that runs out of heap or time is stopped and the file refused; the server's heap,
// its device acks and its other requests never wait on a file being inflated.

/** The worker's file: the bundle's in the built server, the TypeScript source (through tsx) else. */
function startWorker(bytes: Buffer): Worker {
  const options = {
    workerData: { bytes },
    resourceLimits: UNPACK_WORKER.resourceLimits,
  };
  const built = new URL('./unpack-worker.js', import.meta.url);
  if (existsSync(built)) return new Worker(built, options);
  const source = new URL('./unpack.worker.ts', import.meta.url).href;
  const load = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(load, { ...options, eval: true });
}

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= UNPACK_WORKER.concurrency) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** What the worker answered, or why it stopped ('work': out of heap or time). */
function runWorker(bytes: Buffer): Promise<UnpackAnswer | { ok: false; error: 'work' }> {
  return new Promise((resolve) => {
    const worker = startWorker(bytes);
    let settled = false;
    const settle = (answer: UnpackAnswer | { ok: false; error: 'work' }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ ok: false, error: 'work' }), UNPACK_WORKER.timeoutMs);
    worker.once('message', (answer: UnpackAnswer) => settle(answer));
    // ERR_WORKER_OUT_OF_MEMORY and any other failure of the worker: the file is refused.
    worker.once('error', () => settle({ ok: false, error: 'work' }));
    worker.once('exit', () => settle({ ok: false, error: 'work' }));
  });
}

/**
 * The first sheet of an .xlsx as rows of cells, read in a worker within XLSX_LIMITS; null when
 * the bytes are no readable workbook. Throws a 413 DomainError naming the bound passed.
 */
export async function readXlsxFirstSheet(bytes: Buffer): Promise<Cell[][] | null> {
  const done = await turn();
  try {
    const answer = await runWorker(bytes);
    if (answer.ok) return answer.rows;
    if (answer.error === 'limit') throw archiveRefused(answer.limit, answer.max);
    if (answer.error === 'work') {
      throw archiveRefused('work', UNPACK_WORKER.resourceLimits.maxOldGenerationSizeMb * 1024 ** 2);
    }
    return null;
  } finally {
    done();
  }
}
