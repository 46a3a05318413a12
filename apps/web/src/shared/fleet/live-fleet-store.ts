import {
  LIVE_FRAME_ENTRY_BYTES,
  LIVE_FRAME_HEADER_BYTES,
  LIVE_FRAME_VERSION,
  type LastInfo,
} from '@rumbo/contracts';

/**
 * The live fleet as typed arrays, updated in place (decision 0009): one slot per vehicle, kept
 * for the session. The map's WebGL layer uploads `gl` as is; lists read the other arrays.
 *
 * `gl` holds GL_STRIDE floats per slot: mercator x and y split in a high and a low float (so
 * positions stay exact to centimetres at any zoom), heading in degrees (−1 unknown), status
 * code, flags (FLAG_*), speed km/h (−1 unknown), two spare.
 */
export const GL_STRIDE = 8;
export const FLAG_HIDDEN = 1;
export const FLAG_SELECTED = 2;
const UNKNOWN16 = 0xffff;

/** Web-mercator x (0…1) of a longitude. */
export function mercatorX(lng: number): number {
  return (lng + 180) / 360;
}

/** Web-mercator y (0…1, north at 0) of a latitude, clamped to the mercator limit. */
export function mercatorY(lat: number): number {
  const clamped = Math.max(-85.051129, Math.min(85.051129, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + s) / (1 - s))) / Math.PI;
}

/** Descriptive fields of a vehicle (from the JSON snapshot). */
export type VehicleInfo = Omit<
  LastInfo,
  'lat' | 'lng' | 'speedKmh' | 'heading' | 'status' | 'statusCode' | 'lastConnection'
>;

export class LiveFleetStore {
  capacity: number;
  count = 0;
  /** Vehicle id of each slot. */
  ids: Uint32Array;
  lng: Float64Array;
  lat: Float64Array;
  /** Fix time, epoch ms (NaN never reported). */
  fixTime: Float64Array;
  /** Status code: index in VEHICLE_STATUSES. */
  status: Uint8Array;
  /** 1 when the slot has a position. */
  located: Uint8Array;
  gl: Float32Array;
  /** Descriptive fields per slot. */
  info: VehicleInfo[] = [];
  private readonly slots = new Map<number, number>();
  /** Increases on every change; `structure` only when vehicles are added or renamed. */
  version = 0;
  structure = 0;
  /** Slot range changed since the last `takeDirty` (empty when min > max). */
  dirtyMin = Number.POSITIVE_INFINITY;
  dirtyMax = -1;
  private readonly listeners = new Set<() => void>();

  constructor(capacity = 256) {
    this.capacity = capacity;
    this.ids = new Uint32Array(capacity);
    this.lng = new Float64Array(capacity);
    this.lat = new Float64Array(capacity);
    this.fixTime = new Float64Array(capacity);
    this.status = new Uint8Array(capacity);
    this.located = new Uint8Array(capacity);
    this.gl = new Float32Array(capacity * GL_STRIDE);
  }

  /** Slot of a vehicle id, or −1. */
  slotOf(id: number): number {
    return this.slots.get(id) ?? -1;
  }

  /** Called after each applied update (synchronously). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private grow(min: number): void {
    let capacity = this.capacity;
    while (capacity < min) capacity *= 2;
    if (capacity === this.capacity) return;
    const copy = <T extends Float64Array | Float32Array | Uint32Array | Uint8Array>(
      from: T,
      make: (n: number) => T,
      per = 1,
    ): T => {
      const to = make(capacity * per);
      to.set(from);
      return to;
    };
    this.ids = copy(this.ids, (n) => new Uint32Array(n));
    this.lng = copy(this.lng, (n) => new Float64Array(n));
    this.lat = copy(this.lat, (n) => new Float64Array(n));
    this.fixTime = copy(this.fixTime, (n) => new Float64Array(n));
    this.status = copy(this.status, (n) => new Uint8Array(n));
    this.located = copy(this.located, (n) => new Uint8Array(n));
    this.gl = copy(this.gl, (n) => new Float32Array(n), GL_STRIDE);
    this.capacity = capacity;
  }

  private slotFor(id: number): number {
    const found = this.slots.get(id);
    if (found !== undefined) return found;
    if (this.count === this.capacity) this.grow(this.count + 1);
    const slot = this.count++;
    this.slots.set(id, slot);
    this.ids[slot] = id;
    this.fixTime[slot] = Number.NaN;
    this.located[slot] = 0;
    this.info[slot] = placeholderInfo(id);
    const g = slot * GL_STRIDE;
    this.gl[g + 4] = -1;
    this.gl[g + 6] = FLAG_HIDDEN;
    this.gl[g + 7] = -1;
    this.structure++;
    return slot;
  }

  private setPosition(
    slot: number,
    lng: number,
    lat: number,
    heading: number,
    speed: number,
    code: number,
    fixTime: number,
  ): void {
    this.lng[slot] = lng;
    this.lat[slot] = lat;
    this.fixTime[slot] = fixTime;
    this.status[slot] = code;
    const g = slot * GL_STRIDE;
    const gl = this.gl;
    const x = mercatorX(lng);
    const y = mercatorY(lat);
    const xh = Math.fround(x);
    const yh = Math.fround(y);
    gl[g] = xh;
    gl[g + 1] = yh;
    gl[g + 2] = x - xh;
    gl[g + 3] = y - yh;
    gl[g + 4] = heading;
    gl[g + 5] = code;
    gl[g + 7] = speed;
    if (!this.located[slot]) {
      this.located[slot] = 1;
      gl[g + 6] = gl[g + 6]! & ~FLAG_HIDDEN;
      this.structure++;
    }
    this.markDirty(slot);
  }

  /** Applies JSON last infos (the snapshot, or a JSON update). */
  applyJson(list: readonly LastInfo[]): void {
    for (const v of list) {
      const slot = this.slotFor(v.idvehiculo);
      const prev = this.info[slot];
      const next = pickInfo(v);
      if (!prev || prev.plate !== next.plate) this.structure++;
      this.info[slot] = next;
      if (v.lat !== null && v.lng !== null) {
        this.setPosition(
          slot,
          v.lng,
          v.lat,
          v.heading ?? -1,
          v.speedKmh ?? -1,
          v.statusCode,
          v.lastConnection ? Date.parse(v.lastConnection) : Number.NaN,
        );
      } else {
        this.status[slot] = v.statusCode;
        this.gl[slot * GL_STRIDE + 5] = v.statusCode;
      }
    }
    this.changed();
  }

  /**
   * Applies a binary frame (packages/contracts/src/live-frame.ts) straight into the arrays, with
   * no object per entry. Returns how many entries were applied.
   */
  applyBinary(data: ArrayBuffer | Uint8Array): number {
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < LIVE_FRAME_HEADER_BYTES || view.getUint8(0) !== LIVE_FRAME_VERSION)
      return 0;
    const count = Math.min(
      view.getUint32(4, true),
      Math.floor((bytes.byteLength - LIVE_FRAME_HEADER_BYTES) / LIVE_FRAME_ENTRY_BYTES),
    );
    let o = LIVE_FRAME_HEADER_BYTES;
    for (let i = 0; i < count; i++, o += LIVE_FRAME_ENTRY_BYTES) {
      const slot = this.slotFor(view.getUint32(o, true));
      const speed = view.getUint16(o + 20, true);
      const heading = view.getUint16(o + 22, true);
      this.setPosition(
        slot,
        view.getInt32(o + 16, true) / 1e7,
        view.getInt32(o + 12, true) / 1e7,
        heading === UNKNOWN16 ? -1 : heading,
        speed === UNKNOWN16 ? -1 : speed / 10,
        view.getUint8(o + 24),
        view.getFloat64(o + 4, true),
      );
    }
    if (count > 0) this.changed();
    return count;
  }

  /** Slot drawn as selected (−1 none). */
  selected = -1;

  /** Marks one slot as selected (−1 clears). */
  select(slot: number): void {
    if (slot === this.selected) return;
    for (const s of [this.selected, slot]) {
      if (s < 0 || s >= this.count) continue;
      const g = s * GL_STRIDE + 6;
      this.gl[g] = s === slot ? this.gl[g]! | FLAG_SELECTED : this.gl[g]! & ~FLAG_SELECTED;
      this.markDirty(s);
    }
    this.selected = slot;
  }

  private markDirty(slot: number): void {
    if (slot < this.dirtyMin) this.dirtyMin = slot;
    if (slot > this.dirtyMax) this.dirtyMax = slot;
  }

  /** Hides exactly the slots whose `hide` byte is 1 (clusters, filters), in one pass. */
  setHidden(hide: Uint8Array): void {
    for (let s = 0; s < this.count; s++) {
      const g = s * GL_STRIDE + 6;
      const other = this.gl[g]! & ~FLAG_HIDDEN;
      this.gl[g] = other | (hide[s] || !this.located[s] ? FLAG_HIDDEN : 0);
    }
    if (this.count > 0) {
      this.dirtyMin = 0;
      this.dirtyMax = this.count - 1;
    }
  }

  /** The changed slot range, cleared. */
  takeDirty(): { from: number; to: number } | null {
    if (this.dirtyMin > this.dirtyMax) return null;
    const range = { from: this.dirtyMin, to: this.dirtyMax };
    this.dirtyMin = Number.POSITIVE_INFINITY;
    this.dirtyMax = -1;
    return range;
  }

  /** Removes every vehicle (sign-out, tenant change). */
  clear(): void {
    this.count = 0;
    this.selected = -1;
    this.slots.clear();
    this.info = [];
    this.structure++;
    this.changed();
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

function pickInfo(v: LastInfo): VehicleInfo {
  return {
    idvehiculo: v.idvehiculo,
    plate: v.plate,
    implementos: v.implementos,
    marca: v.marca,
    modelo: v.modelo,
    modelyear: v.modelyear,
    fms1: v.fms1,
    fms4: v.fms4,
    driverCode: v.driverCode,
    driverName: v.driverName ?? null,
  };
}

function placeholderInfo(id: number): VehicleInfo {
  return {
    idvehiculo: id,
    plate: `#${id}`,
    implementos: null,
    marca: null,
    modelo: null,
    modelyear: null,
    fms1: { odometro: null, ureaLevel: null },
    fms4: { engineHours: null },
    driverCode: null,
    driverName: null,
  };
}
