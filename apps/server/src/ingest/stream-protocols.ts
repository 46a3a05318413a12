import type { DeviceProtocol } from '@rumbo/contracts';
import { queclinkTcp } from './queclink-tcp.js';
import type { StreamProtocol } from './stream-session.js';

/** A stream protocol whose device context type is its own business. */
export type AnyStreamProtocol = StreamProtocol<unknown>;

/**
 * The TCP protocols run by the session shell (stream-session.ts), each on its own port — the
 * `<ID>_PORT` setting, defaulting to the protocol list's `defaultPort`
 * (packages/contracts/src/protocols.ts). Teltonika is started on its own beside its UDP twin
 * (start-ingest.ts). A new stream protocol is one line here: see CONTRIBUTING.md, "Adding a
 * protocol".
 */
export const STREAM_PROTOCOLS: readonly AnyStreamProtocol[] = [queclinkTcp];

/** The registered stream protocols, by id. */
export function streamProtocolsById(): ReadonlyMap<DeviceProtocol, AnyStreamProtocol> {
  return new Map(STREAM_PROTOCOLS.map((spec) => [spec.protocol, spec]));
}
