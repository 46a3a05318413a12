import type { IoTable, Position } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { SubmitResult } from '../lib/ingest-device.js';

/** What every protocol listener needs: device lookup, the pipeline, counters and a log. */
export interface IngestContext {
  resolveDevice(uniqueId: string, protocol: IngestDevice['protocol']): Promise<IngestDevice | null>;
  submit(device: IngestDevice, positions: readonly Position[]): Promise<SubmitResult>;
  /** The Teltonika IO table of the device's model, looked up per packet (editable at run time). */
  ioTable(device: IngestDevice): IoTable;
  nowMs(): number;
  log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    debug(obj: object, msg?: string): void;
  };
  counters: IngestCounters;
}

/** Counted per process, exposed for operators. */
export interface IngestCounters {
  badFrames: number;
  unknownDevices: number;
  recordsAcked: number;
  recordsRejected: number;
  /** Records refused as older than RETENTION_DAYS (record-bounds.ts; also in recordsRejected). */
  recordsTooOld: number;
  /** Attribute keys dropped over the per-record caps (record-bounds.ts). */
  attributesDropped: number;
  connections: number;
  /** Bytes the Teltonika TCP port holds in partial frames, all connections together. */
  teltonikaBufferedBytes: number;
}

/** Fresh counters. */
export function newIngestCounters(): IngestCounters {
  return {
    badFrames: 0,
    unknownDevices: 0,
    recordsAcked: 0,
    recordsRejected: 0,
    recordsTooOld: 0,
    attributesDropped: 0,
    connections: 0,
    teltonikaBufferedBytes: 0,
  };
}
