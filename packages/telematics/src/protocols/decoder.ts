// The shape every device protocol decodes to, whatever its framing: a frame (a TCP frame, a UDP
// datagram, an HTTP request, an MQTT message) names the device it comes from (`identity`), carries
// positions (`records`) and says what to answer once they are stored (`reply`). The server's
// session shell (apps/server/src/ingest/stream-session.ts) and its delivery step
// (apps/server/src/ingest/deliver.ts) do the rest: resolve the device, submit, count, answer.
// Decoders are pure: no I/O, no clock, no state beyond what they are given.

import type { Position } from '../position.js';

/** Why a frame was refused: never acknowledged (the device resends), counted as a bad frame. */
export interface DecodeError {
  reason: string;
  detail?: string;
}

/** What one frame decodes to. */
export interface Decoded {
  /** The device id the frame names (a login frame; every frame of protocols that repeat it). */
  identity?: string;
  /** Positions, mapped with the device's context when the protocol needs one. */
  records: Position[];
  /** Sent once the records are stored (at once when there are none); absent: no answer. */
  reply?: Uint8Array;
  /** Set when the frame is refused: nothing else is read from it. */
  error?: DecodeError;
  /** Something worth a line in the log (a command's answer, a text message). */
  note?: string;
}

/** Splits a byte stream into frames; the session shell feeds it each read. */
export interface StreamFramer {
  /** The frames this chunk completed (copies the caller may keep). */
  push(chunk: Uint8Array): Buffer[];
  /** Bytes held in an incomplete frame. */
  readonly bufferedBytes: number;
  /** Bytes of memory held (≥ `bufferedBytes`); what the port-wide cap counts. */
  readonly retainedBytes: number;
  /** Bytes dropped so far because they could not start or belong to a frame. */
  readonly skippedBytes: number;
  /** Releases what is held. */
  reset(): void;
}

/**
 * A protocol's decoder. `C` is what it needs to know of the device to map records (Teltonika: the
 * model's IO table); protocols that need nothing use `null`.
 */
export interface FrameDecoder<C> {
  /**
   * The device id a frame names, read without decoding the rest, or null when it names none (a
   * keep-alive, a data frame of a protocol that logs in once). The shell resolves the device
   * before `decode` is called with its context.
   */
  identify(frame: Uint8Array): string | null;
  /** Decodes one complete frame; `device` is null until the connection's device is known. */
  decode(frame: Uint8Array, device: C | null): Decoded;
}

/** A decoder for a byte stream (TCP): its framer, and what to answer a device refused at login. */
export interface StreamDecoder<C> extends FrameDecoder<C> {
  createFramer(): StreamFramer;
  /** Sent before closing when the identity names no known device; absent: closed silently. */
  refusal?: Uint8Array;
  /**
   * Bytes a connection may hold before its first identity frame: a login frame's largest size
   * (Teltonika: 22), or a whole message for protocols that name the device in each one.
   */
  maxBytesBeforeIdentity: number;
}

/** True when a decoded frame is a keep-alive: nothing to store, answer or refuse. */
export function isKeepAlive(decoded: Decoded): boolean {
  return (
    decoded.records.length === 0 &&
    decoded.reply === undefined &&
    decoded.error === undefined &&
    decoded.identity === undefined
  );
}

/** The decoded value of a refused frame. */
export function refused(reason: string, detail?: string): Decoded {
  return detail === undefined
    ? { records: [], error: { reason } }
    : { records: [], error: { reason, detail } };
}
