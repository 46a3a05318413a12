// Applies an IO table (io-tables.ts) to a decoded AVL record, producing a Position. Values that
// are "not available" (all-ones, FMS error codes, out of range) stay undefined, never 0.

import { decodeDm1Value, decodeObdCodeList } from '../diagnostics/dtc.js';
import type { Dtc, HarshEvent, Position, PositionAttributes } from '../position.js';
import type { IoFlagField, IoNumberDecoding, IoNumberField, IoRule, IoTable } from './io-tables.js';
import type { AvlIoElement, RawAvlRecord } from './teltonika.types.js';

const HARSH_EVENTS: Readonly<Record<number, HarshEvent>> = { 1: 'accel', 2: 'brake', 3: 'corner' };

/** The raw value as an integer, or undefined when it is all-ones (unsigned) or too wide. */
function readInteger(value: Buffer, signed: boolean): number | undefined {
  const width = value.length;
  if (signed) {
    if (width === 0 || width > 8 || width === 7) return undefined;
    return width === 8 ? Number(value.readBigInt64BE(0)) : value.readIntBE(0, width);
  }
  switch (width) {
    case 1: {
      const raw = value[0] ?? 0;
      return raw === 0xff ? undefined : raw;
    }
    case 2: {
      const raw = value.readUInt16BE(0);
      return raw === 0xffff ? undefined : raw;
    }
    case 4: {
      const raw = value.readUInt32BE(0);
      return raw === 0xffff_ffff ? undefined : raw;
    }
    case 8: {
      const raw = value.readBigUInt64BE(0);
      return raw === 0xffff_ffff_ffff_ffffn ? undefined : Number(raw);
    }
    default: {
      if (width === 0 || width > 6) return undefined;
      const raw = value.readUIntBE(0, width);
      return raw === 2 ** (8 * width) - 1 ? undefined : raw;
    }
  }
}

/** Decodes a number by the rule's signedness, NA list, range and scale. */
export function decodeIoNumber(value: Buffer, decoding: IoNumberDecoding): number | undefined {
  const raw = readInteger(value, decoding.signed ?? false);
  if (raw === undefined) return undefined;
  if (decoding.notAvailable?.includes(raw)) return undefined;
  if (decoding.min !== undefined && raw < decoding.min) return undefined;
  if (decoding.max !== undefined && raw > decoding.max) return undefined;
  return decoding.scale === undefined ? raw : raw * decoding.scale;
}

function decodeFlag(
  value: Buffer,
  bit: number | undefined,
  isNonZero = false,
): boolean | undefined {
  const raw = readInteger(value, false);
  if (raw === undefined) return undefined;
  if (isNonZero) return raw !== 0;
  if (bit !== undefined) return Math.floor(raw / 2 ** bit) % 2 === 1;
  return raw === 0 ? false : raw === 1 ? true : undefined;
}

function decodeAscii(value: Buffer): string {
  // Strip NULs and padding; keep printable ASCII only.
  return value
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
}

function decodeIbutton(value: Buffer): string | undefined {
  if (value.length !== 8 || value.every((b) => b === 0) || value.every((b) => b === 0xff)) {
    return undefined;
  }
  return value.toString('hex').toUpperCase();
}

/** Value of an IO element that no rule maps: integers as numbers, wider values as hex. */
function rawAttribute(el: AvlIoElement): number | string {
  const width = el.value.length;
  if (el.group !== 'X' && el.group !== 16 && width > 0 && width <= 6)
    return el.value.readUIntBE(0, width);
  if (width === 8) {
    const raw = el.value.readBigUInt64BE(0);
    if (raw <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(raw);
  }
  return el.value.toString('hex');
}

/**
 * Ranks held per target for the record being mapped: `heldRank[t]` counts only where
 * `heldStamp[t]` is the record's stamp, so nothing is cleared or allocated per record (mapping is
 * synchronous: one record at a time).
 */
let heldRank = new Int32Array(64);
let heldStamp = new Uint32Array(64);
let stamp = 0;

/** Values collected from one record; for each target the lowest-ranked rule with a value wins. */
class Collected {
  readonly numbers: Partial<Record<IoNumberField, number>> = {};
  readonly flags: Partial<Record<IoFlagField, boolean>> = {};
  readonly attributes: PositionAttributes = {};
  ibutton?: string;
  harshEvent?: HarshEvent;
  driverParts?: Map<number, string>;
  driver2Parts?: Map<number, string>;
  dtcs?: Dtc[];
  temperatures?: Map<number, number | null>;

  constructor(targets: number) {
    if (targets > heldRank.length) {
      heldRank = new Int32Array(targets * 2);
      heldStamp = new Uint32Array(targets * 2);
    }
    stamp = stamp === 0xffff_ffff ? 1 : stamp + 1;
    if (stamp === 1) heldStamp.fill(0);
  }

  /** Whether a value for `target` from a rule of `rank` should replace what is held. */
  wins(target: number, value: unknown, rank: number): boolean {
    if (value === undefined) return false;
    if (heldStamp[target] === stamp && heldRank[target]! <= rank) return false;
    heldStamp[target] = stamp;
    heldRank[target] = rank;
    return true;
  }
}

function applyRule(
  rule: IoRule,
  rank: number,
  target: number,
  el: AvlIoElement,
  c: Collected,
): void {
  switch (rule.kind) {
    case 'number': {
      const value = decodeIoNumber(el.value, rule);
      if (c.wins(target, value, rank)) c.numbers[rule.field] = value;
      return;
    }
    case 'flag': {
      const value = decodeFlag(el.value, rule.bit, rule.isNonZero);
      if (c.wins(target, value, rank)) c.flags[rule.field] = value;
      return;
    }
    case 'driver-text':
      (c.driverParts ??= new Map()).set(rule.part, decodeAscii(el.value));
      return;
    case 'driver2-text':
      (c.driver2Parts ??= new Map()).set(rule.part, decodeAscii(el.value));
      return;
    case 'driver-ibutton': {
      const value = decodeIbutton(el.value);
      if (c.wins(target, value, rank)) c.ibutton = value;
      return;
    }
    case 'harsh': {
      const raw = readInteger(el.value, false);
      const value = raw === undefined ? undefined : HARSH_EVENTS[raw];
      if (c.wins(target, value, rank)) c.harshEvent = value;
      return;
    }
    case 'dtc-j1939': {
      const dtcs = decodeDm1Value(el.value);
      if (dtcs) c.dtcs = [...(c.dtcs ?? []), ...dtcs];
      return;
    }
    case 'dtc-text':
      c.dtcs = [...(c.dtcs ?? []), ...decodeObdCodeList(decodeAscii(el.value))];
      return;
    case 'temperature': {
      const slots = (c.temperatures ??= new Map());
      if (!slots.has(rule.slot)) slots.set(rule.slot, decodeIoNumber(el.value, rule) ?? null);
      return;
    }
    case 'attribute': {
      const value = decodeIoNumber(el.value, rule);
      if (value !== undefined && c.wins(target, value, rank)) c.attributes[rule.name] = value;
      return;
    }
  }
}

function temperatureList(
  slots: Map<number, number | null> | undefined,
): (number | null)[] | undefined {
  if (!slots || ![...slots.values()].some((v) => v !== null)) return undefined;
  const list: (number | null)[] = [];
  for (let slot = 0; slot <= Math.max(...slots.keys()); slot++) list.push(slots.get(slot) ?? null);
  return list;
}

/** A card id from its parts, in order (two on every family so far: a small sort). */
function cardOf(parts: Map<number, string> | undefined): string | undefined {
  if (!parts) return undefined;
  let card = '';
  const order = [...parts.keys()];
  if (order.length > 1) order.sort((a, b) => a - b);
  for (const part of order) card += parts.get(part)!;
  return card.length > 0 ? card : undefined;
}

function driverCodeOf(c: Collected): string | undefined {
  return cardOf(c.driverParts) ?? c.ibutton;
}

/**
 * Maps one decoded AVL record to a Position with a family's IO table. Unmapped IO ids go into
 * `attributes` as `io<id>`; `priority`, `eventIo` and `generationType` are kept as attributes too.
 */
export function mapAvlRecord(raw: RawAvlRecord, table: IoTable, deviceId: string): Position {
  const c = new Collected(table.targets);
  for (const el of raw.io) {
    const ranked = table.byId.get(el.id);
    if (!ranked) {
      c.attributes[`io${el.id}`] = rawAttribute(el);
      continue;
    }
    for (let i = 0; i < ranked.length; i++) {
      const r = ranked[i]!;
      applyRule(r.rule, r.rank, r.target, el, c);
    }
  }
  const position: Position = {
    deviceId,
    fixTimeMs: raw.timestampMs,
    lat: raw.lat,
    lng: raw.lng,
    altitudeM: raw.altitudeM,
    headingDeg: raw.angleDeg,
    // Without a fix (0 satellites) the device sends speed 0: that is "not available", not 0.
    speedKmh: raw.satellites === 0 ? undefined : raw.speedKmh,
    satellites: raw.satellites,
    ...c.numbers,
    ...c.flags,
    attributes: c.attributes,
  };
  if (raw.priority !== 0) c.attributes.priority = raw.priority;
  if (raw.eventIoId !== 0) c.attributes.eventIo = raw.eventIoId;
  if (raw.generationType !== undefined) c.attributes.generationType = raw.generationType;

  const driverCode = driverCodeOf(c);
  if (driverCode !== undefined) position.driverCode = driverCode;
  const driver2Code = cardOf(c.driver2Parts);
  if (driver2Code !== undefined) c.attributes.driver2Code = driver2Code;
  if (c.harshEvent !== undefined) position.harshEvent = c.harshEvent;
  if (c.dtcs !== undefined) position.dtcs = c.dtcs;
  const temperatures = temperatureList(c.temperatures);
  if (temperatures !== undefined) position.temperaturesC = temperatures;
  return position;
}
