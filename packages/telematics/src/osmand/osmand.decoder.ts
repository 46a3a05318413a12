// OsmAnd / Traccar Client HTTP requests → Positions (https://www.traccar.org/osmand/).
// Two shapes: query or form parameters (`id`, `lat`, `lon`, `timestamp`, `speed` in knots…), and
// the JSON body of Traccar Client 9+ (`{ location: { coords, battery, … }, device_id }`).

import { isSafeDeviceId, withStorableText } from '../device-text.js';
import type { Position, PositionAttributes } from '../position.js';

/** A request as the HTTP shell sees it. */
export interface OsmAndRequest {
  /** Query (or form) parameters, decoded, in order; repeats allowed. */
  query: Iterable<readonly [string, string]>;
  body?: string;
  contentType?: string;
  /** Server time, used when the request carries no timestamp. */
  nowMs: number;
}

/** Why a request yields nothing; the shell answers 400. */
export type OsmAndRejection =
  'no device id' | 'bad device id' | 'no position' | 'bad timestamp' | 'bad json';

/** Outcome of {@link decodeOsmAnd}. */
export type OsmAndResult =
  { ok: true; positions: Position[] } | { ok: false; reason: OsmAndRejection };

const KMH_PER_KNOT = 1.852;
const KMH_PER_MPS = 3.6;

// yyyy-MM-dd[T ]HH:mm:ss[.fff][Z|±hh[:]mm]; without a zone the time is UTC.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Parses a timestamp: Unix seconds or milliseconds (told apart by magnitude), ISO 8601, or
 * `yyyy-MM-dd HH:mm:ss` (UTC). Reads no clock and no local time zone.
 */
export function parseOsmAndTimestamp(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const value = Number(trimmed);
    // 1e11 s is in the year 5138, 1e11 ms in 1973: larger numbers are milliseconds.
    return Math.round(value >= 1e11 ? value : value * 1000);
  }
  const m = DATE_TIME.exec(trimmed);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = m;
  const ms = fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
    time -= sign * offsetMin * 60_000;
  }
  return Number.isFinite(time) ? time : undefined;
}

function finite(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function nonNegative(value: number | undefined): number | undefined {
  return value !== undefined && value >= 0 ? value : undefined;
}

function bool(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  const lower = text.trim().toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return undefined;
}

function attributeValue(text: string): number | string | boolean {
  const number = finite(text);
  if (number !== undefined) return number;
  const flag = bool(text);
  return flag ?? text;
}

// Parameters with a meaning of their own; everything else becomes an attribute.
const KNOWN_PARAMS = new Set([
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'charge',
  'driveruniqueid',
  'ignition',
  'rpm',
]);

function decodeParams(params: Map<string, string[]>, nowMs: number): OsmAndResult {
  const get = (name: string): string | undefined => params.get(name)?.[0];
  const deviceId = (get('id') ?? get('deviceid') ?? '').trim();
  if (deviceId === '') return { ok: false, reason: 'no device id' };
  if (!isSafeDeviceId(deviceId)) return { ok: false, reason: 'bad device id' };
  let lat = finite(get('lat'));
  let lng = finite(get('lon'));
  const location = get('location');
  if ((lat === undefined || lng === undefined) && location !== undefined) {
    const [latText, lngText] = location.split(',');
    lat = finite(latText);
    lng = finite(lngText);
  }
  // Cell- or Wi-Fi-only requests carry no position: Rumbo does no network geolocation.
  if (lat === undefined || lng === undefined) return { ok: false, reason: 'no position' };
  const timestamp = get('timestamp');
  const fixTimeMs = timestamp === undefined ? nowMs : parseOsmAndTimestamp(timestamp);
  if (fixTimeMs === undefined) return { ok: false, reason: 'bad timestamp' };

  const attributes: PositionAttributes = {};
  for (const [name, values] of params) {
    if (KNOWN_PARAMS.has(name.toLowerCase())) continue;
    attributes[name] = values.length === 1 ? attributeValue(values[0] ?? '') : values.join(';');
  }
  const accuracyM = nonNegative(finite(get('accuracy')));
  if (accuracyM !== undefined) attributes.accuracyM = accuracyM;
  const batteryPct = nonNegative(finite(get('batt')));
  if (batteryPct !== undefined) attributes.batteryLevelPct = batteryPct;
  const charging = bool(get('charge'));
  if (charging !== undefined) attributes.charging = charging;

  const speedKnots = nonNegative(finite(get('speed')));
  const rpm = nonNegative(finite(get('rpm')));
  const driverCode = get('driverUniqueId')?.trim();
  const position: Position = {
    deviceId,
    fixTimeMs,
    lat,
    lng,
    altitudeM: finite(get('altitude')),
    headingDeg: nonNegative(finite(get('bearing') ?? get('heading'))),
    speedKmh: speedKnots === undefined ? undefined : speedKnots * KMH_PER_KNOT,
    hdop: nonNegative(finite(get('hdop'))),
    ignition: bool(get('ignition')),
    rpm,
    driverCode: driverCode === '' ? undefined : driverCode,
    attributes,
  };
  return { ok: true, positions: [position] };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: Json | undefined): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') return finite(value);
  return undefined;
}

function jsonTimestamp(value: Json | undefined): number | undefined {
  if (typeof value === 'number') return parseOsmAndTimestamp(String(value));
  if (typeof value === 'string') return parseOsmAndTimestamp(value);
  return undefined;
}

function decodeJsonLocation(
  location: { [key: string]: Json },
  deviceId: string,
  nowMs: number,
): Position | OsmAndRejection {
  const coords = isObject(location.coords) ? location.coords : {};
  const lat = num(coords.latitude);
  const lng = num(coords.longitude);
  if (lat === undefined || lng === undefined) return 'no position';
  const fixTimeMs = location.timestamp === undefined ? nowMs : jsonTimestamp(location.timestamp);
  if (fixTimeMs === undefined) return 'bad timestamp';

  const attributes: PositionAttributes = {};
  const accuracyM = nonNegative(num(coords.accuracy));
  if (accuracyM !== undefined) attributes.accuracyM = accuracyM;
  const battery = isObject(location.battery) ? location.battery : {};
  const level = num(battery.level);
  if (level !== undefined && level >= 0) attributes.batteryLevelPct = level * 100;
  if (typeof battery.is_charging === 'boolean') attributes.charging = battery.is_charging;
  if (typeof location.event === 'string') attributes.event = location.event;
  if (typeof location.mock === 'boolean') attributes.mock = location.mock;
  const odometer = num(location.odometer);
  if (odometer !== undefined) attributes.appOdometerM = odometer;
  if (isObject(location.activity) && typeof location.activity.type === 'string') {
    attributes.activity = location.activity.type;
  }
  if (isObject(location.extras)) {
    for (const [key, value] of Object.entries(location.extras)) {
      if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
        attributes[key] = value;
      }
    }
  }
  const speedMps = nonNegative(num(coords.speed));
  return {
    deviceId,
    fixTimeMs,
    lat,
    lng,
    altitudeM: num(coords.altitude),
    headingDeg: nonNegative(num(coords.heading)),
    speedKmh: speedMps === undefined ? undefined : speedMps * KMH_PER_MPS,
    movement: typeof location.is_moving === 'boolean' ? location.is_moving : undefined,
    attributes,
  };
}

function decodeJson(body: string, nowMs: number): OsmAndResult {
  let parsed: Json;
  try {
    parsed = JSON.parse(body) as Json;
  } catch {
    return { ok: false, reason: 'bad json' };
  }
  // Accepted: {location, device_id}, {location: [...], device_id}, or an array of either.
  const envelopes = Array.isArray(parsed) ? parsed : [parsed];
  const positions: Position[] = [];
  let rejection: OsmAndRejection | undefined;
  for (const envelope of envelopes) {
    if (!isObject(envelope)) return { ok: false, reason: 'bad json' };
    const outerId = envelope.device_id ?? envelope.deviceId ?? envelope.id;
    const locations = Array.isArray(envelope.location) ? envelope.location : [envelope.location];
    for (const location of locations) {
      if (!isObject(location)) {
        rejection ??= 'no position';
        continue;
      }
      const extras = isObject(location.extras) ? location.extras : {};
      const rawId = outerId ?? extras.device_id;
      const deviceId =
        typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId).trim() : '';
      if (deviceId === '') return { ok: false, reason: 'no device id' };
      if (!isSafeDeviceId(deviceId)) return { ok: false, reason: 'bad device id' };
      const decoded = decodeJsonLocation(location, deviceId, nowMs);
      if (typeof decoded === 'string') rejection ??= decoded;
      else positions.push(decoded);
    }
  }
  if (positions.length === 0) return { ok: false, reason: rejection ?? 'no position' };
  return { ok: true, positions };
}

function isJson(body: string, contentType: string | undefined): boolean {
  if (contentType?.toLowerCase().includes('json')) return true;
  const first = body.trimStart()[0];
  return first === '{' || first === '[';
}

/**
 * Decodes one OsmAnd request (GET query, form POST or JSON POST) into positions. Not ok without a
 * device id, with an id that is not 1–40 of `A–Z a–z 0–9 _ . : -`, or without a position
 * (cell/Wi-Fi-only requests included). Free text (attribute names and values, driver code) comes
 * out storable: control characters dropped, lone surrogates replaced by U+FFFD. Never throws.
 */
export function decodeOsmAnd(request: OsmAndRequest): OsmAndResult {
  const result = decodeRequest(request);
  return result.ok ? { ok: true, positions: result.positions.map(withStorableText) } : result;
}

function decodeRequest(request: OsmAndRequest): OsmAndResult {
  const body = request.body ?? '';
  if (body.trim() !== '' && isJson(body, request.contentType)) {
    return decodeJson(body, request.nowMs);
  }
  const params = new Map<string, string[]>();
  const add = (name: string, value: string): void => {
    const list = params.get(name);
    if (list) list.push(value);
    else params.set(name, [value]);
  };
  for (const [name, value] of request.query) add(name, value);
  if (body.trim() !== '') for (const [name, value] of new URLSearchParams(body)) add(name, value);
  return decodeParams(params, request.nowMs);
}
