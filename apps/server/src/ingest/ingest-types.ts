import type { IoTable, Position } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { SubmitResult } from '../lib/ingest-device.js';

/** What every protocol listener needs: device lookup, the pipeline, counters and a log. */
export interface IngestContext {
  resolveDevice(uniqueId: string, protocol: IngestDevice['protocol']): Promise<IngestDevice | null>;
  submit(device: IngestDevice, positions: readonly Position[]): Promise<SubmitResult>;
  /**
   * The IO table of the device's model (numbered IO elements → Position fields), looked up per
   * frame (editable at run time). Only decoders of numbered IO read it, through their protocol's
   * `context` (teltonika-tcp.ts): the session shell never does.
   */
  ioTable(device: IngestDevice): IoTable;
  /**
   * Calls `listener` after administration changed a device model's IO table (the ingest worker
   * thread holds copies: they are sent again); returns the unsubscribe.
   */
  onIoTablesChanged?(listener: () => void): () => void;
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
  /** Bytes the Teltonika TCP port holds in partial frames, all connections together (other
   * stream ports cap theirs the same way, uncounted here). */
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
