// Test-only access to the captured device messages in /work/shared/fixtures/devices (read at test
// time, never copied into the repository). Tests skip when the folder is absent.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** `<repo>/../shared/fixtures/devices`, i.e. `../../../shared/fixtures/devices` from this package. */
export const DEVICE_FIXTURES_DIR = resolve(
  import.meta.dirname,
  '../../../../../shared/fixtures/devices',
);

/** Path of one fixture file. */
export function deviceFixturePath(file: string): string {
  return resolve(DEVICE_FIXTURES_DIR, file);
}

/** Whether a fixture file is available on this machine. */
export function hasDeviceFixture(file: string): boolean {
  return existsSync(deviceFixturePath(file));
}

/** Parsed JSON of a fixture file (call only when {@link hasDeviceFixture} is true). */
export function readDeviceFixture<T>(file: string): T {
  return JSON.parse(readFileSync(deviceFixturePath(file), 'utf8')) as T;
}

/** One entry of teltonika.json (the fields the tests use). */
export interface TeltonikaVector {
  index: number;
  line: number;
  source: string;
  hex: string;
  kind: string;
  codec: string | null;
  crc_ok: boolean | null;
  imei?: string;
  context: { model?: string; extended?: boolean; transport?: string };
  asserts: { type: string; expected_first_frame_hex?: string; checkLocation?: boolean };
  udp_header?: { packet_id: string; avl_packet_id: number; imei: string };
  decoded_records?: FixtureRecord[];
}

/** A record as the fixture's independent parse gives it. */
export interface FixtureRecord {
  timestamp: string;
  priority?: number;
  longitude?: number;
  latitude?: number;
  altitude_m?: number;
  angle_deg?: number;
  satellites?: number;
  speed_kmh?: number;
  event_io_id?: number;
  generation_type?: number;
  io?: Record<string, [number, string][]>;
  type?: string;
  payload_hex?: string;
}

/** One entry of osmand.json. */
export interface OsmAndVector {
  index: number;
  kind: string;
  request: {
    method: string;
    headers: Record<string, string>;
    body: string | null;
    query_params: [string, string][];
  };
  asserts: { type: string; key?: string; value?: unknown; checkLocation?: boolean };
}
