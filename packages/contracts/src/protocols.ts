/**
 * The device protocols Rumbo ingests: the one list. The device forms, the API schemas, the CLI,
 * the server's device types and its ingest listeners all read it; the database keeps `protocol`
 * as plain text (migration 0024 dropped the CHECKs), so adding a protocol edits no migration.
 * See CONTRIBUTING.md, "Adding a protocol".
 */
export interface ProtocolInfo {
  /** Stored in `devices.protocol` and `device_models.protocol`; never renamed once released. */
  readonly id: string;
  /** How devices reach the server. */
  readonly transport: 'tcp' | 'tcp+udp' | 'http' | 'mqtt';
  /**
   * The listening port when its setting (`<ID>_PORT`, e.g. `TELTONIKA_PORT`) is not given; absent:
   * the listener is off until the setting names a port (and always for MQTT, which subscribes to
   * a broker).
   */
  readonly defaultPort?: number;
}

/** Every protocol, in the order the device forms offer them. */
export const PROTOCOLS = [
  { id: 'teltonika', transport: 'tcp+udp', defaultPort: 5027 },
  { id: 'osmand', transport: 'http', defaultPort: 5055 },
  { id: 'mqtt', transport: 'mqtt' },
  // Queclink @Track (GV300/GV55/GV200 vehicle trackers): off until QUECLINK_PORT is set.
  { id: 'queclink', transport: 'tcp' },
] as const satisfies readonly ProtocolInfo[];

/** A protocol's id. */
export type DeviceProtocol = (typeof PROTOCOLS)[number]['id'];

/** The ids, as `z.enum` takes them. */
export const DEVICE_PROTOCOLS = PROTOCOLS.map((protocol) => protocol.id) as unknown as readonly [
  DeviceProtocol,
  ...DeviceProtocol[],
];

/** The setting naming a protocol's port: `TELTONIKA_PORT`, `OSMAND_PORT`, … */
export function protocolPortSetting(id: DeviceProtocol): string {
  return `${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_PORT`;
}
