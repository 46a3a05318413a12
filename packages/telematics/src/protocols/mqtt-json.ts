// MQTT JSON: gateways that decode CAN themselves publish records in the Position model, as JSON,
// to `rumbo/<device id>/telemetry` (docs/ingest: one record or an array of at most 1,000). Known
// keys are checked and kept; unknown keys are dropped.

import type { Position } from '../position.js';
import { IO_NUMBER_FIELDS } from '../teltonika/io-tables.js';
import type { Decoded } from './decoder.js';
import { refused } from './decoder.js';

/** The topic gateways publish decoded records to; `+` is the device id. */
export const MQTT_TOPIC = 'rumbo/+/telemetry';
/** Most records one message may carry. */
export const MQTT_MAX_RECORDS = 1000;

// The GPS fields, then every numeric field a device's IO can fill (the same Position fields).
const NUMBER_KEYS = ['altitudeM', 'headingDeg', 'speedKmh', 'satellites', ...IO_NUMBER_FIELDS];
const FLAG_KEYS = ['ignition', 'movement', 'kickdown', 'brake', 'cruise', 'pto'] as const;
const HARSH_EVENTS = new Set(['accel', 'brake', 'corner']);
/**
 * A tachograph slot's working state, by the activity's name (decision 0054), stored as the
 * tachograph's code in the attribute a Teltonika device's IO 184/185 fills.
 */
const WORKING_STATES: Readonly<Record<string, number>> = {
  rest: 0,
  available: 1,
  work: 2,
  drive: 3,
};
const WORKING_STATE_KEYS = ['driver1WorkingState', 'driver2WorkingState'] as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One record, or the reason it is refused. */
function readRecord(json: unknown, deviceId: string): Position | string {
  if (!isObject(json)) return 'a record must be an object';
  const { fixTimeMs, lat, lng } = json;
  if (typeof fixTimeMs !== 'number' || !Number.isInteger(fixTimeMs)) return 'fixTimeMs: integer';
  if (typeof lat !== 'number' || Number.isNaN(lat)) return 'lat: number';
  if (typeof lng !== 'number' || Number.isNaN(lng)) return 'lng: number';
  const record: Position = { deviceId, fixTimeMs, lat, lng, attributes: {} };
  const out = record as unknown as Json;
  for (const key of NUMBER_KEYS) {
    const value = json[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${key}: finite number`;
    out[key] = value;
  }
  for (const key of FLAG_KEYS) {
    const value = json[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') return `${key}: boolean`;
    out[key] = value;
  }
  const { driverCode, driver2Code, harshEvent, attributes } = json;
  if (driverCode !== undefined) {
    if (typeof driverCode !== 'string' || driverCode.length > 64) return 'driverCode: ≤ 64 chars';
    record.driverCode = driverCode;
  }
  if (driver2Code !== undefined && (typeof driver2Code !== 'string' || driver2Code.length > 64))
    return 'driver2Code: ≤ 64 chars';
  if (harshEvent !== undefined) {
    if (typeof harshEvent !== 'string' || !HARSH_EVENTS.has(harshEvent))
      return 'harshEvent: accel, brake or corner';
    record.harshEvent = harshEvent as Position['harshEvent'];
  }
  if (attributes !== undefined) {
    if (!isObject(attributes)) return 'attributes: object';
    for (const value of Object.values(attributes)) {
      const kind = typeof value;
      if (kind !== 'number' && kind !== 'string' && kind !== 'boolean')
        return 'attributes: numbers, strings or booleans';
    }
    record.attributes = attributes as Position['attributes'];
  }
  // The tachograph's slots (issue 26): the top-level fields win over the same attributes.
  for (const key of WORKING_STATE_KEYS) {
    const value = json[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !Object.hasOwn(WORKING_STATES, value))
      return `${key}: rest, available, work or drive`;
    record.attributes[key] = WORKING_STATES[value]!;
  }
  if (typeof driver2Code === 'string') record.attributes['driver2Code'] = driver2Code;
  return record;
}

/** Decodes one message published by `deviceId`: its records, or why it is refused. */
export function decodeMqttJson(deviceId: string, payload: Uint8Array): Decoded {
  let json: unknown;
  try {
    json = JSON.parse(
      Buffer.from(payload.buffer, payload.byteOffset, payload.length).toString('utf8'),
    );
  } catch {
    return refused('not JSON');
  }
  const items = Array.isArray(json) ? json : [json];
  if (items.length > MQTT_MAX_RECORDS) return refused(`more than ${MQTT_MAX_RECORDS} records`);
  const records: Position[] = [];
  for (const item of items) {
    const record = readRecord(item, deviceId);
    if (typeof record === 'string') return refused(record);
    records.push(record);
  }
  return { identity: deviceId, records };
}

/** The device id in a topic `rumbo/<device id>/telemetry`. */
export function mqttTopicDevice(topic: string): string {
  return topic.split('/')[1] ?? '';
}
