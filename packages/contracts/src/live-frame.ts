/**
 * Compact binary frame of `/api/wslp` for clients that ask for it (`format: 'binary'` in the
 * hello): the moving part of each vehicle's last info in 28 bytes, little-endian. Descriptive
 * fields (plate, brand…) come from the JSON snapshot sent first.
 *
 * Header: u8 version (1), u8 kind (1 = positions), u16 reserved, u32 count. Then per vehicle:
 * u32 vehicleId, f64 fixTimeMs, i32 lat×1e7, i32 lng×1e7, u16 speed×10 km/h, u16 heading°,
 * u8 statusCode, u8 reserved, u16 reserved. 0xFFFF marks an unknown speed or heading.
 */
export const LIVE_FRAME_VERSION = 1;
export const LIVE_FRAME_HEADER_BYTES = 8;
export const LIVE_FRAME_ENTRY_BYTES = 28;
const UNKNOWN = 0xffff;

/** One vehicle's moving state in a binary frame. */
export interface LiveFrameEntry {
  vehicleId: number;
  fixTimeMs: number;
  lat: number;
  lng: number;
  speedKmh: number | null;
  heading: number | null;
  statusCode: number;
}

/** Encodes entries into one binary frame. */
export function encodeLiveFrame(entries: readonly LiveFrameEntry[]): Uint8Array {
  const bytes = new Uint8Array(LIVE_FRAME_HEADER_BYTES + entries.length * LIVE_FRAME_ENTRY_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, LIVE_FRAME_VERSION);
  view.setUint8(1, 1);
  view.setUint32(4, entries.length, true);
  let o = LIVE_FRAME_HEADER_BYTES;
  for (const e of entries) {
    view.setUint32(o, e.vehicleId, true);
    view.setFloat64(o + 4, e.fixTimeMs, true);
    view.setInt32(o + 12, Math.round(e.lat * 1e7), true);
    view.setInt32(o + 16, Math.round(e.lng * 1e7), true);
    view.setUint16(
      o + 20,
      e.speedKmh === null ? UNKNOWN : Math.min(UNKNOWN - 1, Math.round(e.speedKmh * 10)),
      true,
    );
    view.setUint16(
      o + 22,
      e.heading === null ? UNKNOWN : Math.round(((e.heading % 360) + 360) % 360),
      true,
    );
    view.setUint8(o + 24, e.statusCode);
    o += LIVE_FRAME_ENTRY_BYTES;
  }
  return bytes;
}

/** Calls `visit` for each entry of a binary frame, without allocating per entry. */
export function readLiveFrame(
  data: ArrayBuffer | Uint8Array,
  visit: (e: LiveFrameEntry) => void,
): number {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < LIVE_FRAME_HEADER_BYTES || view.getUint8(0) !== LIVE_FRAME_VERSION)
    return 0;
  const count = Math.min(
    view.getUint32(4, true),
    Math.floor((bytes.byteLength - LIVE_FRAME_HEADER_BYTES) / LIVE_FRAME_ENTRY_BYTES),
  );
  const entry: LiveFrameEntry = {
    vehicleId: 0,
    fixTimeMs: 0,
    lat: 0,
    lng: 0,
    speedKmh: null,
    heading: null,
    statusCode: 0,
  };
  let o = LIVE_FRAME_HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    entry.vehicleId = view.getUint32(o, true);
    entry.fixTimeMs = view.getFloat64(o + 4, true);
    entry.lat = view.getInt32(o + 12, true) / 1e7;
    entry.lng = view.getInt32(o + 16, true) / 1e7;
    const speed = view.getUint16(o + 20, true);
    entry.speedKmh = speed === UNKNOWN ? null : speed / 10;
    const heading = view.getUint16(o + 22, true);
    entry.heading = heading === UNKNOWN ? null : heading;
    entry.statusCode = view.getUint8(o + 24);
    visit(entry);
    o += LIVE_FRAME_ENTRY_BYTES;
  }
  return count;
}
