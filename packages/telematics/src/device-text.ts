// Text that arrives from devices, made safe to store and show. PostgreSQL text and jsonb refuse
// NUL and (through JSON escapes) lone UTF-16 surrogates: one such character in a shared batch used
// to fail the whole batch on every resend, holding back every other device's acknowledgements.

import type { Position, PositionAttributes } from './position.js';

/**
 * Largest device id accepted on any port, and what each character may be: the same set an
 * administrator can type for a device, so every registered id can also be entered by hand, shown
 * and searched without escaping. Teltonika IMEIs (1–20 digits) and Traccar Client ids fit.
 */
export const DEVICE_ID_MAX_LENGTH = 40;
const SAFE_DEVICE_ID = /^[A-Za-z0-9_.:-]{1,40}$/;

/** Whether a device id is 1–40 characters of letters, digits, `_`, `.`, `:` and `-`. */
export function isSafeDeviceId(id: string): boolean {
  return SAFE_DEVICE_ID.test(id);
}

// C0 controls except tab, line feed and carriage return, and DEL: NUL cannot be stored, and the
// others only ever come from corrupt or hostile input.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// A UTF-16 surrogate without its partner.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Device text made storable: control characters are dropped (they carry nothing readable) and a
 * lone surrogate becomes U+FFFD, the replacement character, so the reader sees that something was
 * lost where it was, the same choice the pipeline makes for anything stored.
 */
export function toStorableText(value: string): string {
  return value.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Attributes with storable keys and string values; an attribute whose key is empty once cleaned
 * is dropped (it could not be told apart from others).
 */
export function toStorableAttributes(attributes: PositionAttributes): PositionAttributes {
  const out: PositionAttributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    const cleanKey = toStorableText(key);
    if (cleanKey === '') continue;
    out[cleanKey] = typeof value === 'string' ? toStorableText(value) : value;
  }
  return out;
}

/** A decoded position whose free text (attributes, driver code) is storable. */
export function withStorableText(position: Position): Position {
  const out: Position = { ...position, attributes: toStorableAttributes(position.attributes) };
  if (position.driverCode !== undefined) {
    const driverCode = toStorableText(position.driverCode);
    if (driverCode === '') delete out.driverCode;
    else out.driverCode = driverCode;
  }
  return out;
}
