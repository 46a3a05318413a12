import type { DeviceProtocol } from '@rumbo/contracts';
import type { IoTable } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { IngestCounters } from './ingest-types.js';
import type { PositionBatch } from './position-batch.js';
import type { StreamLimits } from './stream-session.js';
import type { TeltonikaTcpLimits } from './teltonika-tcp.js';

// What the ingest worker thread and the main thread tell each other
// (docs/decisions/0046-ingest-worker-threads.md).

/** The listeners' options, as the worker receives them (`workerData`). */
export interface WorkerListenOptions {
  teltonikaPort: number;
  osmandPort: number;
  mqttUrl?: string | undefined;
  host?: string;
  teltonikaLimits?: Partial<TeltonikaTcpLimits>;
  streamPorts?: Partial<Record<DeviceProtocol, number>>;
  streamLimits?: Partial<StreamLimits>;
  /** The main thread's clock minus the worker's `Date.now()` when it started. */
  clockOffsetMs: number;
}

/** A device as the worker holds it: `handle` names it in submissions. */
export type WorkerDevice = IngestDevice & { handle: number };

/** The device-model key of a device's IO table (one table per tenant, protocol and model). */
export function ioTableKey(device: IngestDevice): string {
  return `${device.tenantId}|${device.protocol}|${device.model ?? ''}`;
}

export type LogLevel = 'info' | 'warn' | 'debug';

export type FromWorker =
  | { t: 'ready'; teltonikaPort: number; osmandPort: number; streamPorts: WorkerPorts }
  | { t: 'resolve'; id: number; uniqueId: string; protocol: DeviceProtocol }
  /** `subs`: per submission (id, device handle, record count), the records in `batch` in order. */
  | { t: 'submit'; subs: Int32Array; batch: PositionBatch }
  | { t: 'counters'; delta: Partial<IngestCounters> }
  | { t: 'log'; level: LogLevel; obj: object; msg?: string | undefined }
  | { t: 'closed' };

export type WorkerPorts = Partial<Record<DeviceProtocol, number>>;

export type ToWorker =
  | {
      t: 'resolved';
      id: number;
      device: WorkerDevice | null;
      table?: [string, IoTable];
      /** The lookup failed (the database is down): nothing is acknowledged, the device resends. */
      error?: string;
    }
  /** `ok`: per submission (id, accepted, rejected); `failed`: submissions not stored. */
  | { t: 'results'; ok: Int32Array; failed: [number, string][] }
  | { t: 'tables'; tables: [string, IoTable][] }
  | { t: 'close' };
