// The ingest worker thread (the built server's `ingest-worker.js`): the device ports' sockets,
// framing, decoding and acknowledgements. Device lookups and the records go to the main thread,
// which stores them; a device is answered only after the main thread says its records are stored
// (docs/decisions/0046-ingest-worker-threads.md).
import { parentPort, workerData } from 'node:worker_threads';
import type { IoTable, Position } from '@rumbo/telematics';
import { familyOfModel, IO_TABLES } from '@rumbo/telematics';
import type { IngestDevice, SubmitResult } from '../lib/ingest-device.js';
import { newIngestCounters, type IngestContext, type IngestCounters } from './ingest-types.js';
import { packPositions } from './position-batch.js';
import { startIngest } from './start-ingest.js';
import {
  ioTableKey,
  type FromWorker,
  type LogLevel,
  type ToWorker,
  type WorkerDevice,
  type WorkerListenOptions,
} from './worker-messages.js';

const port = parentPort!;
const options = workerData as WorkerListenOptions;

function post(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

function log(level: LogLevel, obj: object, msg?: string): void {
  try {
    post({ t: 'log', level, obj, msg });
  } catch {
    // Something in `obj` cannot be cloned (a socket, a function): its text goes instead.
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj))
      plain[key] = value instanceof Error ? value.message : String(value);
    post({ t: 'log', level, obj: plain, msg });
  }
}

let nextId = 1;
const resolving = new Map<
  number,
  { resolve(device: WorkerDevice | null): void; reject(e: Error): void }
>();
const submitting = new Map<number, { resolve(r: SubmitResult): void; reject(e: Error): void }>();
const tables = new Map<string, IoTable>();

// Submissions made during one turn of the event loop go to the main thread as one batch.
let subs: number[] = [];
let records: Position[] = [];
let isFlushScheduled = false;
function flush(): void {
  isFlushScheduled = false;
  if (subs.length === 0) return;
  const batch = packPositions(records);
  const ids = Int32Array.from(subs);
  subs = [];
  records = [];
  post({ t: 'submit', subs: ids, batch }, [batch.columns.buffer as ArrayBuffer, ids.buffer]);
}

const counters = newIngestCounters();
const sent: IngestCounters = newIngestCounters();
// Counters go to the main thread as changes, every few milliseconds while they change.
function sendCounters(): void {
  let delta: Partial<IngestCounters> | undefined;
  for (const key of Object.keys(counters) as (keyof IngestCounters)[]) {
    const change = counters[key] - sent[key];
    if (change === 0) continue;
    (delta ??= {})[key] = change;
    sent[key] = counters[key];
  }
  if (delta) post({ t: 'counters', delta });
}
const countersTimer = setInterval(sendCounters, 20);

const ctx: IngestContext = {
  resolveDevice(uniqueId, protocol) {
    const id = nextId++;
    post({ t: 'resolve', id, uniqueId, protocol });
    return new Promise((resolve, reject) => resolving.set(id, { resolve, reject }));
  },
  submit(device, positions) {
    const id = nextId++;
    subs.push(id, (device as WorkerDevice).handle, positions.length);
    for (const p of positions) records.push(p);
    if (!isFlushScheduled) {
      isFlushScheduled = true;
      setImmediate(flush);
    }
    return new Promise((resolve, reject) => submitting.set(id, { resolve, reject }));
  },
  // The main thread sends a device's table with the device, and again when administration edits it.
  ioTable: (device: IngestDevice) =>
    tables.get(ioTableKey(device)) ?? IO_TABLES[familyOfModel(device.model ?? undefined)],
  nowMs: () => Date.now() + options.clockOffsetMs,
  log: {
    info: (obj, msg) => log('info', obj, msg),
    warn: (obj, msg) => log('warn', obj, msg),
    debug: (obj, msg) => log('debug', obj, msg),
  },
  counters,
};

const listeners = await startIngest(ctx, { ...options, workers: 0 });

port.on('message', (message: ToWorker) => {
  switch (message.t) {
    case 'resolved': {
      if (message.table) tables.set(message.table[0], message.table[1]);
      const waiting = resolving.get(message.id);
      resolving.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.device);
      return;
    }
    case 'results': {
      const { ok } = message;
      for (let i = 0; i < ok.length; i += 3) {
        const waiting = submitting.get(ok[i]!);
        submitting.delete(ok[i]!);
        waiting?.resolve({ accepted: ok[i + 1]!, rejected: ok[i + 2]! });
      }
      for (const [id, reason] of message.failed) {
        const waiting = submitting.get(id);
        submitting.delete(id);
        waiting?.reject(new Error(reason));
      }
      return;
    }
    case 'tables':
      for (const [key, table] of message.tables) tables.set(key, table);
      return;
    case 'close':
      clearInterval(countersTimer);
      void listeners.close().then(() => {
        sendCounters();
        post({ t: 'closed' });
      });
  }
});

post({
  t: 'ready',
  teltonikaPort: listeners.teltonikaPort,
  osmandPort: listeners.osmandPort,
  streamPorts: listeners.streamPorts,
});
