import type { Server } from 'node:net';
import { TELTONIKA_MAX_DATA_BYTES } from '@rumbo/telematics';
import { teltonikaTcpDecoder, type TeltonikaDevice } from '@rumbo/telematics/protocols';
import type { IngestContext } from './ingest-types.js';
import {
  DEFAULT_STREAM_LIMITS,
  startStreamListener,
  type StreamLimits,
  type StreamProtocol,
} from './stream-session.js';

/** What one Teltonika TCP port lets a connection hold and how long it may take. */
export interface TeltonikaTcpLimits extends StreamLimits {
  /** Largest data length of one packet (see `TELTONIKA_MAX_DATA_BYTES`). */
  maxDataBytes: number;
}

/** The session shell's defaults, and packets of at most `TELTONIKA_MAX_DATA_BYTES`. */
export const DEFAULT_TELTONIKA_TCP_LIMITS: TeltonikaTcpLimits = {
  ...DEFAULT_STREAM_LIMITS,
  maxDataBytes: TELTONIKA_MAX_DATA_BYTES,
};

/** Teltonika TCP in the session shell: records mapped with the device model's IO table. */
export function teltonikaTcp(
  maxDataBytes = TELTONIKA_MAX_DATA_BYTES,
): StreamProtocol<TeltonikaDevice> {
  return {
    protocol: 'teltonika',
    name: 'Teltonika',
    decoder: teltonikaTcpDecoder({ maxDataBytes }),
    context: (device, ctx) => ({ uniqueId: device.uniqueId, ioTable: ctx.ioTable(device) }),
    countBuffered: (counters, delta) => {
      counters.teltonikaBufferedBytes += delta;
    },
  };
}

/** Starts the Teltonika TCP listener; `limits` default to {@link DEFAULT_TELTONIKA_TCP_LIMITS}. */
export async function startTeltonikaTcp(
  ctx: IngestContext,
  port: number,
  host = '0.0.0.0',
  limits: Partial<TeltonikaTcpLimits> = {},
): Promise<Server> {
  const { maxDataBytes, ...stream } = { ...DEFAULT_TELTONIKA_TCP_LIMITS, ...limits };
  return startStreamListener(ctx, teltonikaTcp(maxDataBytes), port, host, stream);
}
