import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { IoTable } from '@rumbo/telematics';
import type { IngestDevice, SubmitResult } from '../lib/ingest-device.js';
import type { IngestContext, IngestCounters } from './ingest-types.js';
import { unpackPositions } from './position-batch.js';
import {
  ioTableKey,
  type FromWorker,
  type ToWorker,
  type WorkerListenOptions,
  type WorkerPorts,
} from './worker-messages.js';

// The main thread's side of the ingest worker (docs/decisions/0046-ingest-worker-threads.md):
// it answers the worker's device lookups, stores the records it sends (the context's `submit`:
// bounds, pipeline, database) and tells it what was stored, so the worker acknowledges the device.
// A worker that stops is started again on the same ports.

/** The worker's listeners, seen from the main thread. */
export interface IngestWorkerControl {
  /** Times the worker was started again after it stopped. */
  readonly restarts: number;
  /** Ends the worker as a crash would (tests): it is started again. */
  kill(): Promise<void>;
  /** Resolves once a worker listens (the first, or the one after a restart). */
  ready(): Promise<void>;
}

/** The worker's file: the bundle's in the built server, the TypeScript source (through tsx) else. */
function spawnWorker(data: WorkerListenOptions): Worker {
  const built = new URL('./ingest-worker.js', import.meta.url);
  if (existsSync(built)) return new Worker(built, { workerData: data });
  const source = new URL('./ingest.worker.ts', import.meta.url);
  return new Worker(
    `import('tsx/esm/api')` +
      `.then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`,
    { eval: true, workerData: data },
  );
}

/** Gauges a worker adds to while it runs, taken back when it stops. */
const GAUGES = ['connections', 'teltonikaBufferedBytes'] as const;

type Ports = { teltonikaPort: number; osmandPort: number; streamPorts: WorkerPorts };

/**
 * Starts the device listeners in a worker thread; resolves with their ports once it listens.
 * `options` as `startIngest`'s (port 0 = any free, then kept across restarts).
 */
export async function startIngestWorker(
  ctx: IngestContext,
  options: Omit<WorkerListenOptions, 'clockOffsetMs'>,
): Promise<Ports & { close(): Promise<void>; worker: IngestWorkerControl }> {
  const handles = new WeakMap<IngestDevice, number>();
  const byHandle = new Map<number, IngestDevice>();
  let nextHandle = 1;
  let current: Worker | undefined;
  let restarts = 0;
  let isClosing = false;
  let listening: Ports | undefined;
  let isReady = false;
  let readyWaiters: (() => void)[] = [];
  let failure: ((error: Error) => void) | undefined;
  let backoffMs = 100;

  function handleOf(device: IngestDevice): number {
    let handle = handles.get(device);
    if (handle === undefined) {
      handle = nextHandle++;
      handles.set(device, handle);
      byHandle.set(handle, device);
    }
    return handle;
  }

  function start(): void {
    const ports: Partial<WorkerListenOptions> = listening
      ? {
          teltonikaPort: listening.teltonikaPort,
          osmandPort: listening.osmandPort,
          streamPorts: listening.streamPorts,
        }
      : {};
    const worker = spawnWorker({
      ...options,
      ...ports,
      clockOffsetMs: ctx.nowMs() - Date.now(),
    });
    current = worker;
    isReady = false;
    // The tables this worker holds, by key, with a device of that key to look them up again.
    const tables = new Map<string, { table: IoTable; device: IngestDevice }>();
    const gauges: Pick<IngestCounters, (typeof GAUGES)[number]> = {
      connections: 0,
      teltonikaBufferedBytes: 0,
    };
    const send = (message: ToWorker, transfer: ArrayBuffer[] = []): void => {
      if (current === worker) worker.postMessage(message, transfer);
    };
    let ok: number[] = [];
    let failed: [number, string][] = [];
    let isReplyScheduled = false;
    const reply = (): void => {
      isReplyScheduled = false;
      const ids = Int32Array.from(ok);
      send({ t: 'results', ok: ids, failed }, [ids.buffer]);
      ok = [];
      failed = [];
    };
    const answer = (id: number, result: SubmitResult | Error): void => {
      if (result instanceof Error) failed.push([id, result.message]);
      else ok.push(id, result.accepted, result.rejected);
      if (isReplyScheduled) return;
      isReplyScheduled = true;
      setImmediate(reply);
    };
    const unsubscribe = ctx.onIoTablesChanged?.(() => {
      const changed: [string, IoTable][] = [];
      for (const [key, held] of tables) {
        const table = ctx.ioTable(held.device);
        if (table === held.table) continue;
        held.table = table;
        changed.push([key, table]);
      }
      if (changed.length > 0) send({ t: 'tables', tables: changed });
    });

    worker.on('message', (message: FromWorker) => {
      switch (message.t) {
        case 'ready': {
          const { teltonikaPort, osmandPort, streamPorts } = message;
          listening = { teltonikaPort, osmandPort, streamPorts };
          backoffMs = 100;
          isReady = true;
          for (const resolve of readyWaiters) resolve();
          readyWaiters = [];
          return;
        }
        case 'resolve':
          ctx.resolveDevice(message.uniqueId, message.protocol).then(
            (device) => {
              if (!device) return send({ t: 'resolved', id: message.id, device: null });
              const key = ioTableKey(device);
              let table: [string, IoTable] | undefined;
              if (!tables.has(key)) {
                const found = ctx.ioTable(device);
                tables.set(key, { table: found, device });
                table = [key, found];
              }
              send({
                t: 'resolved',
                id: message.id,
                device: { ...device, handle: handleOf(device) },
                ...(table ? { table } : {}),
              });
            },
            (error: unknown) =>
              send({ t: 'resolved', id: message.id, device: null, error: String(error) }),
          );
          return;
        case 'submit': {
          const positions = unpackPositions(message.batch);
          const { subs } = message;
          let at = 0;
          for (let i = 0; i < subs.length; i += 3) {
            const id = subs[i]!;
            const device = byHandle.get(subs[i + 1]!);
            const mine = positions.slice(at, at + subs[i + 2]!);
            at += subs[i + 2]!;
            if (!device) {
              answer(id, new Error('unknown device handle'));
              continue;
            }
            ctx.submit(device, mine).then(
              (result) => answer(id, result),
              (error: unknown) =>
                answer(id, error instanceof Error ? error : new Error(String(error))),
            );
          }
          return;
        }
        case 'counters':
          for (const [key, change] of Object.entries(message.delta) as [
            keyof IngestCounters,
            number,
          ][]) {
            ctx.counters[key] += change;
            if (key === 'connections' || key === 'teltonikaBufferedBytes') gauges[key] += change;
          }
          return;
        case 'log':
          ctx.log[message.level]({ ...message.obj, thread: 'ingest-worker' }, message.msg);
          return;
        case 'closed':
          return;
      }
    });
    worker.on('error', (error) => {
      ctx.log.warn({ err: error }, 'ingest worker failed');
      // Before it listened (a port in use): the start fails with the worker's own error.
      if (!listening) failure?.(error);
    });
    worker.on('exit', (code) => {
      unsubscribe?.();
      // What the stopped worker counted as open goes with it.
      for (const key of GAUGES) ctx.counters[key] -= gauges[key];
      if (current !== worker) return;
      current = undefined;
      isReady = false;
      if (isClosing) return;
      if (!listening) {
        failure?.(new Error(`ingest worker stopped before listening (${code})`));
        return;
      }
      restarts += 1;
      ctx.log.warn({ code, restarts, inMs: backoffMs }, 'ingest worker stopped: starting another');
      setTimeout(() => {
        if (!isClosing) start();
      }, backoffMs).unref();
      backoffMs = Math.min(backoffMs * 2, 5000);
    });
  }

  const first = new Promise<void>((resolve, reject) => {
    readyWaiters.push(resolve);
    failure = reject;
  });
  start();
  await first;
  failure = undefined;
  const ports = listening!;
  return {
    ...ports,
    worker: {
      get restarts() {
        return restarts;
      },
      async kill() {
        await current?.terminate();
      },
      ready() {
        if (isReady) return Promise.resolve();
        return new Promise((resolve) => readyWaiters.push(resolve));
      },
    },
    async close() {
      isClosing = true;
      const worker = current;
      if (!worker) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (message: FromWorker) => message.t === 'closed' && resolve());
      });
      worker.postMessage({ t: 'close' } satisfies ToWorker);
      await Promise.race([closed, exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await worker.terminate();
      await exited;
    },
  };
}
