import type { Position, PositionAttributes } from '@rumbo/telematics';
import type { IngestCounters } from './ingest-types.js';

// Storage bounds on what devices send, for every protocol, applied where records enter (before
// the bus), so nothing out of bounds is published, stored or partitioned
// (docs/decisions/0030-bounds-and-live-changes.md):
// - a record older than RETENTION_DAYS is refused: not stored, no partition created for its
//   month, but acknowledged like any refused record, so the device does not resend it forever;
// - a record keeps at most MAX_ATTRIBUTES attribute keys and MAX_ATTRIBUTE_BYTES of them as JSON;
//   the excess keys are dropped (the first ones kept, in the order decoded) and counted.
// Records too far in the future or before 2000 are refused by the pipeline (validatePosition).

/** Attribute keys a record keeps (a Teltonika FMC650 with every CAN element sends about 120). */
export const MAX_ATTRIBUTES = 256;
/** Bytes of a record's attributes as JSON (keys and values). */
export const MAX_ATTRIBUTE_BYTES = 16 * 1024;

/** Attributes within the caps; `dropped` keys left out. */
export function capAttributes(attributes: PositionAttributes): {
  attributes: PositionAttributes;
  dropped: number;
} {
  const keys = Object.keys(attributes);
  // Fast path, on every record: an upper bound of the JSON bytes without serialising (a string
  // escapes to at most 6 bytes a UTF-16 unit, a number to at most 24, a boolean to 5). A record
  // under the caps by that bound — every real device's — is taken as it is.
  if (keys.length <= MAX_ATTRIBUTES) {
    let bound = 2;
    for (const key of keys) {
      const value = attributes[key];
      bound +=
        key.length * 6 +
        4 +
        (typeof value === 'string' ? value.length * 6 + 2 : typeof value === 'number' ? 24 : 5);
    }
    if (bound <= MAX_ATTRIBUTE_BYTES) return { attributes, dropped: 0 };
  }
  let bytes = 2; // {}
  let kept = 0;
  for (const key of keys) {
    // "key":value, — the JSON the row stores.
    const size =
      Buffer.byteLength(JSON.stringify(key)) +
      2 +
      Buffer.byteLength(JSON.stringify(attributes[key]));
    if (kept >= MAX_ATTRIBUTES || bytes + size > MAX_ATTRIBUTE_BYTES) break;
    bytes += size;
    kept += 1;
  }
  if (kept === keys.length) return { attributes, dropped: 0 };
  const out: PositionAttributes = {};
  for (const key of keys.slice(0, kept)) out[key] = attributes[key]!;
  return { attributes: out, dropped: keys.length - kept };
}

/** What `boundRecords` did to a submission. */
export interface BoundedRecords {
  kept: Position[];
  /** Records refused as older than the retention. */
  tooOld: number;
  /** Attribute keys dropped, all records together. */
  droppedAttributes: number;
}

/** Applies the bounds to a device's records; counts what it refused or dropped. */
export function boundRecords(
  positions: readonly Position[],
  bounds: { nowMs: number; retentionDays: number },
  counters: IngestCounters,
): BoundedRecords {
  const oldestMs = bounds.nowMs - bounds.retentionDays * 86_400_000;
  const kept: Position[] = [];
  let tooOld = 0;
  let droppedAttributes = 0;
  for (const p of positions) {
    if (p.fixTimeMs < oldestMs) {
      tooOld += 1;
      continue;
    }
    const capped = capAttributes(p.attributes);
    if (capped.dropped > 0) {
      droppedAttributes += capped.dropped;
      kept.push({ ...p, attributes: capped.attributes });
    } else kept.push(p);
  }
  counters.recordsTooOld += tooOld;
  counters.attributesDropped += droppedAttributes;
  return { kept, tooOld, droppedAttributes };
}
