// ../../packages/telematics/src/teltonika/io-tables.ts
var IO_NUMBER_FIELDS = [
  "wheelSpeedKmh",
  "odometerM",
  "fuelUsedL",
  "fuelLevelPct",
  "fuelLevelL",
  "fuelRateLph",
  "engineHours",
  "rpm",
  "torquePct",
  "pedalPct",
  "ureaLevelPct",
  "serviceDistanceKm",
  "powerV",
  "batteryV",
  "hdop"
];
var IO_FLAG_FIELDS = [
  "ignition",
  "movement",
  "kickdown",
  "brake",
  "cruise",
  "pto",
  "crash"
];
var DEVICE_FAMILIES = ["fmb640", "fmb1xx"];
function targetKey(rule) {
  switch (rule.kind) {
    case "number":
    case "flag":
      return rule.field;
    case "driver-ibutton":
      return "ibutton";
    case "harsh":
      return "harshEvent";
    case "attribute":
      return `attribute:${rule.name}`;
    case "driver-text":
    case "driver2-text":
    case "dtc-j1939":
    case "dtc-text":
    case "temperature":
      return `${rule.kind}:${rule.id}`;
  }
}
function defineIoTable(name, rules) {
  const byId = /* @__PURE__ */ new Map();
  const targets = /* @__PURE__ */ new Map();
  rules.forEach((rule, rank) => {
    const key = targetKey(rule);
    let target = targets.get(key);
    if (target === void 0) {
      target = targets.size;
      targets.set(key, target);
    }
    const ranked = { rule, rank, target };
    const list = byId.get(rule.id);
    if (list) list.push(ranked);
    else byId.set(rule.id, [ranked]);
  });
  return { name, rules, byId, targets: targets.size };
}
var DALLAS_ERRORS = [850, 2e3, 3e3, 4e3, 5e3];
var COMMON_IO_RULES = [
  { kind: "flag", id: 239, field: "ignition" },
  { kind: "flag", id: 240, field: "movement" },
  { kind: "harsh", id: 253 },
  // Crash detection: 1–6 (with or without a trace, calibrated or not) all mean a crash.
  { kind: "flag", id: 247, field: "crash", isNonZero: true },
  { kind: "number", id: 66, field: "powerV", scale: 1e-3 },
  { kind: "number", id: 67, field: "batteryV", scale: 1e-3 },
  { kind: "number", id: 182, field: "hdop", scale: 0.1 },
  ...[72, 73, 74, 75].map((id, slot) => ({
    kind: "temperature",
    id,
    slot,
    signed: true,
    scale: 0.1,
    notAvailable: DALLAS_ERRORS
  })),
  { kind: "attribute", id: 254, name: "greenDrivingValue" },
  { kind: "attribute", id: 21, name: "gsmSignal" },
  { kind: "attribute", id: 69, name: "gnssStatus" },
  { kind: "attribute", id: 181, name: "pdop", scale: 0.1 },
  { kind: "attribute", id: 68, name: "batteryCurrentA", scale: 1e-3 },
  { kind: "attribute", id: 199, name: "tripOdometerM" },
  { kind: "attribute", id: 200, name: "sleepMode" },
  { kind: "attribute", id: 241, name: "operatorCode" },
  { kind: "attribute", id: 1, name: "din1" },
  { kind: "attribute", id: 2, name: "din2" },
  { kind: "attribute", id: 3, name: "din3" },
  { kind: "attribute", id: 179, name: "dout1" },
  { kind: "attribute", id: 180, name: "dout2" }
];
var FMB640_IO_RULES = [
  ...COMMON_IO_RULES,
  { kind: "number", id: 80, field: "wheelSpeedKmh", max: 251 },
  { kind: "flag", id: 81, field: "cruise" },
  { kind: "flag", id: 79, field: "brake" },
  { kind: "number", id: 84, field: "pedalPct", max: 102 },
  { kind: "number", id: 88, field: "rpm", max: 8032 },
  { kind: "number", id: 86, field: "fuelUsedL" },
  { kind: "number", id: 87, field: "fuelLevelPct", max: 102 },
  // 135: fuel rate per the domain table; id and unit still to verify against a real FMB640.
  { kind: "number", id: 135, field: "fuelRateLph", max: 3213 },
  { kind: "number", id: 192, field: "odometerM" },
  { kind: "number", id: 104, field: "engineHours" },
  // The FMS tables offer engine load at current speed, the nearest signal to torque.
  { kind: "number", id: 85, field: "torquePct", max: 125 },
  { kind: "number", id: 10455, field: "ureaLevelPct", max: 102 },
  { kind: "number", id: 113, field: "serviceDistanceKm", signed: true },
  { kind: "dtc-j1939", id: 10493 },
  { kind: "dtc-text", id: 525 },
  { kind: "driver-text", id: 195, part: 0 },
  { kind: "driver-text", id: 196, part: 1 },
  { kind: "driver-ibutton", id: 78 },
  // LV-CAN adapter values, used only when the FMS ones above are missing.
  { kind: "number", id: 36, field: "odometerM" },
  { kind: "number", id: 35, field: "rpm", max: 16384 },
  { kind: "number", id: 31, field: "pedalPct", max: 102 },
  { kind: "number", id: 37, field: "fuelLevelPct", max: 102 },
  { kind: "number", id: 14, field: "engineHours", scale: 1 / 60 },
  { kind: "attribute", id: 10348, name: "fuelLevel2Pct", max: 102 },
  { kind: "attribute", id: 216, name: "deviceOdometerM" },
  { kind: "attribute", id: 193, name: "tachographTripM" },
  { kind: "attribute", id: 243, name: "idling" },
  { kind: "attribute", id: 187, name: "driver1CardPresence" },
  { kind: "attribute", id: 184, name: "driver1WorkingState" },
  // Driver 2 (slot 2 of the tachograph): working state and card id (issue 26).
  { kind: "attribute", id: 185, name: "driver2WorkingState" },
  { kind: "driver2-text", id: 197, part: 0 },
  { kind: "driver2-text", id: 198, part: 1 },
  { kind: "attribute", id: 176, name: "dtcCount" }
];
var FMB1XX_IO_RULES = [
  ...COMMON_IO_RULES,
  { kind: "number", id: 81, field: "wheelSpeedKmh", max: 254 },
  { kind: "number", id: 82, field: "pedalPct", max: 102 },
  { kind: "number", id: 85, field: "rpm", max: 16384 },
  { kind: "number", id: 83, field: "fuelUsedL", scale: 0.1 },
  { kind: "number", id: 89, field: "fuelLevelPct", max: 102 },
  { kind: "number", id: 84, field: "fuelLevelL", scale: 0.1 },
  { kind: "number", id: 110, field: "fuelRateLph", scale: 0.1 },
  { kind: "number", id: 87, field: "odometerM" },
  { kind: "number", id: 102, field: "engineHours", scale: 1 / 60 },
  { kind: "number", id: 114, field: "torquePct", max: 125 },
  { kind: "number", id: 111, field: "ureaLevelPct", max: 102 },
  { kind: "number", id: 400, field: "serviceDistanceKm" },
  { kind: "dtc-text", id: 281 },
  { kind: "driver-text", id: 147, part: 0 },
  { kind: "driver-text", id: 148, part: 1 },
  { kind: "driver-ibutton", id: 78 },
  // "Counted" variants, used only when the CAN values above are missing.
  { kind: "number", id: 105, field: "odometerM" },
  { kind: "number", id: 107, field: "fuelUsedL", scale: 0.1 },
  { kind: "number", id: 103, field: "engineHours", scale: 1 / 60 },
  { kind: "attribute", id: 160, name: "dtcCount" },
  { kind: "attribute", id: 123, name: "controlStateFlags" },
  { kind: "attribute", id: 115, name: "engineTemperatureC", signed: true, scale: 0.1 },
  { kind: "attribute", id: 16, name: "deviceOdometerM" },
  { kind: "attribute", id: 113, name: "batteryLevelPct", max: 100 },
  { kind: "attribute", id: 243, name: "greenDrivingDurationMs" }
];
var IO_TABLES = {
  fmb640: defineIoTable("fmb640", FMB640_IO_RULES),
  fmb1xx: defineIoTable("fmb1xx", FMB1XX_IO_RULES)
};
function familyOfModel(model) {
  const name = (model ?? "").trim().toUpperCase();
  if (/^FM[A-Z]?6\d/.test(name)) return "fmb640";
  if (/^FM[A-Z]?\d{3}/.test(name)) return "fmb1xx";
  return "fmb640";
}
function withIoOverrides(base, overrides, name) {
  if (overrides.length === 0) return base;
  const replaced = new Set(overrides.map((rule) => rule.id));
  return defineIoTable(name, [
    ...overrides,
    ...base.rules.filter((rule) => !replaced.has(rule.id))
  ]);
}

// ../../packages/telematics/src/position.ts
var IMPLAUSIBLE_FLAGS = [
  "satellites-absurd",
  "speed-absurd",
  "altitude-absurd"
];
var LOCATION_FLAGS = [
  "no-satellites",
  "null-island",
  "hdop-absurd"
];
var FUTURE_TOLERANCE_MS = 10 * 6e4;
var EARLIEST_FIX_TIME_MS = Date.UTC(2e3, 0, 1);
var MAX_SATELLITES = 40;
var MAX_HDOP = 50;
var MAX_SPEED_KMH = 300;
var MIN_ALTITUDE_M = -500;
var MAX_ALTITUDE_M = 1e4;
function validatePosition(p, nowMs) {
  if (p.deviceId.length === 0) return { ok: false, reason: "no-device-id" };
  if (!Number.isFinite(p.fixTimeMs) || !Number.isFinite(p.lat) || !Number.isFinite(p.lng)) {
    return { ok: false, reason: "not-finite" };
  }
  if (p.lat < -90 || p.lat > 90) return { ok: false, reason: "lat-range" };
  if (p.lng < -180 || p.lng > 180) return { ok: false, reason: "lng-range" };
  if (p.fixTimeMs > nowMs + FUTURE_TOLERANCE_MS) return { ok: false, reason: "time-future" };
  if (p.fixTimeMs < EARLIEST_FIX_TIME_MS) return { ok: false, reason: "time-ancient" };
  const flags = [];
  if (p.satellites === 0) flags.push("no-satellites");
  if (p.satellites !== void 0 && p.satellites > MAX_SATELLITES) flags.push("satellites-absurd");
  if (p.lat === 0 && p.lng === 0) flags.push("null-island");
  if (p.hdop !== void 0 && (p.hdop < 0 || p.hdop > MAX_HDOP)) flags.push("hdop-absurd");
  if (isOutside(p.speedKmh, 0, MAX_SPEED_KMH) || isOutside(p.wheelSpeedKmh, 0, MAX_SPEED_KMH)) {
    flags.push("speed-absurd");
  }
  if (isOutside(p.altitudeM, MIN_ALTITUDE_M, MAX_ALTITUDE_M)) flags.push("altitude-absurd");
  if (isOutside(p.headingDeg, 0, 360)) flags.push("heading-absurd");
  return { ok: true, flags };
}
function isOutside(value, min, max) {
  return value !== void 0 && !(value >= min && value <= max);
}

// ../../packages/telematics/src/geo.ts
var EARTH_RADIUS_M = 63710088e-1;
var RAD = Math.PI / 180;
function haversineM(lat1, lng1, lat2, lng2) {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

// ../../packages/telematics/src/device-text.ts
var SAFE_DEVICE_ID = /^[A-Za-z0-9_.:-]{1,40}$/;
function isSafeDeviceId(id) {
  return SAFE_DEVICE_ID.test(id);
}
var CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
var LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
function toStorableText(value) {
  return value.replace(CONTROL, "").replace(LONE_SURROGATE, "\uFFFD");
}
function toStorableAttributes(attributes) {
  const out = {};
  for (const [key, value] of Object.entries(attributes)) {
    const cleanKey = toStorableText(key);
    if (cleanKey === "") continue;
    out[cleanKey] = typeof value === "string" ? toStorableText(value) : value;
  }
  return out;
}
function withStorableText(position) {
  const out = { ...position, attributes: toStorableAttributes(position.attributes) };
  if (position.driverCode !== void 0) {
    const driverCode = toStorableText(position.driverCode);
    if (driverCode === "") delete out.driverCode;
    else out.driverCode = driverCode;
  }
  return out;
}

// ../../packages/telematics/src/teltonika/crc16.ts
function buildTable() {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? crc >>> 1 ^ 40961 : crc >>> 1;
    table[n] = crc;
  }
  return table;
}
var TABLE = buildTable();
function crc16Ibm(bytes, start = 0, end = bytes.length) {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc = crc >>> 8 ^ (TABLE[(crc ^ (bytes[i] ?? 0)) & 255] ?? 0);
  }
  return crc;
}

// ../../packages/telematics/src/teltonika/teltonika.framer.ts
var TELTONIKA_MAX_DATA_BYTES = 64 * 1024;
var HEADER_BYTES = 8;
var CRC_BYTES = 4;
var MAX_IMEI_DIGITS = 20;
var CODEC_IDS = /* @__PURE__ */ new Set([7, 8, 12, 13, 14, 15, 16, 142]);
var AVL_CODEC_IDS = /* @__PURE__ */ new Set([7, 8, 16, 142]);
var PREAMBLE = new Uint8Array(4);
function isDigit(byte) {
  return byte !== void 0 && byte >= 48 && byte <= 57;
}
function asBuffer(bytes) {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}
var TeltonikaFramer = class {
  maxDataBytes;
  // Held bytes are store[0, held): a framer-owned copy, released whenever it empties.
  store = Buffer.alloc(0);
  held = 0;
  needed = 1;
  resyncing = false;
  skipped = 0;
  // Where the search for an embedded packet resumes, relative to the pending packet's start.
  probeOffset = 1;
  constructor(options = {}) {
    this.maxDataBytes = options.maxDataBytes ?? TELTONIKA_MAX_DATA_BYTES;
  }
  /** Bytes dropped so far because they could not belong to a frame. */
  get skippedBytes() {
    return this.skipped;
  }
  /** Bytes held while waiting for the rest of a frame. */
  get bufferedBytes() {
    return this.held;
  }
  /** Memory the framer keeps allocated (its buffer's capacity); 0 when nothing is held. */
  get retainedBytes() {
    return this.store.length;
  }
  /** Drops whatever is held (on close, or when the caller gives up on a partial frame). */
  reset() {
    this.store = Buffer.alloc(0);
    this.held = 0;
    this.needed = 1;
    this.resyncing = false;
    this.probeOffset = 1;
  }
  /** Feeds one chunk; returns the frames it completed, in order. */
  push(chunk) {
    if (chunk.length === 0) return [];
    if (this.held === 0) return this.frame(asBuffer(chunk), false);
    this.append(chunk);
    if (this.held < this.needed && !this.isPendingPacket()) return [];
    return this.frame(this.store.subarray(0, this.held), true);
  }
  isPendingPacket() {
    return this.held >= HEADER_BYTES && !this.resyncing && this.store.readUInt32BE(0) === 0;
  }
  append(chunk) {
    const total = this.held + chunk.length;
    if (total > this.store.length) {
      const capacity = Math.max(total, Math.min(2 * this.store.length, this.maxFrameBytes()));
      const grown = Buffer.allocUnsafeSlow(capacity);
      this.store.copy(grown, 0, 0, this.held);
      this.store = grown;
    }
    this.store.set(chunk, this.held);
    this.held = total;
  }
  maxFrameBytes() {
    return this.maxDataBytes + HEADER_BYTES + CRC_BYTES;
  }
  /** Splits `data` (the held bytes, or a fresh chunk when nothing was held) and keeps the rest. */
  frame(data, isStore) {
    const frames = [];
    let pos = 0;
    let probeFrom = this.probeOffset;
    this.needed = 1;
    this.probeOffset = 1;
    while (pos < data.length) {
      if (this.resyncing) {
        pos = this.skipToPreamble(data, pos);
        probeFrom = 1;
        if (this.resyncing) break;
      }
      const scan = this.scan(data, pos);
      if (scan.kind === "garbage") {
        this.skipGarbage();
        pos += 1;
        probeFrom = 1;
        continue;
      }
      if (scan.kind === "need") {
        if (scan.isPacket) {
          const probe = this.probe(data, pos, probeFrom);
          if (probe.found >= 0) {
            this.skipped += probe.found - pos;
            pos = probe.found;
            probeFrom = 1;
            continue;
          }
          this.probeOffset = probe.resumeAt;
        }
        this.needed = scan.bytes;
        break;
      }
      frames.push(Buffer.from(data.subarray(pos, pos + scan.length)));
      pos += scan.length;
      probeFrom = 1;
    }
    this.keep(data, pos, isStore);
    return frames;
  }
  skipGarbage() {
    this.skipped += 1;
    this.resyncing = true;
  }
  /** Keeps `data[pos…]` as the held bytes, releasing the buffer when nothing is left. */
  keep(data, pos, isStore) {
    const rest = data.length - pos;
    if (rest === 0) {
      this.store = Buffer.alloc(0);
      this.held = 0;
      return;
    }
    if (isStore && rest * 4 > this.store.length) {
      if (pos > 0) this.store.copyWithin(0, pos, data.length);
    } else {
      const kept = Buffer.allocUnsafeSlow(rest);
      data.copy(kept, 0, pos);
      this.store = kept;
    }
    this.held = rest;
  }
  /** Classifies the bytes at `pos`: a complete frame, more bytes needed, or garbage. */
  scan(data, pos) {
    const available = data.length - pos;
    const first = data[pos];
    if (first === 255) return { kind: "frame", length: 1 };
    if (first !== 0) return { kind: "garbage" };
    if (available < 2) return { kind: "need", bytes: 2, isPacket: false };
    const second = data[pos + 1] ?? 0;
    if (second !== 0) return this.scanLogin(data, pos, second);
    if (available <= HEADER_BYTES) {
      for (let i = pos + 2; i < Math.min(pos + 4, data.length); i++) {
        if (data[i] !== 0) return { kind: "garbage" };
      }
      let minLength = 0;
      for (let i = pos + 4; i < pos + HEADER_BYTES; i++)
        minLength = minLength * 256 + (data[i] ?? 0);
      if (minLength > this.maxDataBytes || available === HEADER_BYTES && minLength < 3) {
        return { kind: "garbage" };
      }
      return { kind: "need", bytes: HEADER_BYTES + 1, isPacket: false };
    }
    switch (this.candidate(data, pos)) {
      case "invalid":
        return { kind: "garbage" };
      case "incomplete": {
        const length = data.readUInt32BE(pos + 4) + HEADER_BYTES + CRC_BYTES;
        return { kind: "need", bytes: length, isPacket: true };
      }
      case "valid":
        return { kind: "frame", length: data.readUInt32BE(pos + 4) + HEADER_BYTES + CRC_BYTES };
    }
  }
  isPlausibleLength(dataLength) {
    return dataLength >= 3 && dataLength <= this.maxDataBytes;
  }
  /**
   * Whether a packet starts at `pos`: preamble, a length within bounds, a Teltonika codec id, and
   * once complete, the CRC field's zero half, equal AVL record counts and a matching CRC-16.
   */
  candidate(data, pos) {
    if (data.length - pos <= HEADER_BYTES) return "incomplete";
    if (data.readUInt32BE(pos) !== 0) return "invalid";
    const dataLength = data.readUInt32BE(pos + 4);
    if (!this.isPlausibleLength(dataLength)) return "invalid";
    const codec = data[pos + HEADER_BYTES] ?? 0;
    if (!CODEC_IDS.has(codec)) return "invalid";
    const dataEnd = pos + HEADER_BYTES + dataLength;
    if (dataEnd + CRC_BYTES > data.length) return "incomplete";
    if (data.readUInt16BE(dataEnd) !== 0) return "invalid";
    if (AVL_CODEC_IDS.has(codec) && data[pos + HEADER_BYTES + 1] !== data[dataEnd - 1]) {
      return "invalid";
    }
    const crc = crc16Ibm(data, pos + HEADER_BYTES, dataEnd);
    return crc === data.readUInt16BE(dataEnd + 2) ? "valid" : "invalid";
  }
  /**
   * Looks inside the pending packet at `start` (from `start + from` on) for a complete packet with
   * a valid CRC. Stops at the first candidate that is still incomplete, so every byte is searched
   * once however the packet arrives; `resumeAt` is where the next push goes on.
   */
  probe(data, start, from) {
    let i = start + Math.max(1, from);
    for (; ; ) {
      const at = data.indexOf(PREAMBLE, i);
      if (at < 0) {
        return { found: -1, resumeAt: Math.max(1, data.length - 3 - start) };
      }
      const candidate2 = this.candidate(data, at);
      if (candidate2 === "valid") return { found: at, resumeAt: 1 };
      if (candidate2 === "incomplete") return { found: -1, resumeAt: at - start };
      i = at + 1;
    }
  }
  scanLogin(data, pos, digits) {
    if (digits > MAX_IMEI_DIGITS) return { kind: "garbage" };
    const end = Math.min(pos + 2 + digits, data.length);
    for (let i = pos + 2; i < end; i++) if (!isDigit(data[i])) return { kind: "garbage" };
    const length = digits + 2;
    return data.length - pos < length ? { kind: "need", bytes: length, isPacket: false } : { kind: "frame", length };
  }
  /**
   * Drops everything from `pos` up to the next packet preamble. Without one, it keeps the last 3
   * bytes, which may be the start of a preamble split across reads.
   */
  skipToPreamble(data, pos) {
    const found = data.indexOf(PREAMBLE, pos);
    if (found >= 0) {
      this.skipped += found - pos;
      this.resyncing = false;
      return found;
    }
    const keepFrom = Math.max(pos, data.length - 3);
    this.skipped += keepFrom - pos;
    this.needed = data.length - keepFrom + 1;
    return keepFrom;
  }
};

// ../../packages/telematics/src/teltonika/byte-reader.ts
var TruncatedError = class extends Error {
  constructor(needed, at) {
    super(`needed ${needed} byte(s) at offset ${at}`);
    this.name = "TruncatedError";
  }
};
var TWO_POW_32 = 4294967296;
var ByteReader = class {
  constructor(buf, pos, end) {
    this.buf = buf;
    this.pos = pos;
    this.end = end;
  }
  buf;
  pos;
  end;
  /** Bytes left before the end of the region. */
  get remaining() {
    return this.end - this.pos;
  }
  take(n) {
    if (this.pos + n > this.end) throw new TruncatedError(n, this.pos);
    const at = this.pos;
    this.pos += n;
    return at;
  }
  /** Unsigned 8-bit. */
  u8() {
    return this.buf.readUInt8(this.take(1));
  }
  /** Unsigned 16-bit. */
  u16() {
    return this.buf.readUInt16BE(this.take(2));
  }
  /** Signed 16-bit. */
  i16() {
    return this.buf.readInt16BE(this.take(2));
  }
  /** Unsigned 32-bit. */
  u32() {
    return this.buf.readUInt32BE(this.take(4));
  }
  /** Signed 32-bit. */
  i32() {
    return this.buf.readInt32BE(this.take(4));
  }
  /** Unsigned 64-bit as a number (exact up to 2^53, which covers every millisecond timestamp). */
  u64() {
    const at = this.take(8);
    return this.buf.readUInt32BE(at) * TWO_POW_32 + this.buf.readUInt32BE(at + 4);
  }
  /** Unsigned integer of 1 or 2 bytes. */
  uint(width) {
    return width === 1 ? this.u8() : this.u16();
  }
  /** A view (not a copy) of the next `n` bytes: it shares memory with the frame. */
  bytes(n) {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }
};

// ../../packages/telematics/src/teltonika/avl-data.parser.ts
var CODEC8 = {
  idBytes: 1,
  countBytes: 1,
  eventBytes: 1,
  hasGenerationType: false,
  hasVariableGroup: false,
  hasGroup16: false
};
var CODEC8_WITH_GROUP16 = { ...CODEC8, hasGroup16: true };
var CODEC8E = {
  idBytes: 2,
  countBytes: 2,
  eventBytes: 2,
  hasGenerationType: false,
  hasVariableGroup: true,
  hasGroup16: false
};
var CODEC16 = {
  idBytes: 2,
  countBytes: 1,
  eventBytes: 2,
  hasGenerationType: true,
  hasVariableGroup: false,
  hasGroup16: false
};
function isAvlCodec(codec) {
  return codec === 8 || codec === 142 || codec === 16;
}
function layoutsOf(codec) {
  switch (codec) {
    case 8:
      return [CODEC8, CODEC8_WITH_GROUP16];
    case 142:
      return [CODEC8E];
    case 16:
      return [CODEC16];
  }
}
var IoCountError = class extends Error {
};
function readFixedGroup(r, layout, group, countBytes, out) {
  const count = r.uint(countBytes);
  for (let i = 0; i < count; i++) {
    const id = r.uint(layout.idBytes);
    out.push({ id, group, value: r.bytes(group) });
  }
}
function readRecord(r, layout) {
  const timestampMs = r.u64();
  const priority = r.u8();
  const lng = r.i32() / 1e7;
  const lat = r.i32() / 1e7;
  const altitudeM = r.i16();
  const angleDeg = r.u16();
  const satellites = r.u8();
  const speedKmh = r.u16();
  const eventIoId = r.uint(layout.eventBytes);
  const generationType = layout.hasGenerationType ? r.u8() : void 0;
  const totalIo = r.uint(layout.countBytes);
  const io = [];
  readFixedGroup(r, layout, 1, layout.countBytes, io);
  readFixedGroup(r, layout, 2, layout.countBytes, io);
  readFixedGroup(r, layout, 4, layout.countBytes, io);
  readFixedGroup(r, layout, 8, layout.countBytes, io);
  if (layout.hasGroup16) readFixedGroup(r, layout, 16, 1, io);
  if (layout.hasVariableGroup) {
    const count = r.u16();
    for (let i = 0; i < count; i++) {
      const id = r.u16();
      const length = r.u16();
      io.push({ id, group: "X", value: r.bytes(length) });
    }
  }
  if (io.length !== totalIo) {
    throw new IoCountError(`IO count ${totalIo} \u2260 ${io.length} element(s)`);
  }
  const record = {
    timestampMs,
    priority,
    lng,
    lat,
    altitudeM,
    angleDeg,
    satellites,
    speedKmh,
    eventIoId,
    io
  };
  if (generationType !== void 0) record.generationType = generationType;
  return record;
}
function tryLayout(buf, start, end, layout) {
  const r = new ByteReader(buf, start, end);
  try {
    const codec = r.u8();
    const count = r.u8();
    const records = [];
    for (let i = 0; i < count; i++) records.push(readRecord(r, layout));
    const trailer = r.u8();
    if (trailer !== count) {
      return { kind: "error", reason: "malformed", detail: `counts ${count} \u2260 ${trailer}`, codec };
    }
    if (r.remaining !== 0) {
      return { kind: "error", reason: "malformed", detail: `${r.remaining} byte(s) left`, codec };
    }
    return { ok: true, records };
  } catch (error2) {
    if (error2 instanceof TruncatedError) {
      return { kind: "error", reason: "truncated", detail: error2.message, codec: buf[start] };
    }
    if (error2 instanceof IoCountError) {
      return { kind: "error", reason: "malformed", detail: error2.message, codec: buf[start] };
    }
    throw error2;
  }
}
function parseAvlData(buf, start, end) {
  if (end - start < 3) {
    return { kind: "error", reason: "truncated", detail: "AVL data shorter than 3 bytes" };
  }
  const codec = buf.readUInt8(start);
  if (!isAvlCodec(codec)) {
    return {
      kind: "error",
      reason: "codec",
      detail: `codec 0x${hex2(codec)} not supported`,
      codec
    };
  }
  let first;
  for (const layout of layoutsOf(codec)) {
    const attempt = tryLayout(buf, start, end, layout);
    if ("ok" in attempt) return { ok: true, codec, records: attempt.records };
    first ??= attempt;
  }
  return first ?? { kind: "error", reason: "malformed", detail: "no layout fits", codec };
}
function hex2(byte) {
  return byte.toString(16).padStart(2, "0");
}

// ../../packages/telematics/src/teltonika/command-data.parser.ts
function isCommandCodec(codec) {
  return codec === 12 || codec === 13 || codec === 14;
}
function parseCommandData(buf, start, end) {
  const r = new ByteReader(buf, start, end);
  try {
    const codecId = r.u8();
    if (!isCommandCodec(codecId)) {
      return { kind: "error", reason: "codec", detail: "not a command codec", codec: codecId };
    }
    const codec = codecId === 12 ? 12 : codecId === 13 ? 13 : 14;
    const quantity = r.u8();
    const type = r.u8();
    const size = r.u32();
    const headerBytes = codec === 13 ? 4 : codec === 14 ? 8 : 0;
    if (size < headerBytes || size > r.remaining) {
      return {
        kind: "error",
        reason: "length",
        detail: `size ${size} does not fit`,
        codec: codecId
      };
    }
    const message = {
      kind: "command",
      codec,
      type,
      payload: Buffer.alloc(0),
      text: ""
    };
    if (codec === 13) message.timestampMs = r.u32() * 1e3;
    if (codec === 14) message.imei = r.bytes(8).toString("hex").replace(/^0+/, "");
    message.payload = r.bytes(size - headerBytes);
    message.text = message.payload.toString("latin1");
    const trailer = r.u8();
    if (trailer !== quantity || r.remaining !== 0) {
      return {
        kind: "error",
        reason: "malformed",
        detail: "quantity or size mismatch",
        codec: codecId
      };
    }
    return message;
  } catch (error2) {
    if (error2 instanceof TruncatedError) {
      return { kind: "error", reason: "truncated", detail: error2.message, codec: buf[start] };
    }
    throw error2;
  }
}

// ../../packages/telematics/src/teltonika/teltonika.replies.ts
function loginReply(accepted) {
  return Buffer.from([accepted ? 1 : 0]);
}
function encodeAvlReply(recordCount) {
  const reply = Buffer.alloc(4);
  reply.writeUInt32BE(recordCount, 0);
  return reply;
}
function encodeUdpReply(packetId, avlPacketId, recordCount) {
  const reply = Buffer.alloc(7);
  reply.writeUInt16BE(5, 0);
  reply.writeUInt16BE(packetId, 2);
  reply.writeUInt8(1, 4);
  reply.writeUInt8(avlPacketId, 5);
  reply.writeUInt8(recordCount & 255, 6);
  return reply;
}

// ../../packages/telematics/src/teltonika/teltonika.decoder.ts
var HEADER_BYTES2 = 8;
var CRC_BYTES2 = 4;
var MAX_IMEI_DIGITS2 = 20;
function asBuffer2(bytes) {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}
function error(reason, detail, codec) {
  return codec === void 0 ? { kind: "error", reason, detail } : { kind: "error", reason, detail, codec };
}
function isDigits(buf, start, end) {
  for (let i = start; i < end; i++) {
    const c = buf[i] ?? 0;
    if (c < 48 || c > 57) return false;
  }
  return end > start;
}
function decodeLogin(buf) {
  const length = buf.readUInt16BE(0);
  if (length === 0 || length > MAX_IMEI_DIGITS2 || length + 2 !== buf.length) {
    return error("length", `login length ${length} does not match ${buf.length - 2} byte(s)`);
  }
  if (!isDigits(buf, 2, buf.length)) return error("malformed", "login IMEI is not ASCII digits");
  return { kind: "login", imei: buf.toString("latin1", 2) };
}
function decodePacket(buf) {
  if (buf.length < HEADER_BYTES2 + CRC_BYTES2)
    return error("truncated", "frame shorter than 12 bytes");
  const dataLength = buf.readUInt32BE(4);
  if (dataLength < 3 || dataLength + HEADER_BYTES2 + CRC_BYTES2 !== buf.length) {
    return error("length", `data length ${dataLength} does not match a ${buf.length}-byte frame`);
  }
  const dataEnd = HEADER_BYTES2 + dataLength;
  const codec = buf.readUInt8(HEADER_BYTES2);
  const crcField = buf.readUInt32BE(dataEnd);
  const crc = crc16Ibm(buf, HEADER_BYTES2, dataEnd);
  if (crcField !== crc) {
    return error("crc", `CRC 0x${crc.toString(16)} \u2260 field 0x${crcField.toString(16)}`, codec);
  }
  if (isAvlCodec(codec)) {
    const data = parseAvlData(buf, HEADER_BYTES2, dataEnd);
    if (!("ok" in data)) return data;
    return {
      kind: "avl",
      codec: data.codec,
      records: data.records,
      reply: encodeAvlReply(data.records.length)
    };
  }
  if (isCommandCodec(codec)) return parseCommandData(buf, HEADER_BYTES2, dataEnd);
  return error("codec", `codec 0x${codec.toString(16)} not supported`, codec);
}
function decodeTeltonikaTcp(frame) {
  const buf = asBuffer2(frame);
  if (buf.length === 1 && buf[0] === 255) return { kind: "ping" };
  if (buf.length < 2) return error("truncated", `${buf.length}-byte frame`);
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0) return decodePacket(buf);
  return decodeLogin(buf);
}
function decodeTeltonikaUdp(datagram) {
  const buf = asBuffer2(datagram);
  if (buf.length < 8) return error("truncated", "datagram shorter than its header");
  const length = buf.readUInt16BE(0);
  if (length + 2 !== buf.length) {
    return error("length", `length ${length} does not match a ${buf.length}-byte datagram`);
  }
  const packetId = buf.readUInt16BE(2);
  const avlPacketId = buf.readUInt8(5);
  const imeiLength = buf.readUInt16BE(6);
  const imeiEnd = 8 + imeiLength;
  if (imeiLength === 0 || imeiLength > MAX_IMEI_DIGITS2 || imeiEnd >= buf.length) {
    return error("length", `IMEI length ${imeiLength} does not fit`);
  }
  if (!isDigits(buf, 8, imeiEnd)) return error("malformed", "IMEI is not ASCII digits");
  if (buf.length - imeiEnd > TELTONIKA_MAX_DATA_BYTES) {
    return error("length", `AVL data of ${buf.length - imeiEnd} bytes exceeds the maximum`);
  }
  const data = parseAvlData(buf, imeiEnd, buf.length);
  if (!("ok" in data)) return data;
  return {
    kind: "avl",
    imei: buf.toString("latin1", 8, imeiEnd),
    packetId,
    avlPacketId,
    codec: data.codec,
    records: data.records,
    reply: encodeUdpReply(packetId, avlPacketId, data.records.length)
  };
}

// ../../packages/telematics/src/teltonika/teltonika.encoder.ts
var UINT_MAX = { 1: 255, 2: 65535, 4: 4294967295 };
var ByteWriter = class {
  buf = Buffer.alloc(256);
  length = 0;
  ensure(n) {
    if (this.length + n > this.buf.length) {
      const next = Buffer.alloc(Math.max(this.buf.length * 2, this.length + n));
      this.buf.copy(next, 0, 0, this.length);
      this.buf = next;
    }
    const at = this.length;
    this.length += n;
    return at;
  }
  uint(value, width) {
    checkRange(value, 0, UINT_MAX[width], "value");
    const at = this.ensure(width);
    if (width === 1) this.buf[at] = value;
    else if (width === 2) this.buf.writeUInt16BE(value, at);
    else this.buf.writeUInt32BE(value, at);
  }
  int(value, width) {
    checkRange(value, -(2 ** (8 * width - 1)), 2 ** (8 * width - 1) - 1, "value");
    const at = this.ensure(width);
    this.buf.writeIntBE(value, at, width);
  }
  u64(value) {
    const at = this.ensure(8);
    this.buf.writeBigUInt64BE(BigInt.asUintN(64, value), at);
  }
  /** A non-negative safe integer as 8 bytes, without BigInt. */
  u64Number(value) {
    checkRange(value, 0, Number.MAX_SAFE_INTEGER, "value");
    const at = this.ensure(8);
    this.buf.writeUInt32BE(Math.floor(value / 4294967296), at);
    this.buf.writeUInt32BE(value % 4294967296, at + 4);
  }
  bytes(value) {
    const at = this.ensure(value.length);
    this.buf.set(value, at);
  }
  toBuffer() {
    return Buffer.from(this.buf.subarray(0, this.length));
  }
};
function checkRange(value, min, max, what) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${what} ${value} is outside [${min}, ${max}]`);
  }
}
function writeIoValue(w, el) {
  const { value, group } = el;
  if (value instanceof Uint8Array) {
    if (group !== "X" && value.length !== group) {
      throw new RangeError(`IO ${el.id}: ${value.length} byte(s) in the ${group}-byte group`);
    }
    if (group === "X") w.uint(value.length, 2);
    w.bytes(value);
    return;
  }
  if (group === "X" || group === 16) {
    throw new RangeError(`IO ${el.id}: group ${group} needs raw bytes`);
  }
  if (group === 8) {
    if (typeof value === "bigint") w.u64(value);
    else if (value >= 0) w.u64Number(value);
    else w.u64(BigInt(value));
    return;
  }
  const n = Number(value);
  if (n < 0) w.int(n, group);
  else w.uint(n, group);
}
function layoutFor(codec, records) {
  const has = (g) => records.some((r) => (r.io ?? []).some((e) => e.group === g));
  switch (codec) {
    case 8:
      if (has("X")) throw new RangeError("Codec 8 cannot carry variable-length IO");
      return {
        idBytes: 1,
        countBytes: 1,
        eventBytes: 1,
        generationType: false,
        variableGroup: false,
        group16: has(16)
      };
    case 142:
      if (has(16)) throw new RangeError("Codec 8E has no 16-byte group");
      return {
        idBytes: 2,
        countBytes: 2,
        eventBytes: 2,
        generationType: false,
        variableGroup: true,
        group16: false
      };
    case 16:
      if (has("X") || has(16)) throw new RangeError("Codec 16 carries only 1/2/4/8-byte IO");
      return {
        idBytes: 2,
        countBytes: 1,
        eventBytes: 2,
        generationType: true,
        variableGroup: false,
        group16: false
      };
  }
}
function writeGroup(w, layout, elements, countBytes) {
  w.uint(elements.length, countBytes);
  for (const el of elements) {
    w.uint(el.id, layout.idBytes);
    writeIoValue(w, el);
  }
}
function groupIo(io) {
  const groups = { 1: [], 2: [], 4: [], 8: [], 16: [], X: [] };
  for (const el of io) groups[el.group].push(el);
  return groups;
}
function writeRecord(w, layout, r) {
  w.u64Number(r.timestampMs);
  w.uint(r.priority ?? 0, 1);
  w.int(Math.round(r.lng * 1e7), 4);
  w.int(Math.round(r.lat * 1e7), 4);
  w.int(Math.round(r.altitudeM ?? 0), 2);
  w.uint(Math.round(r.angleDeg ?? 0), 2);
  w.uint(r.satellites ?? 0, 1);
  w.uint(Math.round(r.speedKmh ?? 0), 2);
  w.uint(r.eventIoId ?? 0, layout.eventBytes);
  if (layout.generationType) w.uint(r.generationType ?? 0, 1);
  const io = r.io ?? [];
  w.uint(io.length, layout.countBytes);
  const groups = groupIo(io);
  writeGroup(w, layout, groups[1], layout.countBytes);
  writeGroup(w, layout, groups[2], layout.countBytes);
  writeGroup(w, layout, groups[4], layout.countBytes);
  writeGroup(w, layout, groups[8], layout.countBytes);
  if (layout.group16) writeGroup(w, layout, groups[16], 1);
  if (layout.variableGroup) writeGroup(w, layout, groups.X, 2);
}
function encodeAvlData(codec, records) {
  checkRange(records.length, 0, 255, "record count");
  const layout = layoutFor(codec, records);
  const w = new ByteWriter();
  w.uint(codec, 1);
  w.uint(records.length, 1);
  for (const r of records) writeRecord(w, layout, r);
  w.uint(records.length, 1);
  return w.toBuffer();
}
function encodeTcpPacket(data) {
  const frame = Buffer.alloc(data.length + 12);
  frame.writeUInt32BE(data.length, 4);
  frame.set(data, 8);
  frame.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return frame;
}
function encodeAvlFrame(codec, records) {
  return encodeTcpPacket(encodeAvlData(codec, records));
}
function encodeCodec8eFrame(records) {
  return encodeAvlFrame(142, records);
}
function encodeLogin(imei) {
  if (!/^\d{1,20}$/.test(imei)) throw new RangeError(`IMEI ${imei} is not 1\u201320 digits`);
  const frame = Buffer.alloc(2 + imei.length);
  frame.writeUInt16BE(imei.length, 0);
  frame.write(imei, 2, "latin1");
  return frame;
}

// ../../packages/telematics/src/diagnostics/dtc.ts
function decodeJ1939DtcBytes(b0, b1, b2, b3, lamps) {
  if ((b0 | b1 | b2) === 0) return void 0;
  if ((b0 & b1 & b2 & b3) === 255) return void 0;
  const spn = b0 | b1 << 8 | b2 >> 5 << 16;
  const dtc = { standard: "j1939", spn, fmi: b2 & 31, occurrences: b3 & 127 };
  if (lamps) dtc.lamps = lamps;
  return dtc;
}
var isOn = (byte, shift) => (byte >> shift & 3) === 1;
function decodeDm1Lamps(byte) {
  return {
    mil: isOn(byte, 6),
    redStop: isOn(byte, 4),
    amber: isOn(byte, 2),
    protect: isOn(byte, 0)
  };
}
function decodeDm1Value(value) {
  const n = value.length;
  let offset;
  let lamps;
  if (n === 4) offset = 0;
  else if (n >= 6 && (n - 2) % 4 === 0) {
    offset = 2;
    lamps = decodeDm1Lamps(value[0]);
  } else return void 0;
  if (value.every((b) => b === 255)) return void 0;
  const out = [];
  for (let i = offset; i + 4 <= n; i += 4) {
    const dtc = decodeJ1939DtcBytes(value[i], value[i + 1], value[i + 2], value[i + 3], lamps);
    if (dtc) out.push(dtc);
  }
  return out;
}
var OBD_LETTERS = ["P", "C", "B", "U"];
function obdCodeFromRaw(raw) {
  if (!Number.isInteger(raw) || raw <= 0 || raw > 65535) return void 0;
  const letter = OBD_LETTERS[raw >> 14];
  const digit = raw >> 12 & 3;
  return `${letter}${digit}${(raw & 4095).toString(16).toUpperCase().padStart(3, "0")}`;
}
var OBD_TEXT = /^[PCBU][0-3][0-9A-F]{3}$/;
var OBD_RAW = /^[0-9A-F]{4}$/;
function normaliseObdCode(token) {
  const t = token.trim().toUpperCase();
  if (OBD_TEXT.test(t)) return t;
  if (OBD_RAW.test(t)) return obdCodeFromRaw(parseInt(t, 16));
  return void 0;
}
function decodeObdCodeList(text2) {
  const out = [];
  for (const token of text2.split(/[,;\s]+/)) {
    const code = normaliseObdCode(token);
    if (code !== void 0 && !out.some((d) => d.standard === "obd" && d.code === code))
      out.push({ standard: "obd", code });
  }
  return out;
}
function dtcCode(dtc) {
  return dtc.standard === "obd" ? dtc.code : `SPN ${dtc.spn} / FMI ${dtc.fmi}`;
}
function severityOf(lamps) {
  if (!lamps) return "info";
  if (lamps.redStop) return "critical";
  if (lamps.amber) return "warning";
  if (lamps.mil) return "emissions";
  return "info";
}

// ../../packages/telematics/src/teltonika/io-mapping.ts
var HARSH_EVENTS = { 1: "accel", 2: "brake", 3: "corner" };
function readInteger(value, signed) {
  const width = value.length;
  if (signed) {
    if (width === 0 || width > 8 || width === 7) return void 0;
    return width === 8 ? Number(value.readBigInt64BE(0)) : value.readIntBE(0, width);
  }
  switch (width) {
    case 1: {
      const raw = value[0] ?? 0;
      return raw === 255 ? void 0 : raw;
    }
    case 2: {
      const raw = value.readUInt16BE(0);
      return raw === 65535 ? void 0 : raw;
    }
    case 4: {
      const raw = value.readUInt32BE(0);
      return raw === 4294967295 ? void 0 : raw;
    }
    case 8: {
      const raw = value.readBigUInt64BE(0);
      return raw === 0xffffffffffffffffn ? void 0 : Number(raw);
    }
    default: {
      if (width === 0 || width > 6) return void 0;
      const raw = value.readUIntBE(0, width);
      return raw === 2 ** (8 * width) - 1 ? void 0 : raw;
    }
  }
}
function decodeIoNumber(value, decoding) {
  const raw = readInteger(value, decoding.signed ?? false);
  if (raw === void 0) return void 0;
  if (decoding.notAvailable?.includes(raw)) return void 0;
  if (decoding.min !== void 0 && raw < decoding.min) return void 0;
  if (decoding.max !== void 0 && raw > decoding.max) return void 0;
  return decoding.scale === void 0 ? raw : raw * decoding.scale;
}
function decodeFlag(value, bit, isNonZero = false) {
  const raw = readInteger(value, false);
  if (raw === void 0) return void 0;
  if (isNonZero) return raw !== 0;
  if (bit !== void 0) return Math.floor(raw / 2 ** bit) % 2 === 1;
  return raw === 0 ? false : raw === 1 ? true : void 0;
}
function decodeAscii(value) {
  return value.toString("latin1").replace(/[^\x20-\x7e]/g, "").trim();
}
function decodeIbutton(value) {
  if (value.length !== 8 || value.every((b) => b === 0) || value.every((b) => b === 255)) {
    return void 0;
  }
  return value.toString("hex").toUpperCase();
}
function rawAttribute(el) {
  const width = el.value.length;
  if (el.group !== "X" && el.group !== 16 && width > 0 && width <= 6)
    return el.value.readUIntBE(0, width);
  if (width === 8) {
    const raw = el.value.readBigUInt64BE(0);
    if (raw <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(raw);
  }
  return el.value.toString("hex");
}
var heldRank = new Int32Array(64);
var heldStamp = new Uint32Array(64);
var stamp = 0;
var Collected = class {
  numbers = {};
  flags = {};
  attributes = {};
  ibutton;
  harshEvent;
  driverParts;
  driver2Parts;
  dtcs;
  temperatures;
  constructor(targets) {
    if (targets > heldRank.length) {
      heldRank = new Int32Array(targets * 2);
      heldStamp = new Uint32Array(targets * 2);
    }
    stamp = stamp === 4294967295 ? 1 : stamp + 1;
    if (stamp === 1) heldStamp.fill(0);
  }
  /** Whether a value for `target` from a rule of `rank` should replace what is held. */
  wins(target, value, rank) {
    if (value === void 0) return false;
    if (heldStamp[target] === stamp && heldRank[target] <= rank) return false;
    heldStamp[target] = stamp;
    heldRank[target] = rank;
    return true;
  }
};
function applyRule(rule, rank, target, el, c) {
  switch (rule.kind) {
    case "number": {
      const value = decodeIoNumber(el.value, rule);
      if (c.wins(target, value, rank)) c.numbers[rule.field] = value;
      return;
    }
    case "flag": {
      const value = decodeFlag(el.value, rule.bit, rule.isNonZero);
      if (c.wins(target, value, rank)) c.flags[rule.field] = value;
      return;
    }
    case "driver-text":
      (c.driverParts ??= /* @__PURE__ */ new Map()).set(rule.part, decodeAscii(el.value));
      return;
    case "driver2-text":
      (c.driver2Parts ??= /* @__PURE__ */ new Map()).set(rule.part, decodeAscii(el.value));
      return;
    case "driver-ibutton": {
      const value = decodeIbutton(el.value);
      if (c.wins(target, value, rank)) c.ibutton = value;
      return;
    }
    case "harsh": {
      const raw = readInteger(el.value, false);
      const value = raw === void 0 ? void 0 : HARSH_EVENTS[raw];
      if (c.wins(target, value, rank)) c.harshEvent = value;
      return;
    }
    case "dtc-j1939": {
      const dtcs = decodeDm1Value(el.value);
      if (dtcs) c.dtcs = [...c.dtcs ?? [], ...dtcs];
      return;
    }
    case "dtc-text":
      c.dtcs = [...c.dtcs ?? [], ...decodeObdCodeList(decodeAscii(el.value))];
      return;
    case "temperature": {
      const slots = c.temperatures ??= /* @__PURE__ */ new Map();
      if (!slots.has(rule.slot)) slots.set(rule.slot, decodeIoNumber(el.value, rule) ?? null);
      return;
    }
    case "attribute": {
      const value = decodeIoNumber(el.value, rule);
      if (value !== void 0 && c.wins(target, value, rank)) c.attributes[rule.name] = value;
      return;
    }
  }
}
function temperatureList(slots) {
  if (!slots || ![...slots.values()].some((v) => v !== null)) return void 0;
  const list = [];
  for (let slot = 0; slot <= Math.max(...slots.keys()); slot++) list.push(slots.get(slot) ?? null);
  return list;
}
function cardOf(parts) {
  if (!parts) return void 0;
  let card = "";
  const order = [...parts.keys()];
  if (order.length > 1) order.sort((a, b) => a - b);
  for (const part of order) card += parts.get(part);
  return card.length > 0 ? card : void 0;
}
function driverCodeOf(c) {
  return cardOf(c.driverParts) ?? c.ibutton;
}
function mapAvlRecord(raw, table, deviceId) {
  const c = new Collected(table.targets);
  for (const el of raw.io) {
    const ranked = table.byId.get(el.id);
    if (!ranked) {
      c.attributes[`io${el.id}`] = rawAttribute(el);
      continue;
    }
    for (let i = 0; i < ranked.length; i++) {
      const r = ranked[i];
      applyRule(r.rule, r.rank, r.target, el, c);
    }
  }
  const position = {
    deviceId,
    fixTimeMs: raw.timestampMs,
    lat: raw.lat,
    lng: raw.lng,
    altitudeM: raw.altitudeM,
    headingDeg: raw.angleDeg,
    // Without a fix (0 satellites) the device sends speed 0: that is "not available", not 0.
    speedKmh: raw.satellites === 0 ? void 0 : raw.speedKmh,
    satellites: raw.satellites,
    ...c.numbers,
    ...c.flags,
    attributes: c.attributes
  };
  if (raw.priority !== 0) c.attributes.priority = raw.priority;
  if (raw.eventIoId !== 0) c.attributes.eventIo = raw.eventIoId;
  if (raw.generationType !== void 0) c.attributes.generationType = raw.generationType;
  const driverCode = driverCodeOf(c);
  if (driverCode !== void 0) position.driverCode = driverCode;
  const driver2Code = cardOf(c.driver2Parts);
  if (driver2Code !== void 0) c.attributes.driver2Code = driver2Code;
  if (c.harshEvent !== void 0) position.harshEvent = c.harshEvent;
  if (c.dtcs !== void 0) position.dtcs = c.dtcs;
  const temperatures = temperatureList(c.temperatures);
  if (temperatures !== void 0) position.temperaturesC = temperatures;
  return position;
}

// ../../packages/telematics/src/osmand/osmand.decoder.ts
var KMH_PER_KNOT = 1.852;
var KMH_PER_MPS = 3.6;
var DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
function parseOsmAndTimestamp(text2) {
  const trimmed = text2.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const value = Number(trimmed);
    return Math.round(value >= 1e11 ? value : value * 1e3);
  }
  const m = DATE_TIME.exec(trimmed);
  if (!m) return void 0;
  const [, y, mo, d, h, mi, s, fraction, zone] = m;
  const ms2 = fraction ? Math.round(Number(`0.${fraction}`) * 1e3) : 0;
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms2);
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0");
    time -= sign * offsetMin * 6e4;
  }
  return Number.isFinite(time) ? time : void 0;
}
function finite(text2) {
  if (text2 === void 0 || text2.trim() === "") return void 0;
  const value = Number(text2);
  return Number.isFinite(value) ? value : void 0;
}
function nonNegative(value) {
  return value !== void 0 && value >= 0 ? value : void 0;
}
function bool(text2) {
  if (text2 === void 0) return void 0;
  const lower = text2.trim().toLowerCase();
  if (lower === "true" || lower === "1") return true;
  if (lower === "false" || lower === "0") return false;
  return void 0;
}
function attributeValue(text2) {
  const number = finite(text2);
  if (number !== void 0) return number;
  const flag = bool(text2);
  return flag ?? text2;
}
var KNOWN_PARAMS = /* @__PURE__ */ new Set([
  "id",
  "deviceid",
  "lat",
  "lon",
  "location",
  "timestamp",
  "speed",
  "bearing",
  "heading",
  "altitude",
  "accuracy",
  "hdop",
  "batt",
  "charge",
  "driveruniqueid",
  "ignition",
  "rpm"
]);
function decodeParams(params, nowMs) {
  const get = (name) => params.get(name)?.[0];
  const deviceId = (get("id") ?? get("deviceid") ?? "").trim();
  if (deviceId === "") return { ok: false, reason: "no device id" };
  if (!isSafeDeviceId(deviceId)) return { ok: false, reason: "bad device id" };
  let lat = finite(get("lat"));
  let lng = finite(get("lon"));
  const location = get("location");
  if ((lat === void 0 || lng === void 0) && location !== void 0) {
    const [latText, lngText] = location.split(",");
    lat = finite(latText);
    lng = finite(lngText);
  }
  if (lat === void 0 || lng === void 0) return { ok: false, reason: "no position" };
  const timestamp = get("timestamp");
  const fixTimeMs = timestamp === void 0 ? nowMs : parseOsmAndTimestamp(timestamp);
  if (fixTimeMs === void 0) return { ok: false, reason: "bad timestamp" };
  const attributes = {};
  for (const [name, values] of params) {
    if (KNOWN_PARAMS.has(name.toLowerCase())) continue;
    attributes[name] = values.length === 1 ? attributeValue(values[0] ?? "") : values.join(";");
  }
  const accuracyM = nonNegative(finite(get("accuracy")));
  if (accuracyM !== void 0) attributes.accuracyM = accuracyM;
  const batteryPct = nonNegative(finite(get("batt")));
  if (batteryPct !== void 0) attributes.batteryLevelPct = batteryPct;
  const charging = bool(get("charge"));
  if (charging !== void 0) attributes.charging = charging;
  const speedKnots = nonNegative(finite(get("speed")));
  const rpm = nonNegative(finite(get("rpm")));
  const driverCode = get("driverUniqueId")?.trim();
  const position = {
    deviceId,
    fixTimeMs,
    lat,
    lng,
    altitudeM: finite(get("altitude")),
    headingDeg: nonNegative(finite(get("bearing") ?? get("heading"))),
    speedKmh: speedKnots === void 0 ? void 0 : speedKnots * KMH_PER_KNOT,
    hdop: nonNegative(finite(get("hdop"))),
    ignition: bool(get("ignition")),
    rpm,
    driverCode: driverCode === "" ? void 0 : driverCode,
    attributes
  };
  return { ok: true, positions: [position] };
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function num(value) {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string") return finite(value);
  return void 0;
}
function jsonTimestamp(value) {
  if (typeof value === "number") return parseOsmAndTimestamp(String(value));
  if (typeof value === "string") return parseOsmAndTimestamp(value);
  return void 0;
}
function decodeJsonLocation(location, deviceId, nowMs) {
  const coords = isObject(location.coords) ? location.coords : {};
  const lat = num(coords.latitude);
  const lng = num(coords.longitude);
  if (lat === void 0 || lng === void 0) return "no position";
  const fixTimeMs = location.timestamp === void 0 ? nowMs : jsonTimestamp(location.timestamp);
  if (fixTimeMs === void 0) return "bad timestamp";
  const attributes = {};
  const accuracyM = nonNegative(num(coords.accuracy));
  if (accuracyM !== void 0) attributes.accuracyM = accuracyM;
  const battery = isObject(location.battery) ? location.battery : {};
  const level = num(battery.level);
  if (level !== void 0 && level >= 0) attributes.batteryLevelPct = level * 100;
  if (typeof battery.is_charging === "boolean") attributes.charging = battery.is_charging;
  if (typeof location.event === "string") attributes.event = location.event;
  if (typeof location.mock === "boolean") attributes.mock = location.mock;
  const odometer = num(location.odometer);
  if (odometer !== void 0) attributes.appOdometerM = odometer;
  if (isObject(location.activity) && typeof location.activity.type === "string") {
    attributes.activity = location.activity.type;
  }
  if (isObject(location.extras)) {
    for (const [key, value] of Object.entries(location.extras)) {
      if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") {
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
    speedKmh: speedMps === void 0 ? void 0 : speedMps * KMH_PER_MPS,
    movement: typeof location.is_moving === "boolean" ? location.is_moving : void 0,
    attributes
  };
}
function decodeJson(body, nowMs) {
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, reason: "bad json" };
  }
  const envelopes = Array.isArray(parsed) ? parsed : [parsed];
  const positions = [];
  let rejection;
  for (const envelope of envelopes) {
    if (!isObject(envelope)) return { ok: false, reason: "bad json" };
    const outerId = envelope.device_id ?? envelope.deviceId ?? envelope.id;
    const locations = Array.isArray(envelope.location) ? envelope.location : [envelope.location];
    for (const location of locations) {
      if (!isObject(location)) {
        rejection ??= "no position";
        continue;
      }
      const extras = isObject(location.extras) ? location.extras : {};
      const rawId = outerId ?? extras.device_id;
      const deviceId = typeof rawId === "string" || typeof rawId === "number" ? String(rawId).trim() : "";
      if (deviceId === "") return { ok: false, reason: "no device id" };
      if (!isSafeDeviceId(deviceId)) return { ok: false, reason: "bad device id" };
      const decoded = decodeJsonLocation(location, deviceId, nowMs);
      if (typeof decoded === "string") rejection ??= decoded;
      else positions.push(decoded);
    }
  }
  if (positions.length === 0) return { ok: false, reason: rejection ?? "no position" };
  return { ok: true, positions };
}
function isJson(body, contentType) {
  if (contentType?.toLowerCase().includes("json")) return true;
  const first = body.trimStart()[0];
  return first === "{" || first === "[";
}
function decodeOsmAnd(request) {
  const result = decodeRequest(request);
  return result.ok ? { ok: true, positions: result.positions.map(withStorableText) } : result;
}
function decodeRequest(request) {
  const body = request.body ?? "";
  if (body.trim() !== "" && isJson(body, request.contentType)) {
    return decodeJson(body, request.nowMs);
  }
  const params = /* @__PURE__ */ new Map();
  const add = (name, value) => {
    const list = params.get(name);
    if (list) list.push(value);
    else params.set(name, [value]);
  };
  for (const [name, value] of request.query) add(name, value);
  if (body.trim() !== "") for (const [name, value] of new URLSearchParams(body)) add(name, value);
  return decodeParams(params, request.nowMs);
}

// ../../packages/telematics/src/reducer/reducer-settings.ts
var DEFAULT_REDUCER_SETTINGS = Object.freeze({
  minGnssSatellites: 4,
  maxGnssHdop: 5,
  motionSpeedKmh: 5,
  stationarySpeedKmh: 3,
  tripStartDurationS: 300,
  tripStartDistanceM: 500,
  tripStopDurationS: 300,
  tripMaxGapS: 3600,
  tripMinDurationS: 300,
  tripMinDistanceM: 500,
  gpsJumpSpeedKmh: 150,
  maxGapS: 120,
  offlineMovingS: 600,
  offlineOffS: 7800,
  speedLimitKmh: 90,
  speedingMinS: 15,
  inTransitLeaveS: 30,
  idlingMinS: 60,
  idleRpmMin: 300,
  idleStartS: 120,
  idleEndMotionS: 5,
  idleMaxGapS: 300,
  idleEstimatedLph: 2.5,
  offWithoutIgnitionS: 60,
  maxFuelRateLph: 120,
  maxDistanceSpeedKmh: 130,
  fuelCounterSlackL: 1,
  odometerSlackM: 100,
  engineHoursSlackH: 1,
  counterStaleS: 3600,
  skipFlags: IMPLAUSIBLE_FLAGS,
  speedLevelMinS: 15,
  speedLevelHysteresisKmh: 5,
  speedEpisodeMaxGapS: 120,
  longStopS: 1200,
  longIdleS: 600,
  harshAccelMps2: 2.5,
  harshBrakeMps2: 2.7,
  harshMinS: 0.5,
  harshCornerMps2: 3.4,
  harshMaxIntervalS: 3,
  harshMergeS: 3,
  powerCutV: 6,
  powerRestoreV: 9,
  unknownDriverDrivingS: 300,
  reeferExcursionS: 300,
  temperatureSilentS: 600,
  zoneBorderBandM: 15,
  zoneDwellS: 60,
  forbiddenStopS: 120,
  outsideAllowedStopS: 1200,
  poiStopS: 300,
  poiPassMaxStopS: 60
});
function reducerSettings(overrides = {}) {
  return { ...DEFAULT_REDUCER_SETTINGS, ...overrides };
}

// ../../packages/telematics/src/reducer/sample.ts
var STANDARD_GRAVITY_MPS2 = 9.80665;
function harshMps2Of(p) {
  if (p.harshEvent === void 0) return void 0;
  const raw = p.attributes["greenDrivingValue"];
  return typeof raw === "number" && raw > 0 ? raw / 100 * STANDARD_GRAVITY_MPS2 : void 0;
}
function selectSpeedKmh(p, settings, hasLocation = true) {
  if (p.wheelSpeedKmh !== void 0) return p.wheelSpeedKmh;
  if (p.speedKmh === void 0 || !hasLocation) return void 0;
  if (p.satellites !== void 0 && p.satellites < settings.minGnssSatellites) return void 0;
  if (p.hdop !== void 0 && p.hdop > settings.maxGnssHdop) return void 0;
  return p.speedKmh;
}
function numberAttr(p, key) {
  const v = p.attributes[key];
  return typeof v === "number" ? v : void 0;
}
function toSample(p, flags, settings) {
  const hasLocation = !flags.some((f) => LOCATION_FLAGS.includes(f));
  const speedKmh = selectSpeedKmh(p, settings, hasLocation);
  const motion = speedKmh === void 0 ? void 0 : speedKmh >= settings.motionSpeedKmh;
  const engineOn = p.ignition ?? (p.rpm !== void 0 ? p.rpm > 0 : motion === true ? true : void 0);
  return {
    fixTimeMs: p.fixTimeMs,
    lat: p.lat,
    lng: p.lng,
    hasLocation,
    ignition: p.ignition,
    engineOn,
    speedKmh,
    motion,
    rpm: p.rpm,
    pto: p.pto,
    odometerM: p.odometerM,
    fuelUsedL: p.fuelUsedL,
    fuelRateLph: p.fuelRateLph,
    engineHours: p.engineHours,
    fuelLevelPct: p.fuelLevelPct,
    fuelLevelL: p.fuelLevelL,
    ureaLevelPct: p.ureaLevelPct,
    driverCode: p.driverCode,
    driver1State: numberAttr(p, "driver1WorkingState"),
    driver2State: numberAttr(p, "driver2WorkingState"),
    driver1Card: numberAttr(p, "driver1CardPresence"),
    driver2Code: typeof p.attributes["driver2Code"] === "string" ? p.attributes["driver2Code"] : void 0,
    headingDeg: p.headingDeg,
    torquePct: p.torquePct,
    pedalPct: p.pedalPct,
    kickdown: p.kickdown,
    brake: p.brake,
    cruise: p.cruise,
    harshEvent: p.harshEvent,
    crash: p.crash,
    harshMps2: harshMps2Of(p),
    powerV: p.powerV,
    isPowerCutAlarm: p.attributes["alarm"] === "powerCut",
    temperaturesC: p.temperaturesC,
    dtcs: p.dtcs
  };
}

// ../../packages/telematics/src/reducer/counters.ts
var COUNTER_NAMES = ["odometerM", "fuelUsedL", "engineHours"];
function counterLimit(name, elapsedMs, settings) {
  const hours = Math.max(0, elapsedMs) / 36e5;
  switch (name) {
    case "odometerM":
      return settings.maxDistanceSpeedKmh * 1e3 * hours + settings.odometerSlackM;
    case "fuelUsedL":
      return settings.maxFuelRateLph * hours + settings.fuelCounterSlackL;
    case "engineHours":
      return hours + settings.engineHoursSlackH;
  }
}
function counterDelta(name, baseline, value, atMs, settings) {
  const delta = value - baseline.value;
  if (delta < 0) return { delta: 0, anomaly: "negative" };
  if (delta > counterLimit(name, atMs - baseline.atMs, settings)) {
    return { delta: 0, anomaly: "too-large" };
  }
  return { delta };
}

// ../../packages/telematics/src/reducer/interval.ts
function shareInterval(prev, nextTimeMs, settings) {
  const durationS = Math.max(0, nextTimeMs - prev.fixTimeMs) / 1e3;
  const share = { durationS, engineOnS: 0, unknownS: 0, drivingS: 0, idleS: 0 };
  if (prev.engineOn !== true || durationS === 0) return share;
  if (durationS > settings.maxGapS) {
    share.unknownS = durationS;
    return share;
  }
  share.engineOnS = durationS;
  const speed2 = prev.speedKmh;
  if (speed2 === void 0) return share;
  if (speed2 >= settings.motionSpeedKmh) share.drivingS = durationS;
  const isRunning = prev.rpm === void 0 || prev.rpm >= settings.idleRpmMin;
  if (speed2 < settings.stationarySpeedKmh && isRunning && prev.pto !== true)
    share.idleS = durationS;
  return share;
}
function gpsHopM(prev, next, settings) {
  if (!prev.hasLocation || !next.hasLocation) return 0;
  if (prev.motion === false && next.motion === false) return 0;
  const seconds2 = (next.fixTimeMs - prev.fixTimeMs) / 1e3;
  if (seconds2 <= 0) return 0;
  const metres = haversineM(prev.lat, prev.lng, next.lat, next.lng);
  return metres / seconds2 * 3.6 > settings.gpsJumpSpeedKmh ? 0 : metres;
}

// ../../packages/telematics/src/detectors/detector.ts
var SPEED_LEVELS_KMH = Object.freeze([
  20,
  25,
  30,
  40,
  45,
  50,
  55,
  60,
  75,
  85,
  95
]);
var DEFAULT_SPEED_LEVELS_KMH = Object.freeze([95]);
var EMPTY_CONTEXT = Object.freeze({});
var NO_FACTS = Object.freeze([]);

// ../../packages/telematics/src/capability.ts
function coreChainOf(capabilities) {
  return Object.freeze(capabilities.flatMap((c) => c.detectors ?? []));
}
function alertChainOf(capabilities) {
  return Object.freeze(capabilities.flatMap((c) => c.alertDetectors ?? []));
}
function alertCodesOf(capabilities) {
  return Object.freeze(capabilities.flatMap((c) => c.alertCodes ?? []));
}

// ../../packages/telematics/src/detectors/alert-codes.ts
function speedLevelCode(levelKmh) {
  return `V${levelKmh}`;
}
var RULE_ALERT_CODES = Object.freeze([
  ...SPEED_LEVELS_KMH.map(speedLevelCode),
  ...["EXV", "D20", "EDT", "AAB", "AFI", "CAB", "DFP", "IDD", "NUM"],
  ...["TSC", "TIC", "TFC", "TCC", "SCT"],
  ...["AZA", "SDZ", "AZP", "DZP", "DAZ", "EEZ", "AIP", "DPI", "CIP"]
]);
function originOf(s) {
  return {
    startTimeMs: s.fixTimeMs,
    lat: s.hasLocation ? s.lat : void 0,
    lng: s.hasLocation ? s.lng : void 0,
    driverCode: s.driverCode
  };
}
function eventFact(code, origin, extra = {}) {
  const fact2 = { type: "event", code, startTimeMs: origin.startTimeMs };
  if (extra.endTimeMs !== void 0) fact2.endTimeMs = extra.endTimeMs;
  if (origin.lat !== void 0 && origin.lng !== void 0) {
    fact2.lat = origin.lat;
    fact2.lng = origin.lng;
  }
  if (extra.value !== void 0) fact2.value = extra.value;
  if (origin.driverCode !== void 0) fact2.driverCode = origin.driverCode;
  if (extra.data !== void 0) fact2.data = extra.data;
  return fact2;
}

// ../../packages/telematics/src/detectors/device.detector.ts
var INITIAL_DEVICE_ALERTS = Object.freeze({});
function isCut(s, settings) {
  return s.isPowerCutAlarm || s.powerV !== void 0 && s.powerV < settings.powerCutV;
}
function isRestored(s, settings) {
  return !s.isPowerCutAlarm && s.powerV !== void 0 && s.powerV >= settings.powerRestoreV;
}
var deviceDetector = {
  name: "device-alerts",
  initial: INITIAL_DEVICE_ALERTS,
  step(slice, { sample: s }, _context, settings) {
    if (slice.powerCutSinceMs === void 0) {
      if (!isCut(s, settings)) return { slice, facts: NO_FACTS };
      const fact2 = eventFact("DFP", originOf(s), { value: s.powerV });
      return { slice: { powerCutSinceMs: s.fixTimeMs }, facts: [fact2] };
    }
    if (isRestored(s, settings)) return { slice: INITIAL_DEVICE_ALERTS, facts: NO_FACTS };
    return { slice, facts: NO_FACTS };
  }
};

// ../../packages/telematics/src/capabilities/device-power.ts
var devicePower = {
  name: "device-power",
  alertDetectors: [deviceDetector],
  alertCodes: ["DFP"]
};

// ../../packages/telematics/src/detectors/driver.detector.ts
var INITIAL_DRIVER_ALERTS = Object.freeze({});
function codeOf(s) {
  return s?.driverCode === void 0 || s.driverCode === "" ? void 0 : s.driverCode;
}
function identify(s, code, context, facts) {
  const known = context.alerts?.knownDriverCodes;
  if (known !== void 0 && !known.includes(code)) {
    facts.push(eventFact("NUM", originOf(s), { data: { details: "IDD" } }));
  } else {
    facts.push(eventFact("IDD", originOf(s)));
  }
}
function stepNoCode(run, { sample: s, prev, interval }, settings, facts) {
  let r = run;
  if (r) {
    const drivenS = codeOf(prev) === void 0 ? interval?.share.drivingS ?? 0 : 0;
    if (drivenS > 0) r = { ...r, drivingS: r.drivingS + drivenS };
  } else if (s.motion === true) {
    r = { ...originOf(s), drivingS: 0, isAlerted: false };
  }
  if (r && !r.isAlerted && r.drivingS >= settings.unknownDriverDrivingS) {
    facts.push(eventFact("NUM", r, { value: r.drivingS }));
    r = { ...r, isAlerted: true };
  }
  return r;
}
var driverDetector = {
  name: "driver-alerts",
  initial: INITIAL_DRIVER_ALERTS,
  step(slice, input, context, settings) {
    const { sample: s, isGap } = input;
    const code = codeOf(s);
    if (s.motion === true && code !== void 0 && code === slice.code && slice.noCode === void 0 && slice.stillSinceMs === void 0) {
      return { slice, facts: NO_FACTS };
    }
    if (isGap || s.ignition === false) return { slice: INITIAL_DRIVER_ALERTS, facts: NO_FACTS };
    let stillSinceMs;
    if (s.motion === false) {
      stillSinceMs = slice.stillSinceMs ?? s.fixTimeMs;
      if ((s.fixTimeMs - stillSinceMs) / 1e3 >= settings.tripStopDurationS)
        return { slice: INITIAL_DRIVER_ALERTS, facts: NO_FACTS };
    } else if (s.motion === void 0) {
      stillSinceMs = slice.stillSinceMs;
    }
    const facts = [];
    let sessionCode = slice.code;
    let noCode;
    if (code !== void 0) {
      if (s.motion === true && code !== sessionCode) {
        identify(s, code, context, facts);
        sessionCode = code;
      }
    } else if (context.readsDriverCards !== false) {
      noCode = stepNoCode(slice.noCode, input, settings, facts);
    }
    const out = facts.length > 0 ? facts : NO_FACTS;
    if (sessionCode === slice.code && noCode === slice.noCode && stillSinceMs === slice.stillSinceMs) {
      return { slice, facts: out };
    }
    const next = {};
    if (sessionCode !== void 0) next.code = sessionCode;
    if (noCode !== void 0) next.noCode = noCode;
    if (stillSinceMs !== void 0) next.stillSinceMs = stillSinceMs;
    return { slice: next, facts: out };
  }
};

// ../../packages/telematics/src/capabilities/drivers.ts
var drivers = {
  name: "drivers",
  alertDetectors: [driverDetector],
  alertCodes: ["IDD", "NUM"]
};

// ../../packages/telematics/src/detectors/driver-activity.detector.ts
var INITIAL_DRIVER_ACTIVITY = Object.freeze({});
function activityOfWorkingState(state) {
  switch (state) {
    case 0:
      return "rest";
    case 1:
      return "available";
    case 2:
      return "work";
    case 3:
      return "drive";
    default:
      return "unknown";
  }
}
function cardIn(s, slot) {
  if (slot === 1) {
    if (s.driver1Card === 0) return void 0;
    return s.driverCode === "" ? void 0 : s.driverCode;
  }
  return s.driver2Code === "" ? void 0 : s.driver2Code;
}
function stateIn(s, slot) {
  return slot === 1 ? s.driver1State : s.driver2State;
}
function goesOn(open, s, slot) {
  const state = stateIn(s, slot);
  const card = cardIn(s, slot);
  if (open === void 0) return state === void 0 || card === void 0;
  return state !== void 0 && card === open.card && activityOfWorkingState(state) === open.kind;
}
function fact(slot, open, atMs, endMs) {
  const f = {
    type: "driver-activity",
    atMs,
    slot,
    card: open.card,
    kind: open.kind,
    startMs: open.startMs
  };
  if (endMs !== void 0) f.endMs = endMs;
  if (open.lat !== void 0) {
    f.lat = open.lat;
    f.lng = open.lng;
  }
  return f;
}
function stepSlot(open, s, prev, isGap, slot, facts) {
  const state = stateIn(s, slot);
  const card = cardIn(s, slot);
  const kind2 = state === void 0 ? void 0 : activityOfWorkingState(state);
  if (open !== void 0) {
    const endMs = isGap && prev !== void 0 ? prev.fixTimeMs : s.fixTimeMs;
    facts.push(fact(slot, open, s.fixTimeMs, endMs));
  }
  if (kind2 === void 0 || card === void 0) return void 0;
  const next = { card, kind: kind2, startMs: s.fixTimeMs };
  if (s.hasLocation) {
    next.lat = s.lat;
    next.lng = s.lng;
  }
  facts.push(fact(slot, next, s.fixTimeMs));
  return next;
}
var SAME = { slice: INITIAL_DRIVER_ACTIVITY, facts: NO_FACTS };
var driverActivityDetector = {
  name: "driver-activity",
  initial: INITIAL_DRIVER_ACTIVITY,
  step(slice, input) {
    const { sample: s, prev, isGap } = input;
    if (!isGap && goesOn(slice.s1, s, 1) && goesOn(slice.s2, s, 2)) {
      SAME.slice = slice;
      return SAME;
    }
    const facts = [];
    const s1 = isGap || !goesOn(slice.s1, s, 1) ? stepSlot(slice.s1, s, prev, isGap, 1, facts) : slice.s1;
    const s2 = isGap || !goesOn(slice.s2, s, 2) ? stepSlot(slice.s2, s, prev, isGap, 2, facts) : slice.s2;
    const next = {};
    if (s1 !== void 0) next.s1 = s1;
    if (s2 !== void 0) next.s2 = s2;
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  }
};

// ../../packages/telematics/src/capabilities/driving-times.ts
var DRIVING_TIMES_ALERT_CODES = ["DTB", "DTD", "DTI"];
var drivingTimes = {
  name: "driving-times",
  detectors: [driverActivityDetector],
  factKinds: ["driver-activity"],
  alertCodes: DRIVING_TIMES_ALERT_CODES
};

// ../../packages/telematics/src/detectors/fault.detector.ts
var FAULT_ABSENT_REPORTS = 2;
var FAULT_QUIET_ON_S = 600;
var INITIAL_FAULTS = { episodes: [], onS: 0 };
var NO_LAMPS = Object.freeze({
  mil: false,
  redStop: false,
  amber: false,
  protect: false
});
function pointOf(s) {
  const p = { timeMs: s.fixTimeMs };
  if (s.hasLocation) {
    p.lat = s.lat;
    p.lng = s.lng;
  }
  if (s.odometerM !== void 0) p.odometerM = s.odometerM;
  if (s.engineHours !== void 0) p.engineHours = s.engineHours;
  return p;
}
function mergeLamps(a, b) {
  if (!b) return a;
  if (b.mil && !a.mil || b.redStop && !a.redStop || b.amber && !a.amber || b.protect && !a.protect)
    return {
      mil: a.mil || b.mil,
      redStop: a.redStop || b.redStop,
      amber: a.amber || b.amber,
      protect: a.protect || b.protect
    };
  return a;
}
function toFact(e, atMs, end, endReason) {
  const fact2 = {
    type: "fault",
    atMs,
    source: e.source,
    code: e.code,
    start: e.start,
    lastSeenMs: e.lastSeenMs,
    lamps: e.lamps,
    severity: e.severity
  };
  if (e.spn !== void 0) fact2.spn = e.spn;
  if (e.fmi !== void 0) fact2.fmi = e.fmi;
  if (e.occurrences !== void 0) fact2.occurrences = e.occurrences;
  if (end) {
    fact2.end = end;
    fact2.endReason = endReason;
  }
  return fact2;
}
function criticalEvent(e, s) {
  const fact2 = { type: "event", code: "FCR", startTimeMs: s.fixTimeMs };
  if (s.hasLocation) {
    fact2.lat = s.lat;
    fact2.lng = s.lng;
  }
  if (s.driverCode !== void 0) fact2.driverCode = s.driverCode;
  const data = { dtc: e.code, source: e.source };
  if (e.spn !== void 0) data.spn = e.spn;
  if (e.fmi !== void 0) data.fmi = e.fmi;
  fact2.data = data;
  return fact2;
}
function seen(e, dtc, s, onS) {
  const occurrences = dtc.standard === "j1939" ? dtc.occurrences : void 0;
  const lamps = mergeLamps(e?.lamps ?? NO_LAMPS, dtc.standard === "j1939" ? dtc.lamps : void 0);
  const severity = severityOf(lamps);
  const episode = {
    source: dtc.standard,
    code: e?.code ?? dtcCode(dtc),
    start: e?.start ?? pointOf(s),
    lastSeenMs: s.fixTimeMs,
    onSAtSeen: onS,
    lamps,
    severity,
    critical: e?.critical ?? false,
    missed: 0
  };
  if (dtc.standard === "j1939") {
    episode.spn = dtc.spn;
    episode.fmi = dtc.fmi;
  }
  if (occurrences !== void 0) episode.occurrences = occurrences;
  const changed = !e || e.severity !== severity || e.occurrences !== occurrences || e.lamps !== lamps;
  return { episode, changed };
}
var faultDetector = {
  name: "fault",
  initial: INITIAL_FAULTS,
  step(slice, { sample: s, prev }, _context, settings) {
    const report = s.dtcs;
    if (report === void 0 && slice.episodes.length === 0) return { slice, facts: NO_FACTS };
    let onS = slice.onS;
    if (prev && (prev.ignition ?? prev.engineOn) === true) {
      const dtS = (s.fixTimeMs - prev.fixTimeMs) / 1e3;
      if (dtS <= settings.maxGapS) onS += dtS;
    }
    const facts = [];
    let episodes;
    if (report !== void 0) {
      episodes = [];
      const reported = /* @__PURE__ */ new Set();
      const sources = new Set(report.map((d) => d.standard));
      for (const dtc of report) {
        const code = dtcCode(dtc);
        if (reported.has(code)) continue;
        reported.add(code);
        const old = slice.episodes.find((e) => e.code === code);
        const { episode, changed } = seen(old, dtc, s, onS);
        if (changed) facts.push(toFact(episode, s.fixTimeMs));
        if (episode.lamps.redStop && !episode.critical) {
          episode.critical = true;
          facts.push(criticalEvent(episode, s));
        }
        episodes.push(episode);
      }
      for (const e of slice.episodes) {
        if (reported.has(e.code)) continue;
        if (report.length > 0 && !sources.has(e.source)) {
          episodes.push(e);
          continue;
        }
        const missed = e.missed + 1;
        const firstMiss = e.firstMiss ?? pointOf(s);
        if (missed >= FAULT_ABSENT_REPORTS) facts.push(toFact(e, s.fixTimeMs, firstMiss, "absent"));
        else episodes.push({ ...e, missed, firstMiss });
      }
    }
    const current = episodes ?? slice.episodes;
    if (current.some((e) => onS - e.onSAtSeen >= FAULT_QUIET_ON_S)) {
      const kept = [];
      for (const e of current) {
        if (onS - e.onSAtSeen >= FAULT_QUIET_ON_S)
          facts.push(toFact(e, s.fixTimeMs, pointOf(s), "quiet"));
        else kept.push(e);
      }
      episodes = kept;
    }
    const next = episodes === void 0 && onS === slice.onS ? slice : { episodes: episodes ?? slice.episodes, onS };
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  }
};

// ../../packages/telematics/src/capabilities/faults.ts
var faults = {
  name: "faults",
  detectors: [faultDetector],
  factKinds: ["fault"],
  alertCodes: ["FCR"]
};

// ../../packages/telematics/src/fuel/tank.ts
function tankLitres(tank, pct) {
  const p = pct < 0 ? 0 : pct > 100 ? 100 : pct;
  const table = tank.calibration;
  if (!table || table.length === 0) return p / 100 * tank.capacityL;
  let lo = { pct: 0, litres: 0 };
  for (const hi of table) {
    if (p <= hi.pct) return interpolate(lo, hi, p);
    lo = hi;
  }
  if (lo.pct >= 100) return lo.litres;
  return interpolate(lo, { pct: 100, litres: Math.max(tank.capacityL, lo.litres) }, p);
}
function interpolate(a, b, p) {
  const span = b.pct - a.pct;
  if (span <= 0) return b.litres;
  return a.litres + (p - a.pct) / span * (b.litres - a.litres);
}
function tanksLitres(tanks, pct) {
  let sum = 0;
  for (const t of tanks) sum += tankLitres(t, pct);
  return sum;
}
function tanksCapacityL(tanks) {
  let sum = 0;
  for (const t of tanks) sum += t.capacityL;
  return sum;
}
function tanksPct(tanks, litres) {
  let lo = 0;
  let hi = 100;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (tanksLitres(tanks, mid) < litres) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// ../../packages/telematics/src/detectors/fuel.detector.ts
var SETTLE_MS = 6e4;
var MOVING_WINDOW = 7;
var CONFIRM_RECORDS = 5;
var STEADY_MIN_KMH = 20;
var STEADY_MAX_DELTA_KMH = 5;
var AFTER_RECORDS = 3;
var MERGE_RADIUS_M = 200;
var EVIDENCE_SAMPLES = 10;
var FUEL_REFILL_MIN_L = 20;
var FUEL_REFILL_MIN_SHARE = 0.04;
var FUEL_THEFT_MIN_L = 12;
var FUEL_THEFT_MIN_SHARE = 0.025;
var UREA_REFILL_MIN_L = 5;
var UREA_REFILL_MIN_SHARE = 0.08;
var EMPTY_TRACK = Object.freeze({ window: Object.freeze([]) });
var INITIAL_FUEL = Object.freeze({ fuel: EMPTY_TRACK, urea: EMPTY_TRACK });
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
function fuelCapacityL(context) {
  if (context.fuelTanks && context.fuelTanks.length > 0) {
    const sum2 = tanksCapacityL(context.fuelTanks);
    return sum2 > 0 ? sum2 : void 0;
  }
  const tanks = context.fuelTanksL;
  if (!tanks || tanks.length === 0) return void 0;
  let sum = 0;
  for (const t of tanks) sum += t;
  return sum > 0 ? sum : void 0;
}
var round1 = (x) => Math.round(x * 10) / 10;
function isSteady(s, prev) {
  const v = s.speedKmh;
  if (v === void 0 || v < STEADY_MIN_KMH) return false;
  const pv = prev?.speedKmh;
  return pv !== void 0 && Math.abs(v - pv) <= STEADY_MAX_DELTA_KMH;
}
function metresBetween(lat1, lng1, lat2, lng2) {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos((lat1 + lat2) / 2 * rad);
  const y = (lat2 - lat1) * rad;
  return Math.sqrt(x * x + y * y) * 6371e3;
}
function isSamePlace(stop, s) {
  if (stop.lat === void 0 || stop.lng === void 0 || !s.hasLocation) return true;
  return metresBetween(stop.lat, stop.lng, s.lat, s.lng) <= MERGE_RADIUS_M;
}
function pushLimited(list, value, limit) {
  const next = list.length >= limit ? list.slice(list.length - limit + 1) : list.slice();
  next.push(value);
  return next;
}
function burnt(rule, from, to) {
  if (!rule.countsBurnt || from === void 0 || to === void 0 || to < from) return 0;
  return to - from;
}
function stopDelta(rule, stop, afterL) {
  const moving = afterL - stop.beforeL + burnt(rule, stop.beforeUsedL, stop.lastUsedL);
  const first = stop.firstRaws;
  if (!first || first.length < AFTER_RECORDS) return moving;
  const threshold = Math.min(rule.refillL, rule.theftL);
  const spread = Math.max(...first) - Math.min(...first);
  const baseL = spread < threshold / 2 ? median(first) : first[0];
  const standing = afterL - baseL + burnt(rule, stop.firstUsedL, stop.lastUsedL);
  if (moving - standing > rule.refillL && moving >= rule.refillL) return moving;
  if (Math.abs(standing) < threshold && Math.abs(moving) >= 3 * threshold) return moving;
  return standing;
}
function toEvent(rule, p, confirmedL) {
  const stop = p.stop;
  const code = p.kind === "up" ? rule.refillCode : rule.theftCode;
  const startTimeMs = stop.steadyMs ?? stop.sinceMs;
  const evidence = stop.evidence.map(([t, l]) => `${t}:${round1(l)}`).join(",");
  const fact2 = {
    type: "event",
    code,
    startTimeMs,
    endTimeMs: Math.max(startTimeMs, stop.lastRawMs ?? stop.sinceMs),
    value: round1(Math.abs(p.deltaL))
  };
  if (stop.lat !== void 0 && stop.lng !== void 0) {
    fact2.lat = stop.lat;
    fact2.lng = stop.lng;
  }
  if (stop.driverCode !== void 0) fact2.driverCode = stop.driverCode;
  fact2.data = {
    levelBeforeL: round1(stop.beforeL ?? 0),
    levelAfterL: round1(p.afterL),
    levelConfirmedL: round1(confirmedL),
    burntL: round1(p.deltaL - (p.afterL - (stop.beforeL ?? 0))),
    /** Seconds after the stop began (`stopStartMs`) : litres, the samples around the change. */
    samples: evidence,
    stopStartMs: stop.sinceMs
  };
  return fact2;
}
function stepTrack(track, levelL, s, prev, rule, settings, facts) {
  const speed2 = s.speedKmh;
  if (speed2 === void 0) return track;
  const t = s.fixTimeMs;
  let { window, windowUsedL, motionSinceMs, stop, pending } = track;
  if (speed2 < settings.stationarySpeedKmh) {
    motionSinceMs = void 0;
    if (!stop) {
      if (pending && t - pending.motionSinceMs <= 10 * SETTLE_MS && isSamePlace(pending.stop, s)) {
        stop = { ...pending.stop, resumedMs: t };
        pending = void 0;
      } else {
        const beforeL = window.length >= 3 ? median(window) : void 0;
        stop = {
          sinceMs: t,
          beforeL,
          beforeUsedL: beforeL === void 0 ? void 0 : windowUsedL,
          raws: [],
          lat: s.hasLocation ? s.lat : void 0,
          lng: s.hasLocation ? s.lng : void 0,
          driverCode: s.driverCode,
          evidence: beforeL === void 0 ? [] : [[0, beforeL]]
        };
      }
    }
    if (t - (stop.resumedMs ?? stop.sinceMs) >= SETTLE_MS) {
      const beforeL = stop.beforeL ?? levelL;
      const threshold = Math.min(rule.refillL, rule.theftL);
      const isSteadyLevel = Math.abs(levelL - beforeL) < threshold / 2;
      const rel = Math.round((t - stop.sinceMs) / 1e3);
      const evidence = isSteadyLevel && stop.evidence.length > 1 || stop.evidence.length >= EVIDENCE_SAMPLES ? stop.evidence : [...stop.evidence, [rel, levelL]];
      const firstRaws = (stop.firstRaws?.length ?? 0) >= AFTER_RECORDS ? stop.firstRaws : [...stop.firstRaws ?? [], levelL];
      stop = {
        sinceMs: stop.sinceMs,
        resumedMs: stop.resumedMs,
        beforeL,
        beforeUsedL: stop.beforeUsedL ?? s.fuelUsedL,
        raws: pushLimited(stop.raws, levelL, AFTER_RECORDS),
        firstRaws,
        firstUsedL: stop.firstUsedL ?? s.fuelUsedL,
        lastUsedL: s.fuelUsedL ?? stop.lastUsedL,
        lastRawMs: t,
        steadyMs: isSteadyLevel ? t : stop.steadyMs,
        lat: stop.lat,
        lng: stop.lng,
        driverCode: stop.driverCode,
        evidence
      };
    }
    return { window, windowUsedL, motionSinceMs, stop, pending };
  }
  if (s.motion !== true) return track;
  motionSinceMs ??= t;
  const steady = isSteady(s, prev) && t - motionSinceMs >= SETTLE_MS;
  if (stop) {
    if (stop.beforeL !== void 0 && stop.raws.length > 0) {
      const afterL = median(stop.raws);
      const deltaL = stopDelta(rule, stop, afterL);
      const hasBaseline = (stop.firstRaws?.length ?? 0) >= AFTER_RECORDS;
      const kind2 = deltaL >= rule.refillL ? "up" : rule.theftCode && deltaL <= -rule.theftL && hasBaseline ? "down" : null;
      if (kind2) {
        if (pending) facts.push(toEvent(rule, pending, pending.afterL));
        pending = { stop, kind: kind2, deltaL, afterL, motionSinceMs, moving: [], movingUsedL: void 0 };
      }
    }
    stop = void 0;
    window = [];
    windowUsedL = void 0;
  }
  if (!steady) return { window, windowUsedL, motionSinceMs, stop, pending };
  window = pushLimited(window, levelL, MOVING_WINDOW);
  windowUsedL = s.fuelUsedL;
  if (pending) {
    const moving = pushLimited(pending.moving, levelL, CONFIRM_RECORDS);
    if (moving.length < CONFIRM_RECORDS) {
      pending = {
        stop: pending.stop,
        kind: pending.kind,
        deltaL: pending.deltaL,
        afterL: pending.afterL,
        motionSinceMs: pending.motionSinceMs,
        moving,
        movingUsedL: pending.movingUsedL ?? s.fuelUsedL
      };
    } else {
      const confirmedL = median(moving);
      const before = pending.stop.beforeL;
      const net = confirmedL - before + burnt(rule, pending.stop.beforeUsedL, s.fuelUsedL);
      const holds = pending.kind === "up" ? net >= rule.refillL / 2 : net <= -rule.theftL / 2;
      if (holds) facts.push(toEvent(rule, pending, confirmedL));
      pending = void 0;
    }
  }
  return { window, windowUsedL, motionSinceMs, stop, pending };
}
function fuelRule(capacityL) {
  return {
    refillCode: "CRG",
    theftCode: "DCS",
    refillL: Math.max(FUEL_REFILL_MIN_L, FUEL_REFILL_MIN_SHARE * capacityL),
    theftL: Math.max(FUEL_THEFT_MIN_L, FUEL_THEFT_MIN_SHARE * capacityL),
    countsBurnt: true
  };
}
function ureaRule(capacityL) {
  const refillL = Math.max(UREA_REFILL_MIN_L, UREA_REFILL_MIN_SHARE * capacityL);
  return { refillCode: "AUR", refillL, theftL: refillL, countsBurnt: false };
}
var fuelDetector = {
  name: "fuel",
  initial: INITIAL_FUEL,
  step(slice, { sample: s, prev }, context, settings) {
    let fuel2 = slice.fuel;
    let urea = slice.urea;
    let facts;
    const capacityL = fuelCapacityL(context);
    const fuelL = s.fuelLevelL ?? (capacityL !== void 0 && s.fuelLevelPct !== void 0 ? context.fuelTanks && context.fuelTanks.length > 0 ? tanksLitres(context.fuelTanks, s.fuelLevelPct) : s.fuelLevelPct / 100 * capacityL : void 0);
    if (fuelL !== void 0) {
      facts = [];
      fuel2 = stepTrack(fuel2, fuelL, s, prev, fuelRule(capacityL ?? 0), settings, facts);
    }
    const ureaCapL = context.ureaTankL;
    if (ureaCapL !== void 0 && ureaCapL > 0 && s.ureaLevelPct !== void 0) {
      facts ??= [];
      const ureaL = s.ureaLevelPct / 100 * ureaCapL;
      urea = stepTrack(urea, ureaL, s, prev, ureaRule(ureaCapL), settings, facts);
    }
    if (fuel2 === slice.fuel && urea === slice.urea) return { slice, facts: NO_FACTS };
    return {
      slice: { fuel: fuel2, urea },
      facts: facts && facts.length > 0 ? facts : NO_FACTS
    };
  }
};

// ../../packages/telematics/src/capabilities/fuel.ts
var fuel = {
  name: "fuel",
  alertDetectors: [fuelDetector],
  alertCodes: ["CRG", "DCS", "AUR"]
};

// ../../packages/telematics/src/detectors/harsh.detector.ts
var CODE_OF = {
  accel: "AAB",
  brake: "AFI",
  corner: "CAB"
};
var KINDS = ["accel", "brake", "corner"];
var INITIAL_HARSH = Object.freeze({ runs: Object.freeze([]) });
var DEG = Math.PI / 180;
function intervalMagnitude(kind2, prev, s, dtS, settings) {
  const v0 = prev.speedKmh;
  const v1 = s.speedKmh;
  if (v0 === void 0 || v1 === void 0) return 0;
  let a;
  let threshold;
  if (kind2 === "corner") {
    if (prev.headingDeg === void 0 || s.headingDeg === void 0) return 0;
    if (v0 < settings.motionSpeedKmh || v1 < settings.motionSpeedKmh) return 0;
    let turnDeg = Math.abs(s.headingDeg - prev.headingDeg) % 360;
    if (turnDeg > 180) turnDeg = 360 - turnDeg;
    a = (v0 + v1) / 2 / 3.6 * turnDeg * DEG / dtS;
    threshold = settings.harshCornerMps2;
  } else {
    const dv = (v1 - v0) / 3.6 / dtS;
    a = kind2 === "accel" ? dv : -dv;
    threshold = kind2 === "accel" ? settings.harshAccelMps2 : settings.harshBrakeMps2;
  }
  return a >= threshold ? a : 0;
}
function stepComputed(runs, s, prev, settings, facts) {
  const dtS = prev ? (s.fixTimeMs - prev.fixTimeMs) / 1e3 : 0;
  if (!prev || dtS <= 0 || dtS > settings.harshMaxIntervalS) {
    return runs.length === 0 ? runs : INITIAL_HARSH.runs;
  }
  let next;
  for (const kind2 of KINDS) {
    const magnitude = intervalMagnitude(kind2, prev, s, dtS, settings);
    const held = runs.find((r) => r.kind === kind2);
    if (magnitude === 0) {
      if (held) next ??= runs.filter((r) => r.kind !== kind2);
      continue;
    }
    let run = held ? { ...held, peakMps2: Math.max(held.peakMps2, magnitude) } : { ...originOf(prev), kind: kind2, sinceMs: prev.fixTimeMs, peakMps2: magnitude, isAlerted: false };
    if (!run.isAlerted && (s.fixTimeMs - run.sinceMs) / 1e3 >= settings.harshMinS) {
      facts.push(eventFact(CODE_OF[kind2], run, { value: round2(run.peakMps2) }));
      run = { ...run, isAlerted: true };
    }
    next = [...(next ?? runs).filter((r) => r.kind !== kind2), run];
  }
  return next ?? runs;
}
function round2(x) {
  return Math.round(x * 100) / 100;
}
var harshDetector = {
  name: "harsh",
  initial: INITIAL_HARSH,
  step(slice, { sample: s, prev }, context, settings) {
    const facts = [];
    let device = slice.device;
    let runs = slice.runs;
    if (context.alerts?.harshSource === "computed") {
      runs = stepComputed(runs, s, prev, settings, facts);
    } else if (s.harshEvent !== void 0) {
      const isSameEpisode = device?.kind === s.harshEvent && (s.fixTimeMs - device.atMs) / 1e3 <= settings.harshMergeS;
      if (!isSameEpisode) {
        const value = s.harshMps2 === void 0 ? void 0 : round2(s.harshMps2);
        facts.push(eventFact(CODE_OF[s.harshEvent], originOf(s), { value }));
      }
      device = { kind: s.harshEvent, atMs: s.fixTimeMs };
    } else if (device && (s.fixTimeMs - device.atMs) / 1e3 > settings.harshMergeS) {
      device = void 0;
    }
    if (device === slice.device && runs === slice.runs) {
      return { slice, facts: facts.length > 0 ? facts : NO_FACTS };
    }
    const next = device ? { device, runs } : { runs };
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  }
};

// ../../packages/telematics/src/capabilities/harsh-driving.ts
var harshDriving = {
  name: "harsh-driving",
  alertDetectors: [harshDetector],
  alertCodes: ["AAB", "AFI", "CAB"]
};

// ../../packages/telematics/src/detectors/idle.detector.ts
var INITIAL_IDLE = {};
function isEngineRunning(s, settings) {
  if (s.ignition === false) return false;
  if (s.rpm !== void 0) return s.rpm >= settings.idleRpmMin;
  return s.ignition === true;
}
function isIdleRecord(s, settings) {
  return s.speedKmh !== void 0 && s.speedKmh < settings.stationarySpeedKmh && s.pto !== true && isEngineRunning(s, settings);
}
function openRun(s) {
  return {
    startTimeMs: s.fixTimeMs,
    lat: s.hasLocation ? s.lat : void 0,
    lng: s.hasLocation ? s.lng : void 0,
    driverCode: s.driverCode,
    lastTimeMs: s.fixTimeMs,
    isOpen: false,
    startFuelUsedL: s.fuelUsedL,
    endFuelUsedL: s.fuelUsedL,
    rateFuelL: 0,
    hasRate: true,
    motionSinceMs: void 0
  };
}
function toFact2(run, endTimeMs, endReason, settings) {
  const durationS = (endTimeMs - run.startTimeMs) / 1e3;
  let fuelL;
  let fuelSource;
  const counted = run.startFuelUsedL !== void 0 && run.endFuelUsedL !== void 0 ? run.endFuelUsedL - run.startFuelUsedL : void 0;
  if (counted !== void 0 && counted >= 0 && counted <= settings.maxFuelRateLph * durationS / 3600) {
    fuelL = counted;
    fuelSource = "counter";
  } else if (run.hasRate && run.rateFuelL > 0) {
    fuelL = run.rateFuelL;
    fuelSource = "rate";
  } else {
    fuelL = settings.idleEstimatedLph * durationS / 3600;
    fuelSource = "estimated";
  }
  const fact2 = {
    type: "idle",
    startTimeMs: run.startTimeMs,
    endTimeMs,
    durationS,
    lat: run.lat,
    lng: run.lng,
    fuelL,
    fuelSource,
    driverCode: run.driverCode,
    endReason
  };
  return fact2;
}
function endReasonOf(s, settings) {
  if (s.ignition === false) return "ignition-off";
  if (s.rpm !== void 0 && s.rpm < settings.idleRpmMin) return "engine-stopped";
  if (s.pto === true) return "pto";
  return void 0;
}
function extend(run, s, prev, motionSinceMs) {
  let rateFuelL = run.rateFuelL;
  let hasRate = run.hasRate;
  let endFuelUsedL = run.endFuelUsedL;
  if (run.motionSinceMs === void 0 && prev) {
    if (prev.fuelRateLph === void 0) hasRate = false;
    else rateFuelL += prev.fuelRateLph * (s.fixTimeMs - prev.fixTimeMs) / 36e5;
    if (s.fuelUsedL !== void 0) endFuelUsedL = s.fuelUsedL;
  }
  return {
    startTimeMs: run.startTimeMs,
    lat: run.lat,
    lng: run.lng,
    driverCode: run.driverCode,
    lastTimeMs: s.fixTimeMs,
    isOpen: run.isOpen,
    startFuelUsedL: run.startFuelUsedL,
    endFuelUsedL,
    rateFuelL,
    hasRate,
    motionSinceMs
  };
}
var idleDetector = {
  name: "idle",
  initial: INITIAL_IDLE,
  step(slice, { sample: s, prev }, _context, settings) {
    let run = slice.run;
    const isIdle3 = isIdleRecord(s, settings);
    if (!run && !isIdle3) return { slice, facts: NO_FACTS };
    const facts = [];
    if (run && (s.fixTimeMs - run.lastTimeMs) / 1e3 > settings.idleMaxGapS) {
      if (run.isOpen) facts.push(toFact2(run, run.lastTimeMs, "gap", settings));
      run = void 0;
    }
    if (run) {
      const reason = endReasonOf(s, settings);
      const isMotion = s.speedKmh !== void 0 && s.speedKmh >= settings.motionSpeedKmh;
      if (reason) {
        const ended = extend(run, s, prev, run.motionSinceMs);
        if (run.isOpen)
          facts.push(toFact2(ended, run.motionSinceMs ?? s.fixTimeMs, reason, settings));
        run = void 0;
      } else if (isMotion) {
        if (!run.isOpen) run = void 0;
        else {
          const since = run.motionSinceMs ?? s.fixTimeMs;
          if ((s.fixTimeMs - since) / 1e3 >= settings.idleEndMotionS) {
            facts.push(toFact2(run, since, "motion", settings));
            run = void 0;
          } else {
            run = extend(run, s, prev, since);
          }
        }
      } else if (isIdle3) {
        run = extend(run, s, prev, void 0);
      } else if (!run.isOpen) {
        run = void 0;
      } else {
        run = extend(run, s, prev, run.motionSinceMs);
      }
    }
    if (!run && isIdle3) run = openRun(s);
    if (run && !run.isOpen && (s.fixTimeMs - run.startTimeMs) / 1e3 >= settings.idleStartS)
      run.isOpen = true;
    const next = run ? { run } : INITIAL_IDLE;
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  }
};

// ../../packages/telematics/src/capabilities/idle.ts
var idle = {
  name: "idle",
  detectors: [idleDetector],
  factKinds: ["idle"]
};

// ../../packages/telematics/src/detectors/rollup.detector.ts
var ROLLUP_BUCKET_MS = 36e5;
var ZERO = {
  distanceKm: 0,
  fuelL: 0,
  isFuelEstimated: false,
  engineTimeS: 0,
  drivingTimeS: 0,
  idleTimeS: 0,
  unknownTimeS: 0
};
function bucketOf(fixTimeMs, bucketMs, offsetMs2 = 0) {
  return Math.floor((fixTimeMs + offsetMs2) / bucketMs) * bucketMs - offsetMs2;
}
function sampleDeltas(a, b, settings) {
  if (b.fixTimeMs <= a.fixTimeMs) return { ...ZERO };
  const share = shareInterval(a, b.fixTimeMs, settings);
  let distanceM;
  if (a.odometerM !== void 0 && b.odometerM !== void 0) {
    const baseline = { value: a.odometerM, atMs: a.fixTimeMs };
    distanceM = counterDelta("odometerM", baseline, b.odometerM, b.fixTimeMs, settings).delta;
  } else {
    distanceM = gpsHopM(a, b, settings);
  }
  let fuelL = 0;
  let isFuelEstimated = false;
  if (a.fuelUsedL !== void 0 && b.fuelUsedL !== void 0) {
    const baseline = { value: a.fuelUsedL, atMs: a.fixTimeMs };
    fuelL = counterDelta("fuelUsedL", baseline, b.fuelUsedL, b.fixTimeMs, settings).delta;
  } else if (a.fuelRateLph !== void 0 && share.engineOnS > 0) {
    fuelL = Math.min(a.fuelRateLph, settings.maxFuelRateLph) * share.engineOnS / 3600;
    isFuelEstimated = true;
  }
  return {
    distanceKm: distanceM / 1e3,
    fuelL,
    isFuelEstimated,
    engineTimeS: share.engineOnS,
    drivingTimeS: share.drivingS,
    idleTimeS: share.idleS,
    unknownTimeS: share.unknownS
  };
}
var rollupDetector = {
  name: "rollup",
  initial: null,
  step(slice, { sample, prev }, _context, settings) {
    if (!prev) return { slice, facts: NO_FACTS };
    const d = sampleDeltas(prev, sample, settings);
    if (d.distanceKm === 0 && d.fuelL === 0 && d.engineTimeS === 0 && d.drivingTimeS === 0 && d.idleTimeS === 0)
      return { slice, facts: NO_FACTS };
    const fact2 = {
      type: "rollup",
      bucketMs: bucketOf(prev.fixTimeMs, ROLLUP_BUCKET_MS),
      distanceKm: d.distanceKm,
      fuelL: d.fuelL,
      engineS: d.engineTimeS,
      drivingS: d.drivingTimeS,
      idleS: d.idleTimeS
    };
    return { slice, facts: [fact2] };
  }
};

// ../../packages/telematics/src/detectors/indicators.detector.ts
var INDICATOR_THRESHOLDS = Object.freeze({
  greenRpmMin: 900,
  greenRpmMax: 1500,
  inertiaMinKmh: 10,
  inertiaMaxTorquePct: 1,
  inertiaMaxFuelLph: 1,
  cruiseMinKmh: 60,
  kickdownPedalPct: 95,
  kickdownMinS: 1,
  kickdownMergeS: 3,
  torqueHighPct: 90,
  speedingBandKmh: 10,
  rpmLowMax: 800,
  rpmHighMin: 1800
});
var INITIAL_INDICATORS = Object.freeze({});
function emptyFact(bucketMs, driverCode) {
  return {
    type: "indicators",
    bucketMs,
    driverCode,
    distanceKm: 0,
    fuelL: 0,
    engineS: 0,
    unknownS: 0,
    drivingS: 0,
    idleS: 0,
    canS: 0,
    greenS: 0,
    inertiaS: 0,
    over60S: 0,
    cruiseS: 0,
    torqueSum: 0,
    torqueS: 0,
    torqueHighS: 0,
    kickdowns: 0,
    excessKm: 0,
    speedingS: 0,
    speeding10S: 0,
    hardBrakes: 0,
    harshAccels: 0,
    harshCorners: 0,
    crashes: 0,
    engineSignalS: 0,
    rpmUnder800S: 0,
    rpmBelowGreenS: 0,
    rpmGreenS: 0,
    rpmAboveGreenS: 0,
    rpmOver1800S: 0,
    harshInputS: 0
  };
}
function addEngineTime(f, prev, engineS, th) {
  const rpm = prev.rpm;
  if (rpm === void 0) {
    if (prev.ignition !== void 0) f.engineSignalS += engineS;
    return;
  }
  f.engineSignalS += engineS;
  if (rpm < th.rpmLowMax) f.rpmUnder800S += engineS;
  else if (rpm < th.greenRpmMin) f.rpmBelowGreenS += engineS;
  else if (rpm <= th.greenRpmMax) f.rpmGreenS += engineS;
  else if (rpm <= th.rpmHighMin) f.rpmAboveGreenS += engineS;
  else f.rpmOver1800S += engineS;
}
function isKickdown(s, th) {
  if (s.kickdown !== void 0) return s.kickdown;
  return s.pedalPct !== void 0 && s.pedalPct >= th.kickdownPedalPct;
}
function addInterval(f, prev, engineS, drivingS, th) {
  if (engineS > 0) addEngineTime(f, prev, engineS, th);
  if (engineS > 0 && prev.torquePct !== void 0 && prev.torquePct > 0) {
    f.torqueSum += prev.torquePct * engineS;
    f.torqueS += engineS;
    if (prev.torquePct >= th.torqueHighPct) f.torqueHighS += engineS;
  }
  if (drivingS === 0) return;
  const speed2 = prev.speedKmh ?? 0;
  const rpm = prev.rpm;
  const torque = prev.torquePct;
  if (rpm !== void 0) {
    f.canS += drivingS;
    if (rpm >= th.greenRpmMin && rpm <= th.greenRpmMax && (torque === void 0 || torque > 0))
      f.greenS += drivingS;
  }
  if (speed2 > th.inertiaMinKmh && prev.pedalPct === 0 && prev.brake !== true && prev.cruise !== true && (torque !== void 0 && torque <= th.inertiaMaxTorquePct || prev.fuelRateLph !== void 0 && prev.fuelRateLph <= th.inertiaMaxFuelLph))
    f.inertiaS += drivingS;
  if (speed2 > th.cruiseMinKmh) {
    f.over60S += drivingS;
    if (prev.cruise === true && (prev.pedalPct === void 0 || prev.pedalPct === 0))
      f.cruiseS += drivingS;
  }
}
var indicatorsDetector = {
  name: "indicators",
  initial: INITIAL_INDICATORS,
  step(slice, { sample: s, prev, interval }, context, settings) {
    const th = INDICATOR_THRESHOLDS;
    const t = s.fixTimeMs;
    let next = slice;
    let fact2;
    const factOf = () => fact2 ??= emptyFact(
      bucketOf(prev ? prev.fixTimeMs : t, ROLLUP_BUCKET_MS),
      (prev ?? s).driverCode ?? ""
    );
    if (prev && interval) {
      const share = interval.share;
      const distanceKm = interval.distanceM / 1e3;
      let fuelL = interval.fuelL ?? 0;
      if (interval.fuelL === void 0 && prev.fuelRateLph !== void 0 && share.engineOnS > 0)
        fuelL = Math.min(prev.fuelRateLph, settings.maxFuelRateLph) * share.engineOnS / 3600;
      if (distanceKm !== 0 || fuelL !== 0 || share.engineOnS !== 0 || share.unknownS !== 0 || share.drivingS !== 0) {
        const f = factOf();
        f.distanceKm = distanceKm;
        f.fuelL = fuelL;
        f.engineS = share.engineOnS;
        f.unknownS = share.unknownS;
        f.drivingS = share.drivingS;
        f.idleS = share.idleS;
        addInterval(f, prev, share.engineOnS, share.drivingS, th);
        if (context.alerts?.harshSource === "computed" || prev.ignition !== void 0 || prev.rpm !== void 0)
          f.harshInputS = share.drivingS;
      }
      const limit = context.speedLimitKmh ?? settings.speedLimitKmh;
      const speed2 = prev.speedKmh;
      if (share.drivingS > 0 && speed2 !== void 0 && speed2 > limit) {
        const run = slice.over ? { ...slice.over } : { sinceMs: prev.fixTimeMs, isHeld: false, pendingKm: 0, pendingS: 0, pending10S: 0 };
        const isHigh = speed2 > limit + th.speedingBandKmh;
        run.pendingKm += distanceKm;
        if (isHigh) run.pending10S += share.drivingS;
        else run.pendingS += share.drivingS;
        if (run.isHeld || (t - run.sinceMs) / 1e3 >= settings.speedingMinS) {
          const f = factOf();
          f.excessKm += run.pendingKm;
          f.speedingS += run.pendingS;
          f.speeding10S += run.pending10S;
          run.isHeld = true;
          run.pendingKm = 0;
          run.pendingS = 0;
          run.pending10S = 0;
        }
        next = { ...next, over: run };
      } else if (slice.over) {
        next = { ...next, over: void 0 };
      }
      if (context.alerts?.harshSource === "computed") {
        const dtS = (t - prev.fixTimeMs) / 1e3;
        let braking = false;
        let accelerating = false;
        if (dtS > 0 && dtS <= settings.harshMaxIntervalS && prev.speedKmh !== void 0 && s.speedKmh !== void 0) {
          const a = (s.speedKmh - prev.speedKmh) / 3.6 / dtS;
          braking = -a >= settings.harshBrakeMps2;
          accelerating = a >= settings.harshAccelMps2;
        }
        if (braking && !slice.isBraking) factOf().hardBrakes += 1;
        if (accelerating && !slice.isAccelerating) factOf().harshAccels += 1;
        if (braking !== (slice.isBraking ?? false) || accelerating !== (slice.isAccelerating ?? false))
          next = { ...next, isBraking: braking, isAccelerating: accelerating };
      }
    }
    const kind2 = s.harshEvent;
    if (kind2 !== void 0 && context.alerts?.harshSource !== "computed") {
      const last = slice.harshAtMs?.[kind2];
      if (last === void 0 || (t - last) / 1e3 > settings.harshMergeS) {
        const f = factOf();
        if (kind2 === "brake") f.hardBrakes += 1;
        else if (kind2 === "accel") f.harshAccels += 1;
        else f.harshCorners += 1;
      }
      next = { ...next, harshAtMs: { ...slice.harshAtMs, [kind2]: t } };
    }
    if (s.crash === true) {
      const last = slice.crashAtMs;
      if (last === void 0 || (t - last) / 1e3 > settings.harshMergeS) factOf().crashes += 1;
      next = { ...next, crashAtMs: t };
    }
    let kickdown;
    const countKickdown = () => {
      factOf().kickdowns += 1;
      kickdown = {
        type: "kickdown",
        timeMs: t,
        ...s.hasLocation ? { lat: s.lat, lng: s.lng } : {},
        ...s.speedKmh === void 0 ? {} : { speedKmh: s.speedKmh },
        ...s.driverCode === void 0 ? {} : { driverCode: s.driverCode }
      };
    };
    const isKd = isKickdown(s, th);
    const since = slice.kickdownSinceMs;
    if (since !== void 0) {
      const isGap = prev !== void 0 && (t - prev.fixTimeMs) / 1e3 > settings.maxGapS;
      const isLongEnough = (t - since) / 1e3 >= th.kickdownMinS || s.kickdown !== void 0;
      let counted = slice.isKickdownCounted === true;
      if (!counted && isLongEnough && !isGap) {
        countKickdown();
        counted = true;
      }
      if (!isKd || isGap) {
        next = {
          ...next,
          kickdownSinceMs: void 0,
          isKickdownCounted: void 0,
          kickdownLastMs: counted ? t : slice.kickdownLastMs
        };
      } else if (counted !== (slice.isKickdownCounted === true)) {
        next = { ...next, isKickdownCounted: counted, kickdownLastMs: t };
      }
    }
    if (isKd && next.kickdownSinceMs === void 0) {
      const merged = next.kickdownLastMs !== void 0 && (t - next.kickdownLastMs) / 1e3 < th.kickdownMergeS;
      let counted = merged;
      if (!merged && s.kickdown === true) {
        countKickdown();
        counted = true;
      }
      next = { ...next, kickdownSinceMs: t, isKickdownCounted: counted };
    }
    if (kickdown) return { slice: next, facts: fact2 ? [fact2, kickdown] : [kickdown] };
    return { slice: next, facts: fact2 ? [fact2] : NO_FACTS };
  }
};

// ../../packages/telematics/src/capabilities/indicators.ts
var indicators = {
  name: "indicators",
  detectors: [indicatorsDetector],
  factKinds: ["indicators", "kickdown"]
};

// ../../node_modules/flatqueue/index.js
var FlatQueue = class {
  /**
   * Creates an empty queue. If `capacity` is provided, the queue is backed by fixed-size typed
   * arrays for better performance and memory use, but can't grow beyond `capacity`. `values` uses
   * `ValuesArray` (default `Float64Array`) and `ids` uses `IdsArray` (default `Uint32Array`); pass
   * narrower constructors like `Uint16Array` if your values or ids are known to fit them.
   *
   * @param {number} [capacity]
   * @param {TypedArrayConstructor} [ValuesArray]
   * @param {TypedArrayConstructor} [IdsArray]
   */
  constructor(capacity = Infinity, ValuesArray = Float64Array, IdsArray = Uint32Array) {
    const fixed = capacity !== Infinity;
    this.ids = fixed ? (
      /** @type {T[]} */
      /** @type {unknown} */
      new IdsArray(capacity)
    ) : [];
    this.values = fixed ? (
      /** @type {number[]} */
      /** @type {unknown} */
      new ValuesArray(capacity)
    ) : [];
    this.capacity = capacity;
    this.length = 0;
  }
  /** Removes all items from the queue. */
  clear() {
    this.length = 0;
  }
  /**
   * Adds `item` to the queue with the specified `priority`.
   *
   * `priority` must be a number. Items are sorted and returned from low to high priority. Multiple items
   * with the same priority value can be added to the queue, but there is no guaranteed order between these items.
   *
   * For fixed-capacity queues, throws a `RangeError` if the queue is already full.
   *
   * @param {T} item
   * @param {number} priority
   */
  push(item, priority) {
    if (this.length === this.capacity) throw new RangeError("Queue is at capacity.");
    let pos = this.length++;
    while (pos > 0) {
      const parent = pos - 1 >> 1;
      const parentValue = this.values[parent];
      if (priority >= parentValue) break;
      this.ids[pos] = this.ids[parent];
      this.values[pos] = parentValue;
      pos = parent;
    }
    this.ids[pos] = item;
    this.values[pos] = priority;
  }
  /**
   * Removes and returns the item from the head of this queue, which is one of
   * the items with the lowest priority. If this queue is empty, returns `undefined`.
   */
  pop() {
    if (this.length === 0) return void 0;
    const ids = this.ids, values = this.values, top = ids[0], last = --this.length;
    if (last > 0) {
      const id = ids[last];
      const value = values[last];
      let pos = 0;
      const halfLen = last >> 1;
      while (pos < halfLen) {
        const left = (pos << 1) + 1;
        const right = left + 1;
        const child = left + (+(right < last) & +(values[right] < values[left]));
        if (values[child] >= value) break;
        ids[pos] = ids[child];
        values[pos] = values[child];
        pos = child;
      }
      ids[pos] = id;
      values[pos] = value;
    }
    return top;
  }
  /** Returns the item from the head of this queue without removing it. If this queue is empty, returns `undefined`. */
  peek() {
    return this.length > 0 ? this.ids[0] : void 0;
  }
  /**
   * Returns the priority value of the item at the head of this queue without
   * removing it. If this queue is empty, returns `undefined`.
   */
  peekValue() {
    return this.length > 0 ? this.values[0] : void 0;
  }
  /**
   * Shrinks the internal arrays to `this.length`. No-op for queues with fixed capacity.
   *
   * `pop()` and `clear()` calls don't free memory automatically to avoid unnecessary resize operations.
   * This also means that items that have been added to the queue can't be garbage collected until
   * a new item is pushed in their place, or this method is called.
   */
  shrink() {
    if (Array.isArray(this.ids)) this.ids.length = this.length;
    if (Array.isArray(this.values)) this.values.length = this.length;
  }
};

// ../../node_modules/flatbush/index.js
var ARRAY_TYPES = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
var VERSION = 3;
var Flatbush = class _Flatbush {
  /**
   * Recreate a Flatbush index from raw `ArrayBuffer` or `SharedArrayBuffer` data.
   * @param {ArrayBufferLike} data
   * @param {number} [byteOffset=0] byte offset to the start of the Flatbush buffer in the referenced ArrayBuffer.
   * @returns {Flatbush} index
   */
  static from(data, byteOffset = 0) {
    if (byteOffset % 8 !== 0) {
      throw new Error("byteOffset must be 8-byte aligned.");
    }
    if (!data || data.byteLength === void 0 || "buffer" in data) {
      throw new Error("Data must be an instance of ArrayBuffer or SharedArrayBuffer.");
    }
    const [magic, versionAndType] = new Uint8Array(data, byteOffset + 0, 2);
    if (magic !== 251) {
      throw new Error("Data does not appear to be in a Flatbush format.");
    }
    const version = versionAndType >> 4;
    if (version !== VERSION) {
      throw new Error(`Got v${version} data when expected v${VERSION}.`);
    }
    const ArrayType = ARRAY_TYPES[versionAndType & 15];
    if (!ArrayType) {
      throw new Error("Unrecognized array type.");
    }
    const [nodeSize] = new Uint16Array(data, byteOffset + 2, 1);
    const [numItems] = new Uint32Array(data, byteOffset + 4, 1);
    return new _Flatbush(numItems, nodeSize, ArrayType, void 0, data, byteOffset);
  }
  /**
   * Create a Flatbush index that will hold a given number of items.
   * @param {number} numItems
   * @param {number} [nodeSize=16] Size of the tree node (16 by default).
   * @param {TypedArrayConstructor} [ArrayType=Float64Array] The array type used for coordinates storage (`Float64Array` by default).
   * @param {ArrayBufferConstructor | SharedArrayBufferConstructor} [ArrayBufferType=ArrayBuffer] The array buffer type used to store data (`ArrayBuffer` by default).
   * @param {ArrayBufferLike} [data] (Only used internally)
   * @param {number} [byteOffset=0] (Only used internally)
   */
  constructor(numItems, nodeSize = 16, ArrayType = Float64Array, ArrayBufferType = ArrayBuffer, data, byteOffset = 0) {
    if (numItems === void 0) throw new Error("Missing required argument: numItems.");
    if (isNaN(numItems) || numItems <= 0) throw new Error(`Unexpected numItems value: ${numItems}.`);
    this.numItems = +numItems;
    this.nodeSize = Math.min(Math.max(+nodeSize, 2), 65535);
    this.byteOffset = byteOffset;
    let n = numItems;
    let numNodes = n;
    this._levelBounds = [n * 4];
    do {
      n = Math.ceil(n / this.nodeSize);
      numNodes += n;
      this._levelBounds.push(numNodes * 4);
    } while (n !== 1);
    this.ArrayType = ArrayType;
    this.IndexArrayType = numNodes < 16384 ? Uint16Array : Uint32Array;
    const arrayTypeIndex = ARRAY_TYPES.indexOf(ArrayType);
    const nodesByteSize = numNodes * 4 * ArrayType.BYTES_PER_ELEMENT;
    if (arrayTypeIndex < 0) {
      throw new Error(`Unexpected typed array class: ${ArrayType}.`);
    }
    const BoxCtor = ArrayType;
    const IdxCtor = this.IndexArrayType;
    if (data) {
      this.data = data;
      this._boxes = new BoxCtor(data, byteOffset + 8, numNodes * 4);
      this._indices = new IdxCtor(data, byteOffset + 8 + nodesByteSize, numNodes);
      this._pos = numNodes * 4;
      this.minX = this._boxes[this._pos - 4];
      this.minY = this._boxes[this._pos - 3];
      this.maxX = this._boxes[this._pos - 2];
      this.maxY = this._boxes[this._pos - 1];
    } else {
      const data2 = this.data = new ArrayBufferType(8 + nodesByteSize + numNodes * this.IndexArrayType.BYTES_PER_ELEMENT);
      this._boxes = new BoxCtor(data2, 8, numNodes * 4);
      this._indices = new IdxCtor(data2, 8 + nodesByteSize, numNodes);
      this._pos = 0;
      this.minX = Infinity;
      this.minY = Infinity;
      this.maxX = -Infinity;
      this.maxY = -Infinity;
      new Uint8Array(data2, 0, 2).set([251, (VERSION << 4) + arrayTypeIndex]);
      new Uint16Array(data2, 2, 1)[0] = this.nodeSize;
      new Uint32Array(data2, 4, 1)[0] = numItems;
    }
    this._queue = new FlatQueue();
  }
  /**
   * Add a given rectangle to the index.
   * @param {number} minX
   * @param {number} minY
   * @param {number} maxX
   * @param {number} maxY
   * @returns {number} A zero-based, incremental number that represents the newly added rectangle.
   */
  add(minX, minY, maxX = minX, maxY = minY) {
    const pos = this._pos;
    const index = pos >> 2;
    const boxes = this._boxes;
    this._indices[index] = index;
    boxes[pos] = minX;
    boxes[pos + 1] = minY;
    boxes[pos + 2] = maxX;
    boxes[pos + 3] = maxY;
    this._pos = pos + 4;
    if (minX < this.minX) this.minX = minX;
    if (minY < this.minY) this.minY = minY;
    if (maxX > this.maxX) this.maxX = maxX;
    if (maxY > this.maxY) this.maxY = maxY;
    return index;
  }
  /** Perform indexing of the added rectangles. */
  finish() {
    if (this._pos >> 2 !== this.numItems) {
      throw new Error(`Added ${this._pos >> 2} items when expected ${this.numItems}.`);
    }
    const boxes = this._boxes;
    if (this.numItems <= this.nodeSize) {
      boxes[this._pos++] = this.minX;
      boxes[this._pos++] = this.minY;
      boxes[this._pos++] = this.maxX;
      boxes[this._pos++] = this.maxY;
      return;
    }
    const { numItems, minX, minY, nodeSize, _indices: indices, _levelBounds: levelBounds } = this;
    const width = this.maxX - minX || 1;
    const height = this.maxY - minY || 1;
    const hilbertValues = new Int32Array(numItems);
    const hilbertMax = (1 << 16) - 1;
    const sx = hilbertMax / width;
    const sy = hilbertMax / height;
    for (let i = 0, pos2 = 0; i < numItems; i++) {
      const itemMinX = boxes[pos2++];
      const itemMinY = boxes[pos2++];
      const itemMaxX = boxes[pos2++];
      const itemMaxY = boxes[pos2++];
      const x = sx * ((itemMinX + itemMaxX) / 2 - minX) | 0;
      const y = sy * ((itemMinY + itemMaxY) / 2 - minY) | 0;
      hilbertValues[i] = hilbert(x, y);
    }
    sort(hilbertValues, boxes, indices, 0, numItems - 1, nodeSize);
    let pos = numItems * 4;
    for (let i = 0, readPos = 0; i < levelBounds.length - 1; i++) {
      const end = levelBounds[i];
      while (readPos < end) {
        const nodeIndex = readPos;
        let nodeMinX = boxes[readPos++];
        let nodeMinY = boxes[readPos++];
        let nodeMaxX = boxes[readPos++];
        let nodeMaxY = boxes[readPos++];
        for (let j = 1; j < nodeSize && readPos < end; j++) {
          nodeMinX = Math.min(nodeMinX, boxes[readPos++]);
          nodeMinY = Math.min(nodeMinY, boxes[readPos++]);
          nodeMaxX = Math.max(nodeMaxX, boxes[readPos++]);
          nodeMaxY = Math.max(nodeMaxY, boxes[readPos++]);
        }
        indices[pos >> 2] = nodeIndex;
        boxes[pos++] = nodeMinX;
        boxes[pos++] = nodeMinY;
        boxes[pos++] = nodeMaxX;
        boxes[pos++] = nodeMaxY;
      }
    }
    this._pos = pos;
  }
  /**
   * Search the index by a bounding box.
   * @param {number} minX
   * @param {number} minY
   * @param {number} maxX
   * @param {number} maxY
   * @param {(index: number, x0: number, y0: number, x1: number, y1: number) => boolean} [filterFn] An optional function that is called on every found item; if supplied, only items for which this function returns true will be included in the results array.
   * @returns {number[]} An array of indices of items intersecting or touching the given bounding box.
   */
  search(minX, minY, maxX, maxY, filterFn) {
    if (this._pos !== this._boxes.length) {
      throw new Error("Data not yet indexed - call index.finish().");
    }
    const { _boxes: boxes, _levelBounds: levelBounds, _indices: indices, nodeSize } = this;
    const numItems4 = this.numItems * 4;
    let nodeIndex = boxes.length - 4;
    let level = levelBounds.length - 1;
    const q = [];
    const results = [];
    let contained = false;
    while (nodeIndex !== void 0) {
      const end = Math.min(nodeIndex + nodeSize * 4, levelBounds[level]);
      const isNode = nodeIndex >= numItems4;
      if (contained) {
        this._collectContained(nodeIndex, end, level, numItems4, results, filterFn);
      } else {
        for (let pos = nodeIndex; pos < end; pos += 4) {
          const x0 = boxes[pos];
          if (maxX < x0) continue;
          const y0 = boxes[pos + 1];
          if (maxY < y0) continue;
          const x1 = boxes[pos + 2];
          if (minX > x1) continue;
          const y1 = boxes[pos + 3];
          if (minY > y1) continue;
          const index = indices[pos >> 2] | 0;
          if (isNode) {
            const c = +(minX <= x0 && minY <= y0 && maxX >= x1 && maxY >= y1);
            q.push(index | c, level - 1);
          } else if (filterFn === void 0 || filterFn(index, x0, y0, x1, y1)) {
            results.push(index);
          }
        }
      }
      level = /** @type {number} */
      q.pop();
      nodeIndex = q.pop();
      if (nodeIndex !== void 0) {
        contained = (nodeIndex & 1) === 1;
        nodeIndex &= ~1;
      }
    }
    return results;
  }
  /**
   * Collect all leaves of a subtree that's fully inside the query, skipping intersection tests.
   * Because the tree is packed bottom-up, those leaves occupy one contiguous block of the leaf
   * level, so we skip traversal entirely: descend to the first leaf, then sweep the flat range.
   * @param {number} nodeIndex
   * @param {number} end
   * @param {number} level
   * @param {number} numItems4
   * @param {number[]} results
   * @param {((index: number, x0: number, y0: number, x1: number, y1: number) => boolean) | undefined} filterFn
   */
  _collectContained(nodeIndex, end, level, numItems4, results, filterFn) {
    const boxes = this._boxes;
    const indices = this._indices;
    let pos = nodeIndex;
    for (let l = level; l > 0; l--) pos = indices[pos >> 2];
    const leafEnd = Math.min(pos + (end - nodeIndex) * this.nodeSize ** level, numItems4);
    if (filterFn === void 0) {
      for (; pos < leafEnd; pos += 4) results.push(indices[pos >> 2] | 0);
    } else {
      for (; pos < leafEnd; pos += 4) {
        const index = indices[pos >> 2] | 0;
        if (filterFn(index, boxes[pos], boxes[pos + 1], boxes[pos + 2], boxes[pos + 3])) results.push(index);
      }
    }
  }
  /**
   * Check whether any item intersects or touches a bounding box, stopping at the first match.
   * @param {number} minX
   * @param {number} minY
   * @param {number} maxX
   * @param {number} maxY
   * @param {(index: number, x0: number, y0: number, x1: number, y1: number) => boolean} [filterFn] An optional function that is called on found items; if supplied, only items for which this function returns true count as a match.
   * @returns {boolean} Whether a matching item was found.
   */
  collides(minX, minY, maxX, maxY, filterFn) {
    if (this._pos !== this._boxes.length) {
      throw new Error("Data not yet indexed - call index.finish().");
    }
    const { _boxes: boxes, _levelBounds: levelBounds, _indices: indices, nodeSize } = this;
    const numItems4 = this.numItems * 4;
    let nodeIndex = boxes.length - 4;
    let level = levelBounds.length - 1;
    const q = [];
    while (nodeIndex !== void 0) {
      const end = Math.min(nodeIndex + nodeSize * 4, levelBounds[level]);
      const isNode = nodeIndex >= numItems4;
      for (let pos = nodeIndex; pos < end; pos += 4) {
        const x0 = boxes[pos];
        if (maxX < x0) continue;
        const y0 = boxes[pos + 1];
        if (maxY < y0) continue;
        const x1 = boxes[pos + 2];
        if (minX > x1) continue;
        const y1 = boxes[pos + 3];
        if (minY > y1) continue;
        const index = indices[pos >> 2] | 0;
        if (isNode) {
          q.push(index, level - 1);
        } else if (filterFn === void 0 || filterFn(index, x0, y0, x1, y1)) {
          return true;
        }
      }
      level = /** @type {number} */
      q.pop();
      nodeIndex = q.pop();
    }
    return false;
  }
  /**
   * Search items in order of distance from the given point.
   * @param {number} x
   * @param {number} y
   * @param {number} [maxResults=Infinity]
   * @param {number} [maxDistance=Infinity]
   * @param {(index: number) => boolean} [filterFn] An optional function for filtering the results.
   * @returns {number[]} An array of indices of items found.
   */
  neighbors(x, y, maxResults = Infinity, maxDistance = Infinity, filterFn) {
    if (this._pos !== this._boxes.length) {
      throw new Error("Data not yet indexed - call index.finish().");
    }
    const { _boxes: boxes, _levelBounds: levelBounds, _indices: indices, _queue: q, nodeSize } = this;
    const numItems4 = this.numItems * 4;
    const nodeSize4 = nodeSize * 4;
    const results = [];
    const maxDistSquared = maxDistance * maxDistance;
    const trackNearest = maxResults === 1;
    let bound = maxDistSquared;
    q.push(boxes.length - 4 << 1, 0);
    while (q.length) {
      const top = q.ids[0];
      if (top & 1) {
        q.pop();
        results.push(top >> 1);
        if (results.length === maxResults) break;
        continue;
      }
      q.pop();
      const nodeIndex = top >> 1;
      const isLeafLevel = nodeIndex < numItems4;
      const end = Math.min(nodeIndex + nodeSize4, upperBound(nodeIndex, levelBounds));
      for (let pos = nodeIndex; pos < end; pos += 4) {
        const minX = boxes[pos];
        const minY = boxes[pos + 1];
        const maxX = boxes[pos + 2];
        const maxY = boxes[pos + 3];
        const dx = Math.max(Math.max(minX - x, x - maxX), 0);
        const dy = Math.max(Math.max(minY - y, y - maxY), 0);
        const dist = dx * dx + dy * dy;
        if (dist > bound) continue;
        const childIndex = indices[pos >> 2] | 0;
        if (isLeafLevel) {
          if (filterFn === void 0 || filterFn(childIndex)) {
            q.push(childIndex << 1 | 1, dist);
            if (trackNearest && dist < bound) bound = dist;
          }
        } else {
          q.push(childIndex << 1, dist);
        }
      }
    }
    q.clear();
    return results;
  }
};
function upperBound(value, arr) {
  let i = 0;
  let j = arr.length - 1;
  while (i < j) {
    const m = i + j >> 1;
    if (arr[m] > value) {
      j = m;
    } else {
      i = m + 1;
    }
  }
  return arr[i];
}
function sort(values, boxes, indices, left, right, nodeSize) {
  const stack = [left, right];
  while (stack.length) {
    const r = stack.pop() || 0;
    const l = stack.pop() || 0;
    if (r - l <= nodeSize && Math.floor(l / nodeSize) >= Math.floor(r / nodeSize)) continue;
    const a = values[l];
    const b = values[l + r >> 1];
    const c = values[r];
    const pivot = a > b !== a > c ? a : b < a !== b < c ? b : c;
    let i = l - 1;
    let j = r + 1;
    while (true) {
      do
        i++;
      while (values[i] < pivot);
      do
        j--;
      while (values[j] > pivot);
      if (i >= j) break;
      swap(values, boxes, indices, i, j);
    }
    stack.push(l, j, j + 1, r);
  }
}
function swap(values, boxes, indices, i, j) {
  const temp = values[i];
  values[i] = values[j];
  values[j] = temp;
  const k = 4 * i;
  const m = 4 * j;
  const a = boxes[k];
  const b = boxes[k + 1];
  const c = boxes[k + 2];
  const d = boxes[k + 3];
  boxes[k] = boxes[m];
  boxes[k + 1] = boxes[m + 1];
  boxes[k + 2] = boxes[m + 2];
  boxes[k + 3] = boxes[m + 3];
  boxes[m] = a;
  boxes[m + 1] = b;
  boxes[m + 2] = c;
  boxes[m + 3] = d;
  const e = indices[i];
  indices[i] = indices[j];
  indices[j] = e;
}
function hilbert(x, y) {
  let a = x ^ y;
  let b = 65535 ^ a;
  let c = 65535 ^ (x | y);
  let d = x & (y ^ 65535);
  let A = a | b >> 1;
  let B = a >> 1 ^ a;
  let C = c ^ (c >> 1 ^ b & d >> 1);
  let D = d ^ (a & c >> 1 ^ d >> 1);
  a = A & A >> 2 ^ B & B >> 2;
  b = A & B >> 2 ^ B & (A ^ B) >> 2;
  c = C ^ (A & C >> 2 ^ B & D >> 2);
  d = D ^ (B & C >> 2 ^ (A ^ B) & D >> 2);
  A = a & a >> 4 ^ b & b >> 4;
  B = a & b >> 4 ^ b & (a ^ b) >> 4;
  C = c ^ (a & c >> 4 ^ b & d >> 4);
  D = d ^ (b & c >> 4 ^ (a ^ b) & d >> 4);
  c = C ^ (A & C >> 8 ^ B & D >> 8);
  d = D ^ (B & C >> 8 ^ (A ^ B) & D >> 8);
  c ^= c >> 1;
  d ^= d >> 1;
  a = x ^ y;
  b = d | 65535 ^ (a | c);
  a = (a | a << 8) & 16711935;
  a = (a | a << 4) & 252645135;
  a = (a | a << 2) & 858993459;
  a = (a | a << 1) & 1431655765;
  b = (b | b << 8) & 16711935;
  b = (b | b << 4) & 252645135;
  b = (b | b << 2) & 858993459;
  b = (b | b << 1) & 1431655765;
  return ((b << 1 | a) >>> 0) - 2147483648;
}

// ../../packages/telematics/src/zones/place-index.ts
var METRES_PER_DEGREE = EARTH_RADIUS_M * Math.PI / 180;
var Kind = { Circle: 0, Polygon: 1, Corridor: 2 };
var NO_ZONES = Object.freeze([]);
var NO_POIS = Object.freeze([]);
var NOTHING = Object.freeze({ zones: NO_ZONES, pois: NO_POIS });
function kxAt(lat) {
  return METRES_PER_DEGREE * Math.max(0.01, Math.cos(lat * Math.PI / 180));
}
function segmentDistance2(px, py, ax, ay, bx, by) {
  const t = segmentFraction(px, py, ax, ay, bx, by);
  const ex = ax + t * (bx - ax) - px;
  const ey = ay + t * (by - ay) - py;
  return ex * ex + ey * ey;
}
function segmentFraction(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}
function compileZone(zone, borderBandM) {
  const shape = zone.shape;
  let rings;
  let kind2;
  let reach = 0;
  if (shape.kind === "circle") {
    kind2 = Kind.Circle;
    rings = [[[shape.lng, shape.lat]]];
    reach = shape.radiusM;
  } else if (shape.kind === "corridor") {
    kind2 = Kind.Corridor;
    rings = [shape.line];
    reach = shape.widthM / 2;
  } else {
    kind2 = Kind.Polygon;
    rings = shape.rings;
  }
  let count = 0;
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const ring of rings) {
    count += ring.length;
    for (const p of ring) {
      const lng = p[0];
      const lat = p[1];
      if (lng < minLng) minLng = lng;
      if (lng > maxLng) maxLng = lng;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
  }
  const lng0 = (minLng + maxLng) / 2;
  const lat0 = (minLat + maxLat) / 2;
  const kx = kxAt(lat0);
  const xy = new Float64Array(count * 2);
  const ringEnds = new Int32Array(kind2 === Kind.Polygon ? rings.length : 0);
  let k = 0;
  rings.forEach((ring, r) => {
    for (const p of ring) {
      xy[k++] = (p[0] - lng0) * kx;
      xy[k++] = (p[1] - lat0) * METRES_PER_DEGREE;
    }
    if (kind2 === Kind.Polygon) ringEnds[r] = k / 2;
  });
  const sizeM = kind2 === Kind.Polygon ? Math.min((maxLng - minLng) * kx, (maxLat - minLat) * METRES_PER_DEGREE) / 2 : reach;
  const bandM = Math.max(0.5, Math.min(borderBandM, sizeM / 4));
  const pad = reach + bandM;
  const kxEdge = kxAt(Math.max(Math.abs(minLat), Math.abs(maxLat)));
  return {
    zone,
    kind: kind2,
    lng0,
    lat0,
    kx,
    xy,
    ringEnds,
    reach,
    bandM,
    vehicles: zone.vehicleIds?.length ? new Set(zone.vehicleIds) : null,
    groups: zone.groupIds?.length ? new Set(zone.groupIds) : null,
    box: [
      minLng - pad / kxEdge,
      minLat - pad / METRES_PER_DEGREE,
      maxLng + pad / kxEdge,
      maxLat + pad / METRES_PER_DEGREE
    ],
    borderBandM
  };
}
function depthOf(z2, lat, lng) {
  const px = (lng - z2.lng0) * z2.kx;
  const py = (lat - z2.lat0) * METRES_PER_DEGREE;
  const xy = z2.xy;
  if (z2.kind === Kind.Circle) return z2.reach - Math.hypot(px - xy[0], py - xy[1]);
  if (z2.kind === Kind.Corridor) {
    let best2 = Infinity;
    for (let i = 0; i + 3 < xy.length; i += 2) {
      const d2 = segmentDistance2(px, py, xy[i], xy[i + 1], xy[i + 2], xy[i + 3]);
      if (d2 < best2) best2 = d2;
    }
    return z2.reach - Math.sqrt(best2);
  }
  let inside = false;
  let best = Infinity;
  let start = 0;
  for (let r = 0; r < z2.ringEnds.length; r++) {
    const end = z2.ringEnds[r];
    for (let i = start; i + 1 < end; i++) {
      const ax = xy[2 * i];
      const ay = xy[2 * i + 1];
      const bx = xy[2 * i + 2];
      const by = xy[2 * i + 3];
      if (ay > py !== by > py && px < (bx - ax) * (py - ay) / (by - ay) + ax) inside = !inside;
      const d2 = segmentDistance2(px, py, ax, ay, bx, by);
      if (d2 < best) best = d2;
    }
    start = end;
  }
  const d = Math.sqrt(best);
  return inside ? d : -d;
}
var PlaceIndex = class {
  zones = [];
  pois = [];
  tree;
  zoneIds = /* @__PURE__ */ new Map();
  poiIds = /* @__PURE__ */ new Set();
  borderBandM;
  /** Who has an `allowed` zone (DAZ), gathered once per build rather than per vehicle. */
  allowed = {
    any: false,
    auto: false,
    vehicles: /* @__PURE__ */ new Set(),
    groups: /* @__PURE__ */ new Set()
  };
  constructor(zones2, pois, options = {}) {
    this.borderBandM = options.borderBandM ?? 15;
    const count = zones2.length + pois.length;
    this.tree = count > 0 ? new Flatbush(count) : null;
    const previous = options.previous;
    for (const zone of [...zones2].sort((a, b) => a.id - b.id)) {
      const before = previous?.zoneIds.get(zone.id);
      const compiled2 = before && zone.version !== void 0 && before.zone.version === zone.version && before.borderBandM === this.borderBandM ? { ...before, zone } : compileZone(zone, this.borderBandM);
      this.zones.push(compiled2);
      this.zoneIds.set(zone.id, compiled2);
      const box = compiled2.box;
      this.tree.add(box[0], box[1], box[2], box[3]);
    }
    for (const poi of [...pois].sort((a, b) => a.id - b.id)) {
      const kx = kxAt(poi.lat);
      const pad = poi.radiusM + this.borderBandM;
      this.pois.push({ poi, kx });
      this.poiIds.add(poi.id);
      this.tree.add(
        poi.lng - pad / kx,
        poi.lat - pad / METRES_PER_DEGREE,
        poi.lng + pad / kx,
        poi.lat + pad / METRES_PER_DEGREE
      );
    }
    this.tree?.finish();
    for (const { zone } of this.zones) {
      if (zone.accessType !== "allowed") continue;
      this.allowed.any = true;
      if (zone.autoAsign) this.allowed.auto = true;
      for (const v of zone.vehicleIds ?? []) this.allowed.vehicles.add(v);
      for (const g of zone.groupIds ?? []) this.allowed.groups.add(g);
    }
  }
  get zoneCount() {
    return this.zones.length;
  }
  get poiCount() {
    return this.pois.length;
  }
  /** Whether a zone applies to a vehicle (of a group, or none). */
  applies(z2, vehicleId, groupId) {
    if (z2.zone.autoAsign) return true;
    if (z2.vehicles?.has(vehicleId)) return true;
    return groupId !== null && z2.groups !== null && z2.groups.has(groupId);
  }
  /** The zones and POIs near a place for one vehicle (`vehicleId` null: every zone applies). */
  query(lat, lng, vehicleId, groupId) {
    const tree = this.tree;
    if (!tree) return NOTHING;
    const found = tree.search(lng, lat, lng, lat);
    if (found.length === 0) return NOTHING;
    found.sort((a, b) => a - b);
    let zones2;
    let pois;
    const zoneCount = this.zones.length;
    for (const i of found) {
      if (i < zoneCount) {
        const z2 = this.zones[i];
        if (vehicleId !== null && !this.applies(z2, vehicleId, groupId)) continue;
        const depthM = depthOf(z2, lat, lng);
        if (depthM <= -z2.bandM) continue;
        const hit = {
          id: z2.zone.id,
          accessType: z2.zone.accessType,
          depthM,
          bandM: z2.bandM
        };
        if (z2.zone.speedLimitKmh !== void 0) hit.speedLimitKmh = z2.zone.speedLimitKmh;
        if (z2.zone.notify === false) hit.notify = false;
        (zones2 ??= []).push(hit);
      } else {
        const { poi, kx } = this.pois[i - zoneCount];
        const distanceM = Math.hypot((lng - poi.lng) * kx, (lat - poi.lat) * METRES_PER_DEGREE);
        if (distanceM > poi.radiusM + this.borderBandM) continue;
        (pois ??= []).push({ id: poi.id, distanceM, radiusM: poi.radiusM });
      }
    }
    if (!zones2 && !pois) return NOTHING;
    return { zones: zones2 ?? NO_ZONES, pois: pois ?? NO_POIS };
  }
  hasZone(id, vehicleId, groupId) {
    const z2 = this.zoneIds.get(id);
    return z2 !== void 0 && (vehicleId === null || this.applies(z2, vehicleId, groupId));
  }
  hasPoi(id) {
    return this.poiIds.has(id);
  }
  /** Whether the vehicle has an `allowed` zone. */
  hasAllowedZones(vehicleId, groupId) {
    const a = this.allowed;
    if (a.any === false) return false;
    if (vehicleId === null || a.auto) return true;
    return a.vehicles.has(vehicleId) || groupId !== null && a.groups.has(groupId);
  }
  /** A vehicle's view of the index (remembers its last answer: status and zone rules ask twice). */
  lookupFor(vehicleId, groupId) {
    return new VehiclePlaces(this, vehicleId, groupId);
  }
};
var VehiclePlaces = class {
  constructor(index, vehicleId, groupId) {
    this.index = index;
    this.vehicleId = vehicleId;
    this.groupId = groupId;
    this.hasAllowedZones = index.hasAllowedZones(vehicleId, groupId);
  }
  index;
  vehicleId;
  groupId;
  lastLat = Number.NaN;
  lastLng = Number.NaN;
  last = NOTHING;
  hasAllowedZones;
  at(lat, lng) {
    if (lat !== this.lastLat || lng !== this.lastLng) {
      this.last = this.index.query(lat, lng, this.vehicleId, this.groupId);
      this.lastLat = lat;
      this.lastLng = lng;
    }
    return this.last;
  }
  hasZone(id) {
    return this.index.hasZone(id, this.vehicleId, this.groupId);
  }
  hasPoi(id) {
    return this.index.hasPoi(id);
  }
};
var built = /* @__PURE__ */ new WeakMap();
function placesOf(context, borderBandM = 15) {
  if (context.places) return context.places;
  if (!context.geofences?.length && !context.pois?.length) return void 0;
  let lookup = built.get(context);
  if (!lookup) {
    const zones2 = (context.geofences ?? []).map((zone) => ({ ...zone, autoAsign: true }));
    lookup = new PlaceIndex(zones2, context.pois ?? [], { borderBandM }).lookupFor(null, null);
    built.set(context, lookup);
  }
  return lookup;
}
function zoneSpeedLimitAt(places, lat, lng) {
  let limit;
  for (const hit of places.at(lat, lng).zones) {
    if (hit.depthM > 0 && hit.speedLimitKmh !== void 0) {
      if (limit === void 0 || hit.speedLimitKmh < limit) limit = hit.speedLimitKmh;
    }
  }
  return limit;
}

// ../../packages/telematics/src/detectors/route-line.ts
var METRES_PER_DEGREE2 = 63710088e-1 * Math.PI / 180;
function compileRoute(line) {
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const [, lat] of line) {
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  const refLat = (minLat + maxLat) / 2 * (Math.PI / 180);
  const mx = METRES_PER_DEGREE2 * Math.cos(refLat);
  const my = METRES_PER_DEGREE2;
  const n = line.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const along = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = line[i][0] * mx;
    ys[i] = line[i][1] * my;
    if (i > 0) along[i] = along[i - 1] + Math.hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]);
  }
  return { xs, ys, along, lengthM: n > 0 ? along[n - 1] : 0, mx, my };
}
function toSegment(r, i, px, py) {
  const ax = r.xs[i];
  const ay = r.ys[i];
  const bx = r.xs[i + 1];
  const by = r.ys[i + 1];
  const t = segmentFraction(px, py, ax, ay, bx, by);
  const ex = ax + t * (bx - ax) - px;
  const ey = ay + t * (by - ay) - py;
  return [ex * ex + ey * ey, t];
}
var WINDOW = 40;
function projectOnRoute(r, lat, lng, hint, nearM) {
  const px = lng * r.mx;
  const py = lat * r.my;
  const segments = r.xs.length - 1;
  if (segments < 1) {
    const d = segments === 0 ? Math.hypot(r.xs[0] - px, r.ys[0] - py) : Infinity;
    return { distanceM: d, alongM: 0, segment: 0 };
  }
  const scan = (from2, to2) => {
    let best = Infinity;
    let bestI = from2;
    let bestT = 0;
    for (let i = from2; i < to2; i++) {
      const [d2, t] = toSegment(r, i, px, py);
      if (d2 < best) {
        best = d2;
        bestI = i;
        bestT = t;
      }
    }
    const alongM = r.along[bestI] + bestT * (r.along[bestI + 1] - r.along[bestI]);
    return { distanceM: Math.sqrt(best), alongM, segment: bestI };
  };
  const h = Math.min(Math.max(0, hint), segments - 1);
  const from = Math.max(0, h - WINDOW);
  const to = Math.min(segments, h + WINDOW);
  const near = scan(from, to);
  if (near.distanceM <= nearM || from === 0 && to === segments) return near;
  return scan(0, segments);
}

// ../../packages/telematics/src/detectors/route.detector.ts
var DEVIATION_HOLD_MS = 3e4;
var ROUTE_BAND_M = 30;
var LATE_TOLERANCE_MS = 10 * 6e4;
var FOLLOW_BEFORE_MS = 60 * 6e4;
var ETA_EVERY_MS = 6e4;
var SPEED_TAU_MS = 10 * 6e4;
var MIN_ETA_SPEED_KMH = 10;
var INITIAL_ROUTE = Object.freeze({});
var compiled = /* @__PURE__ */ new WeakMap();
function routeOf(plan) {
  let r = compiled.get(plan);
  if (!r) {
    const line = plan.route.length >= 2 ? plan.route : (plan.stops ?? []).map((s) => [s.lng, s.lat]);
    r = compileRoute(line);
    compiled.set(plan, r);
  }
  return r;
}
function routeFact(plan, kind2, stopIndex, s) {
  return {
    type: "route",
    planId: plan.id,
    kind: kind2,
    stopIndex,
    atMs: s.fixTimeMs,
    lat: s.lat,
    lng: s.lng
  };
}
function ddrEvent(plan, since, s, end) {
  const event2 = {
    type: "event",
    code: "DDR",
    startTimeMs: since.sinceMs,
    lat: since.lat,
    lng: since.lng,
    // `data.route` is a string in every answer (spec §3: notification data): the plan's id.
    data: { route: String(plan.id) }
  };
  if (s.driverCode !== void 0) event2.driverCode = s.driverCode;
  if (end) {
    event2.endTimeMs = end.sinceMs;
    event2.value = (end.sinceMs - since.sinceMs) / 1e3;
  }
  return event2;
}
var crossingOf = (s) => ({ sinceMs: s.fixTimeMs, lat: s.lat, lng: s.lng });
function followStops(plan, s, next, facts) {
  const stops2 = plan.stops ?? [];
  const last = stops2.length - 1;
  if (last < 1) return;
  const t = s.fixTimeMs;
  if (!next.started) {
    const origin = stops2[0];
    const d = haversineM(s.lat, s.lng, origin.lat, origin.lng);
    if (d <= origin.radiusM + ROUTE_BAND_M) return;
    next.started = true;
    next.nextStop = 1;
    next.atStop = -1;
    facts.push(routeFact(plan, "started", 0, s));
  }
  const at = next.atStop ?? -1;
  if (at >= 0) {
    const stop = stops2[at];
    if (haversineM(s.lat, s.lng, stop.lat, stop.lng) > stop.radiusM + ROUTE_BAND_M) {
      facts.push(routeFact(plan, "stop_left", at, s));
      next.atStop = -1;
    }
  }
  if ((next.atStop ?? -1) < 0) {
    for (let i = next.nextStop ?? 1; i <= last; i++) {
      const stop = stops2[i];
      if (haversineM(s.lat, s.lng, stop.lat, stop.lng) > stop.radiusM) continue;
      next.nextStop = i + 1;
      if (i === last) {
        next.arrived = true;
        facts.push(routeFact(plan, "arrived", i, s));
      } else {
        next.atStop = i;
        facts.push(routeFact(plan, "stop_arrived", i, s));
      }
      break;
    }
  }
  if (next.arrived) return;
  let overdue = -1;
  for (let i = next.nextStop ?? 1; i <= last; i++) {
    if (t > stops2[i].plannedAtMs + LATE_TOLERANCE_MS) overdue = i;
    else break;
  }
  if (overdue > (next.lateUpTo ?? 0)) {
    next.lateUpTo = overdue;
    facts.push(routeFact(plan, "late", overdue, s));
  }
}
function followCorridor(plan, s, distanceM, next, facts) {
  const outside = distanceM > plan.corridorM + ROUTE_BAND_M;
  const inside = distanceM < plan.corridorM - ROUTE_BAND_M;
  const t = s.fixTimeMs;
  const episode = next.deviating;
  if (!episode) {
    if (outside) {
      const out = next.out ?? crossingOf(s);
      if (t - out.sinceMs >= DEVIATION_HOLD_MS) {
        next.out = void 0;
        next.deviating = { since: out };
        facts.push(ddrEvent(plan, out, s));
        facts.push(
          routeFact(plan, "deviation", -1, {
            ...s,
            fixTimeMs: out.sinceMs,
            lat: out.lat,
            lng: out.lng
          })
        );
      } else next.out = out;
    } else if (inside) next.out = void 0;
    return;
  }
  if (inside) {
    const back = episode.back ?? crossingOf(s);
    if (t - back.sinceMs >= DEVIATION_HOLD_MS) {
      next.deviating = void 0;
      facts.push(ddrEvent(plan, episode.since, s, back));
      facts.push(
        routeFact(plan, "back_on_route", -1, {
          ...s,
          fixTimeMs: back.sinceMs,
          lat: back.lat,
          lng: back.lng
        })
      );
    } else if (!episode.back) next.deviating = { since: episode.since, back };
  } else if (outside && episode.back) next.deviating = { since: episode.since };
}
function planSpeedKmh(plan, lengthM) {
  const stops2 = plan.stops;
  if (!stops2 || stops2.length < 2) return void 0;
  const h = (stops2[stops2.length - 1].plannedAtMs - stops2[0].plannedAtMs) / 36e5;
  return h > 0 ? lengthM / 1e3 / h : void 0;
}
var routeDetector = {
  name: "route",
  initial: INITIAL_ROUTE,
  step(slice, { sample: s }, context) {
    const plan = context.plannedTrip;
    if (!plan)
      return slice.planId === void 0 ? { slice, facts: NO_FACTS } : { slice: INITIAL_ROUTE, facts: NO_FACTS };
    if (!s.hasLocation) return { slice, facts: NO_FACTS };
    const stops2 = plan.stops;
    if (stops2 && stops2.length > 0 && s.fixTimeMs < stops2[0].plannedAtMs - FOLLOW_BEFORE_MS) {
      return { slice, facts: NO_FACTS };
    }
    const next = slice.planId === plan.id ? { ...slice } : { planId: plan.id };
    if (next.arrived) return { slice, facts: NO_FACTS };
    const facts = [];
    const route = routeOf(plan);
    const projection = projectOnRoute(route, s.lat, s.lng, next.segment ?? 0, plan.corridorM);
    next.segment = projection.segment;
    if (!stops2) next.started = true;
    else followStops(plan, s, next, facts);
    if (next.started) {
      followCorridor(plan, s, projection.distanceM, next, facts);
      if (projection.distanceM <= plan.corridorM && projection.alongM > (next.progressM ?? 0)) {
        next.progressM = projection.alongM;
      }
    }
    const v = s.speedKmh ?? 0;
    if (!next.started) next.speedKmh = void 0;
    else if (next.speedAtMs === void 0 || next.speedKmh === void 0) next.speedKmh = v;
    else {
      const dt = Math.max(0, s.fixTimeMs - next.speedAtMs);
      const a = 1 - Math.exp(-dt / SPEED_TAU_MS);
      next.speedKmh = next.speedKmh + a * (v - next.speedKmh);
    }
    next.speedAtMs = s.fixTimeMs;
    if (next.started && (facts.length > 0 || s.fixTimeMs - (next.etaAtMs ?? 0) >= ETA_EVERY_MS)) {
      const remainingM = next.arrived ? 0 : Math.max(0, route.lengthM - (next.progressM ?? 0));
      const speed2 = (next.speedKmh ?? 0) >= MIN_ETA_SPEED_KMH ? next.speedKmh : planSpeedKmh(plan, route.lengthM);
      const eta = {
        type: "route-eta",
        planId: plan.id,
        atMs: s.fixTimeMs,
        remainingM,
        offRoute: next.deviating !== void 0
      };
      if (next.arrived) eta.etaMs = s.fixTimeMs;
      else if (speed2 && speed2 > 0)
        eta.etaMs = s.fixTimeMs + Math.round(remainingM / 1e3 / speed2 * 36e5);
      facts.push(eta);
      next.etaAtMs = s.fixTimeMs;
    }
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  }
};

// ../../packages/telematics/src/capabilities/planned-trips.ts
var plannedTrips = {
  name: "planned-trips",
  alertDetectors: [routeDetector],
  factKinds: ["route", "route-eta"],
  alertCodes: ["DDR"]
};

// ../../packages/telematics/src/detectors/temperature.detector.ts
var INITIAL_TEMPERATURE = Object.freeze({});
function extremeC(s, reefer2, sign) {
  const temps = s.temperaturesC;
  if (!temps) return void 0;
  let best;
  const slots = reefer2.sensorSlots;
  const n = slots ? slots.length : temps.length;
  for (let i = 0; i < n; i++) {
    const value = temps[slots ? slots[i] : i];
    if (typeof value !== "number" || !Number.isFinite(value)) continue;
    if (best === void 0 || (value - best) * sign > 0) best = value;
  }
  return best;
}
function event(code, origin, temperatureC) {
  const value = Math.round(temperatureC * 10) / 10;
  return eventFact(code, origin, { value, data: { temperature: value } });
}
function stepRun(run, isBeyond, s, holdS, code, temperatureC, facts) {
  if (!isBeyond) return void 0;
  const r = run ?? { ...originOf(s), isAlerted: false };
  if (r.isAlerted || (s.fixTimeMs - r.startTimeMs) / 1e3 < holdS) return r;
  facts.push(event(code, r, temperatureC));
  return { ...r, isAlerted: true };
}
function stepSilence(slice, s, settings, facts) {
  if (s.ignition !== true) return { silentSinceMs: void 0, isSilentAlerted: void 0 };
  const since = slice.silentSinceMs ?? s.fixTimeMs;
  let isAlerted = slice.isSilentAlerted === true;
  if (!isAlerted && (s.fixTimeMs - since) / 1e3 >= settings.temperatureSilentS) {
    facts.push(
      eventFact(
        "SCT",
        { ...originOf(s), startTimeMs: since },
        { value: (s.fixTimeMs - since) / 1e3 }
      )
    );
    isAlerted = true;
  }
  return { silentSinceMs: since, isSilentAlerted: isAlerted };
}
function sameState(a, b) {
  return a.above === b.above && a.below === b.below && a.outside === b.outside && a.isOutOfRange === b.isOutOfRange && a.silentSinceMs === b.silentSinceMs && a.isSilentAlerted === b.isSilentAlerted;
}
var temperatureDetector = {
  name: "temperature-alerts",
  initial: INITIAL_TEMPERATURE,
  step(slice, { sample: s }, context, settings) {
    const reefer2 = context.alerts?.reefer;
    if (!reefer2) return { slice, facts: NO_FACTS };
    const facts = [];
    const hottestC = extremeC(s, reefer2, 1);
    const coldestC = extremeC(s, reefer2, -1);
    let next;
    if (hottestC === void 0 || coldestC === void 0) {
      if (s.ignition !== true && slice.silentSinceMs === void 0)
        return { slice, facts: NO_FACTS };
      next = { ...slice, ...stepSilence(slice, s, settings, facts) };
    } else {
      const upperC = reefer2.setPointC + reefer2.toleranceC;
      const lowerC = reefer2.setPointC - reefer2.toleranceC;
      const holdS = settings.reeferExcursionS;
      const above = stepRun(slice.above, hottestC > upperC, s, holdS, "TSC", hottestC, facts);
      const below = stepRun(slice.below, coldestC < lowerC, s, holdS, "TIC", coldestC, facts);
      const isHot = hottestC > reefer2.maxC;
      const outside = stepRun(
        slice.outside,
        isHot || coldestC < reefer2.minC,
        s,
        0,
        "TFC",
        isHot ? hottestC : coldestC,
        facts
      );
      let isOutOfRange = slice.isOutOfRange === true || facts.length > 0;
      if (isOutOfRange && !above && !below && !outside) {
        facts.push(event("TCC", originOf(s), (hottestC + coldestC) / 2));
        isOutOfRange = false;
      }
      if (facts.length === 0 && above === slice.above && below === slice.below && outside === slice.outside && isOutOfRange === (slice.isOutOfRange === true) && slice.silentSinceMs === void 0) {
        return { slice, facts: NO_FACTS };
      }
      next = { above, below, outside, isOutOfRange: isOutOfRange || void 0 };
    }
    if (sameState(next, slice)) return { slice, facts: facts.length > 0 ? facts : NO_FACTS };
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  }
};

// ../../packages/telematics/src/capabilities/reefer.ts
var reefer = {
  name: "reefer",
  alertDetectors: [temperatureDetector],
  alertCodes: ["TSC", "TIC", "TFC", "TCC", "SCT"]
};

// ../../packages/telematics/src/capabilities/rollups.ts
var rollups = {
  name: "rollups",
  detectors: [rollupDetector],
  factKinds: ["rollup"]
};

// ../../packages/telematics/src/detectors/speed.detector.ts
var INITIAL_SPEED = Object.freeze({ runs: Object.freeze([]) });
function isAscending(levels) {
  for (let i = 1; i < levels.length; i++) if (levels[i] <= levels[i - 1]) return false;
  return true;
}
function enabledSpeedLevels(context) {
  const levels = context.alerts?.speedLevelsKmh ?? DEFAULT_SPEED_LEVELS_KMH;
  return isAscending(levels) ? levels : [...new Set(levels)].sort((a, b) => a - b);
}
function levelsAt(context, s) {
  const levels = enabledSpeedLevels(context);
  const byZone = context.alerts?.zoneSpeedLevelsKmh;
  if (!byZone || byZone.size === 0 || !context.places) return levels;
  let extra;
  for (const zone of context.places.at(s.lat, s.lng).zones) {
    if (zone.depthM < 0) continue;
    const own = byZone.get(zone.id);
    if (own) (extra ??= []).push(...own);
  }
  return extra ? [.../* @__PURE__ */ new Set([...levels, ...extra])].sort((a, b) => a - b) : levels;
}
function nextRuns(runs, levels, speedKmh, t) {
  let k = 0;
  while (k < levels.length && speedKmh > levels[k]) k++;
  if (k === runs.length && (k === 0 || runs[k - 1].kmh === levels[k - 1])) return runs;
  if (k === 0) return INITIAL_SPEED.runs;
  const next = [];
  for (let i = 0; i < k; i++) {
    const kmh = levels[i];
    const held = runs[i];
    next.push({ kmh, sinceMs: held?.kmh === kmh ? held.sinceMs : t });
  }
  return next;
}
function heldLevel(runs, t, minS) {
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i];
    if ((t - run.sinceMs) / 1e3 >= minS) return run.kmh;
  }
  return 0;
}
function closeLevels(e, endTimeMs, limitKmh) {
  return eventFact(speedLevelCode(e.topLevelKmh), e, {
    endTimeMs,
    value: e.topSpeedKmh,
    data: e.folded ? {
      details: "EXV",
      speedLimit: limitKmh,
      ...e.overLimitFromMs === void 0 ? {} : { overLimitFromMs: e.overLimitFromMs }
    } : void 0
  });
}
function closeLimit(e, endTimeMs) {
  return eventFact("EXV", e, { endTimeMs, value: e.topSpeedKmh });
}
function fold(e, limit) {
  if (e.folded && (limit === void 0 || e.overLimitFromMs !== void 0)) return e;
  const next = { ...e, folded: true };
  if (limit && e.overLimitFromMs === void 0) next.overLimitFromMs = limit.startTimeMs;
  return next;
}
function tell(closed, next, limitKmh, facts) {
  let { levels, limit } = next;
  if (closed.levels) {
    const overlapping = closed.limit ?? limit;
    facts.push(
      closeLevels(
        overlapping ? fold(closed.levels, overlapping) : closed.levels,
        closed.atMs,
        limitKmh
      )
    );
    if (limit) limit = fold(limit);
  } else if (closed.limit && !closed.limit.folded) {
    if (levels && levels.topLevelKmh > 0) levels = fold(levels, closed.limit);
    else facts.push(closeLimit(closed.limit, closed.atMs));
  }
  return { levels, limit };
}
function openEpisode(s, speedKmh) {
  return { ...originOf(s), topSpeedKmh: speedKmh, topLevelKmh: 0 };
}
function extendEpisode(e, speedKmh, topLevelKmh) {
  if (speedKmh <= e.topSpeedKmh && topLevelKmh <= e.topLevelKmh) return e;
  return {
    ...e,
    topSpeedKmh: Math.max(e.topSpeedKmh, speedKmh),
    topLevelKmh: Math.max(e.topLevelKmh, topLevelKmh)
  };
}
function stepLevels(slice, s, speedKmh, levels, settings, closed) {
  const t = s.fixTimeMs;
  const held = heldLevel(slice.runs, t, settings.speedLevelMinS);
  const runs = nextRuns(slice.runs, levels, speedKmh, t);
  let e = slice.levels;
  if (e) e = extendEpisode(e, 0, held);
  if (e && e.topLevelKmh > 0) {
    const lowest = levels[0] ?? e.topLevelKmh;
    if (speedKmh < lowest - settings.speedLevelHysteresisKmh) {
      closed.levels = e;
      return { runs, levels: void 0 };
    }
  } else if (e && runs.length === 0) {
    e = void 0;
  }
  if (!e && runs.length > 0) e = openEpisode(s, speedKmh);
  if (e) e = extendEpisode(e, speedKmh, 0);
  return { runs, levels: e };
}
function stepLimit(slice, s, speedKmh, limitKmh, settings, closed) {
  const t = s.fixTimeMs;
  const since = slice.overLimitSinceMs;
  const isHeld = since !== void 0 && (t - since) / 1e3 >= settings.speedingMinS;
  let e = slice.limit;
  if (e && isHeld && e.topLevelKmh === 0) e = { ...e, topLevelKmh: 1 };
  const isOver = speedKmh !== void 0 && speedKmh >= settings.motionSpeedKmh && speedKmh > limitKmh;
  if (!isOver) {
    if (e && e.topLevelKmh > 0) closed.limit = e;
    return { limit: void 0, overLimitSinceMs: void 0 };
  }
  e = e ? extendEpisode(e, speedKmh, 0) : openEpisode(s, speedKmh);
  return { limit: e, overLimitSinceMs: since ?? t };
}
function closeAll(slice, endTimeMs, limitKmh, facts) {
  const closed = { atMs: endTimeMs };
  if (slice.levels && slice.levels.topLevelKmh > 0) closed.levels = slice.levels;
  if (slice.limit && slice.limit.topLevelKmh > 0) closed.limit = slice.limit;
  tell(closed, {}, limitKmh, facts);
}
function isIdle(slice) {
  return slice.runs.length === 0 && slice.levels === void 0 && slice.limit === void 0 && slice.overLimitSinceMs === void 0;
}
var speedDetector = {
  name: "speed",
  initial: INITIAL_SPEED,
  step(slice, { sample: s, prev }, context, settings) {
    const speedKmh = s.speedKmh;
    const limitKmh = context.speedLimitKmh ?? settings.speedLimitKmh;
    const levels = levelsAt(context, s);
    const lowest = levels[0] ?? Number.POSITIVE_INFINITY;
    if (isIdle(slice) && (speedKmh === void 0 || speedKmh <= lowest && speedKmh <= limitKmh)) {
      return { slice, facts: NO_FACTS };
    }
    const facts = [];
    let current = slice;
    const isSilence = prev !== void 0 && (s.fixTimeMs - prev.fixTimeMs) / 1e3 > settings.speedEpisodeMaxGapS;
    if (isSilence) {
      closeAll(current, prev.fixTimeMs, limitKmh, facts);
      current = INITIAL_SPEED;
    }
    if (s.ignition === false) {
      closeAll(current, s.fixTimeMs, limitKmh, facts);
      return { slice: INITIAL_SPEED, facts: facts.length > 0 ? facts : NO_FACTS };
    }
    const closed = { atMs: s.fixTimeMs };
    const limit = stepLimit(current, s, speedKmh, limitKmh, settings, closed);
    const byLevel = speedKmh === void 0 ? { runs: current.runs, levels: current.levels } : stepLevels(current, s, speedKmh, levels, settings, closed);
    if (closed.levels || closed.limit) {
      const told = tell(closed, { levels: byLevel.levels, limit: limit.limit }, limitKmh, facts);
      byLevel.levels = told.levels;
      limit.limit = told.limit;
    }
    if (facts.length === 0 && byLevel.runs === slice.runs && byLevel.levels === slice.levels && limit.limit === slice.limit && limit.overLimitSinceMs === slice.overLimitSinceMs) {
      return { slice, facts: NO_FACTS };
    }
    const next = {
      runs: byLevel.runs,
      levels: byLevel.levels,
      limit: limit.limit,
      overLimitSinceMs: limit.overLimitSinceMs
    };
    return {
      slice: isIdle(next) ? INITIAL_SPEED : next,
      facts: facts.length > 0 ? facts : NO_FACTS
    };
  }
};

// ../../packages/telematics/src/capabilities/speed.ts
var speed = {
  name: "speed",
  alertDetectors: [speedDetector],
  alertCodes: [...SPEED_LEVELS_KMH.map(speedLevelCode), "EXV"]
};

// ../../packages/telematics/src/detectors/status.detector.ts
var INITIAL_STATUS = { status: "undefined" };
function isMovingStatus(status2) {
  return status2 === "in-transit" || status2 === "speeding";
}
function isEngineRunning2(s, settings) {
  return s.rpm !== void 0 ? s.rpm > settings.idleRpmMin : s.ignition === true;
}
function heldS(sinceMs, nowMs) {
  return sinceMs === void 0 ? -1 : (nowMs - sinceMs) / 1e3;
}
function candidate(prev, next, s, settings) {
  const t = s.fixTimeMs;
  const speed2 = s.speedKmh;
  if (s.ignition === void 0 && speed2 === void 0) return "undefined";
  if (s.ignition === false) return "off";
  if (speed2 !== void 0 && speed2 >= settings.motionSpeedKmh) {
    return heldS(next.overLimitSinceMs, t) >= settings.speedingMinS ? "speeding" : "in-transit";
  }
  if (speed2 === void 0 || speed2 >= settings.stationarySpeedKmh) return prev.status;
  const wasMoving = isMovingStatus(prev.status);
  if (wasMoving && heldS(next.stationarySinceMs, t) < settings.inTransitLeaveS) return "in-transit";
  if (isEngineRunning2(s, settings)) {
    return wasMoving || heldS(next.idleSinceMs, t) >= settings.idlingMinS ? "idling" : prev.status;
  }
  return heldS(next.engineStoppedSinceMs, t) >= settings.offWithoutIgnitionS ? "off" : prev.status;
}
function nextStatus(prev, s, settings, speedLimitKmh = settings.speedLimitKmh) {
  const t = s.fixTimeMs;
  const speed2 = s.speedKmh;
  const isStationary = speed2 !== void 0 && speed2 < settings.stationarySpeedKmh;
  const isOverLimit = speed2 !== void 0 && speed2 >= settings.motionSpeedKmh && speed2 > speedLimitKmh;
  const isRunning = isEngineRunning2(s, settings);
  const next = {
    status: prev.status,
    sinceMs: prev.sinceMs,
    stationarySinceMs: isStationary ? prev.stationarySinceMs ?? t : void 0,
    overLimitSinceMs: isOverLimit ? prev.overLimitSinceMs ?? t : void 0,
    idleSinceMs: isStationary && isRunning ? prev.idleSinceMs ?? t : void 0,
    engineStoppedSinceMs: isStationary && !isRunning ? prev.engineStoppedSinceMs ?? t : void 0
  };
  const status2 = candidate(prev, next, s, settings);
  if (status2 !== prev.status) {
    next.status = status2;
    next.sinceMs = t;
  }
  return next;
}
function statusAfterSilence(status2, lastFixMs, engineOn, nowMs, settings) {
  const wasActive = status2 !== "off" && status2 !== "undefined";
  const timeoutS = wasActive ? settings.offlineMovingS : settings.offlineOffS;
  if ((nowMs - lastFixMs) / 1e3 <= timeoutS) return status2;
  return engineOn === true ? "offline-in-transit" : "offline-off";
}
function speedLimitAt(context, s, settings) {
  if (context.speedLimitKmh !== void 0 || !s.hasLocation) return context.speedLimitKmh;
  const places = placesOf(context, settings.zoneBorderBandM);
  return places && zoneSpeedLimitAt(places, s.lat, s.lng);
}
var statusDetector = {
  name: "status",
  initial: INITIAL_STATUS,
  step(slice, { sample }, context, settings) {
    const next = nextStatus(slice, sample, settings, speedLimitAt(context, sample, settings));
    if (next.status === slice.status) return { slice: next, facts: NO_FACTS };
    const fact2 = {
      type: "status",
      from: slice.status,
      to: next.status,
      atMs: sample.fixTimeMs
    };
    return { slice: next, facts: [fact2] };
  }
};

// ../../packages/telematics/src/capabilities/status.ts
var status = {
  name: "status",
  detectors: [statusDetector],
  factKinds: ["status"]
};

// ../../packages/telematics/src/detectors/stop.detector.ts
var INITIAL_STOP_ALERTS = Object.freeze({});
function isAtKnownPlace(origin, context) {
  if (origin.lat === void 0 || origin.lng === void 0) return false;
  const pois = context.pois;
  if (pois) {
    for (const poi of pois) {
      if (haversineM(origin.lat, origin.lng, poi.lat, poi.lng) <= poi.radiusM) return true;
    }
  }
  if (!context.places) return false;
  const hits = context.places.at(origin.lat, origin.lng);
  for (const hit of hits.pois) {
    if (hit.distanceM <= hit.radiusM) return true;
  }
  for (const zone of hits.zones) {
    if (zone.accessType === "allowed" && zone.depthM >= 0) return true;
  }
  return false;
}
function stepStop(run, s, context, settings, facts) {
  const isStopped = s.ignition === false || s.motion === false;
  if (!isStopped && s.motion !== true) return run;
  if (!run) return isStopped ? { ...originOf(s), isAlerted: false } : void 0;
  if (run.isAlerted) return isStopped ? run : void 0;
  const durationS = (s.fixTimeMs - run.startTimeMs) / 1e3;
  if (durationS < settings.longStopS) return isStopped ? run : void 0;
  if (!isAtKnownPlace(run, context)) facts.push(eventFact("D20", run, { value: durationS }));
  return isStopped ? { ...run, isAlerted: true } : void 0;
}
function checked(w, t, settings, facts) {
  if (w.isAlerted || !w.isOpen) return w;
  const durationS = (t - w.startTimeMs) / 1e3;
  if (durationS <= settings.longIdleS) return w;
  facts.push(eventFact("EDT", w, { value: durationS }));
  return { ...w, isAlerted: true };
}
function stepIdle(watch, s, prev, settings, facts) {
  const t = s.fixTimeMs;
  const isIdle3 = isIdleRecord(s, settings);
  let w = watch;
  if (w && prev && (t - prev.fixTimeMs) / 1e3 > settings.idleMaxGapS) w = void 0;
  if (w) {
    const isMotion = s.speedKmh !== void 0 && s.speedKmh >= settings.motionSpeedKmh;
    if (endReasonOf(s, settings)) {
      checked(w, t, settings, facts);
      w = void 0;
    } else if (isMotion) {
      if (!w.isOpen) w = void 0;
      else if (w.motionSinceMs === void 0)
        w = { ...checked(w, t, settings, facts), motionSinceMs: t };
      else if ((t - w.motionSinceMs) / 1e3 >= settings.idleEndMotionS) w = void 0;
    } else if (isIdle3) {
      if (w.motionSinceMs !== void 0) w = { ...w, motionSinceMs: void 0 };
      w = checked(w, t, settings, facts);
    } else if (!w.isOpen) {
      w = void 0;
    } else if (w.motionSinceMs === void 0) {
      w = checked(w, t, settings, facts);
    }
  }
  if (!w && isIdle3) w = { ...originOf(s), isOpen: false, isAlerted: false };
  if (w && !w.isOpen && (t - w.startTimeMs) / 1e3 >= settings.idleStartS) {
    w = checked({ ...w, isOpen: true }, t, settings, facts);
  }
  return w;
}
var stopDetector = {
  name: "stop-alerts",
  initial: INITIAL_STOP_ALERTS,
  step(slice, { sample: s, prev }, context, settings) {
    if (slice.stop === void 0 && slice.idle === void 0 && s.motion === true) {
      return { slice, facts: NO_FACTS };
    }
    const facts = [];
    const stop = stepStop(slice.stop, s, context, settings, facts);
    const idle2 = stepIdle(slice.idle, s, prev, settings, facts);
    const out = facts.length > 0 ? facts : NO_FACTS;
    if (stop === slice.stop && idle2 === slice.idle) return { slice, facts: out };
    if (stop === void 0 && idle2 === void 0) return { slice: INITIAL_STOP_ALERTS, facts: out };
    const next = {};
    if (stop) next.stop = stop;
    if (idle2) next.idle = idle2;
    return { slice: next, facts: out };
  }
};

// ../../packages/telematics/src/capabilities/stops.ts
var stops = {
  name: "stops",
  alertDetectors: [stopDetector],
  alertCodes: ["D20", "EDT"]
};

// ../../packages/telematics/src/reducer/trip-accumulator.ts
function copyTrip(t) {
  return {
    startTimeMs: t.startTimeMs,
    startLat: t.startLat,
    startLng: t.startLng,
    startOdometerM: t.startOdometerM,
    endTimeMs: t.endTimeMs,
    endLat: t.endLat,
    endLng: t.endLng,
    endOdometerM: t.endOdometerM,
    endFuelLevelPct: t.endFuelLevelPct,
    endFuelLevelL: t.endFuelLevelL,
    distanceM: t.distanceM,
    odometerIntervals: t.odometerIntervals,
    gpsIntervals: t.gpsIntervals,
    fuelUsedL: t.fuelUsedL,
    drivingTimeS: t.drivingTimeS,
    idleTimeS: t.idleTimeS,
    engineOnS: t.engineOnS,
    unknownS: t.unknownS,
    maxSpeedKmh: t.maxSpeedKmh,
    positionCount: t.positionCount,
    driverCode: t.driverCode
  };
}
function openTrip(s) {
  return addSampleToTrip(
    {
      startTimeMs: s.fixTimeMs,
      startOdometerM: s.odometerM,
      endTimeMs: s.fixTimeMs,
      distanceM: 0,
      odometerIntervals: 0,
      gpsIntervals: 0,
      drivingTimeS: 0,
      idleTimeS: 0,
      engineOnS: 0,
      unknownS: 0,
      positionCount: 0
    },
    s
  );
}
function addSampleToTrip(trip, s) {
  const next = copyTrip(trip);
  next.endTimeMs = s.fixTimeMs;
  next.positionCount = trip.positionCount + 1;
  if (s.hasLocation) {
    next.endLat = s.lat;
    next.endLng = s.lng;
    if (next.startLat === void 0) {
      next.startLat = s.lat;
      next.startLng = s.lng;
    }
  }
  if (s.odometerM !== void 0) {
    next.endOdometerM = s.odometerM;
    next.startOdometerM ??= s.odometerM;
  }
  if (s.fuelLevelPct !== void 0) next.endFuelLevelPct = s.fuelLevelPct;
  if (s.fuelLevelL !== void 0) next.endFuelLevelL = s.fuelLevelL;
  if (s.speedKmh !== void 0) next.maxSpeedKmh = Math.max(next.maxSpeedKmh ?? 0, s.speedKmh);
  if (s.driverCode !== void 0) next.driverCode ??= s.driverCode;
  return next;
}
function addIntervalToTrip(trip, inc) {
  const isOdometer = inc.distanceSource === "odometer";
  const next = copyTrip(trip);
  next.distanceM = trip.distanceM + inc.distanceM;
  next.odometerIntervals = trip.odometerIntervals + (isOdometer ? 1 : 0);
  next.gpsIntervals = trip.gpsIntervals + (isOdometer ? 0 : 1);
  if (inc.fuelL !== void 0) next.fuelUsedL = (trip.fuelUsedL ?? 0) + inc.fuelL;
  next.drivingTimeS = trip.drivingTimeS + inc.share.drivingS;
  next.idleTimeS = trip.idleTimeS + inc.share.idleS;
  next.engineOnS = trip.engineOnS + inc.share.engineOnS;
  next.unknownS = trip.unknownS + inc.share.unknownS;
  return next;
}
function tripDurationS(trip) {
  return (trip.endTimeMs - trip.startTimeMs) / 1e3;
}
function distanceSource(trip) {
  if (trip.gpsIntervals === 0 && trip.odometerIntervals > 0) return "odometer";
  return trip.odometerIntervals === 0 ? "gps" : "mixed";
}
function toTripFact(trip, endReason, settings) {
  const durationS = tripDurationS(trip);
  if (durationS < settings.tripMinDurationS && trip.distanceM < settings.tripMinDistanceM) {
    return void 0;
  }
  const engineS = trip.engineOnS + trip.unknownS;
  return {
    type: "trip",
    startTimeMs: trip.startTimeMs,
    endTimeMs: trip.endTimeMs,
    durationS,
    startLat: trip.startLat,
    startLng: trip.startLng,
    endLat: trip.endLat,
    endLng: trip.endLng,
    startOdometerM: trip.startOdometerM,
    endOdometerM: trip.endOdometerM,
    distanceM: trip.distanceM,
    distanceSource: distanceSource(trip),
    drivingTimeS: trip.drivingTimeS,
    idleTimeS: trip.idleTimeS,
    fuelUsedL: trip.fuelUsedL,
    maxSpeedKmh: trip.maxSpeedKmh,
    avgSpeedKmh: trip.drivingTimeS > 0 ? trip.distanceM / trip.drivingTimeS * 3.6 : void 0,
    driverCode: trip.driverCode,
    coverage: engineS > 0 ? trip.engineOnS / engineS : 1,
    positionCount: trip.positionCount,
    endReason
  };
}
function openStop(s) {
  return addSampleToStop(
    {
      startTimeMs: s.fixTimeMs,
      endTimeMs: s.fixTimeMs,
      lat: s.hasLocation ? s.lat : void 0,
      lng: s.hasLocation ? s.lng : void 0,
      ignitionOnS: 0,
      fuelLevelBeforePct: s.fuelLevelPct,
      fuelLevelBeforeL: s.fuelLevelL
    },
    s
  );
}
function openStopAfterTrip(trip, ignitionOnS) {
  return {
    startTimeMs: trip.endTimeMs,
    endTimeMs: trip.endTimeMs,
    lat: trip.endLat,
    lng: trip.endLng,
    ignitionOnS,
    fuelLevelBeforePct: trip.endFuelLevelPct,
    fuelLevelBeforeL: trip.endFuelLevelL,
    fuelLevelAfterPct: trip.endFuelLevelPct,
    fuelLevelAfterL: trip.endFuelLevelL
  };
}
function addSampleToStop(stop, s) {
  const next = { ...stop };
  next.endTimeMs = s.fixTimeMs;
  if (next.lat === void 0 && s.hasLocation) {
    next.lat = s.lat;
    next.lng = s.lng;
  }
  if (s.fuelLevelPct !== void 0) {
    next.fuelLevelAfterPct = s.fuelLevelPct;
    next.fuelLevelBeforePct ??= s.fuelLevelPct;
  }
  if (s.fuelLevelL !== void 0) {
    next.fuelLevelAfterL = s.fuelLevelL;
    next.fuelLevelBeforeL ??= s.fuelLevelL;
  }
  return next;
}
function addIntervalToStop(stop, inc) {
  const next = { ...stop };
  next.ignitionOnS = stop.ignitionOnS + inc.share.engineOnS;
  return next;
}
function toStopFact(stop, endTimeMs) {
  return {
    type: "stop",
    startTimeMs: stop.startTimeMs,
    endTimeMs,
    durationS: (endTimeMs - stop.startTimeMs) / 1e3,
    lat: stop.lat,
    lng: stop.lng,
    ignitionOnS: stop.ignitionOnS,
    fuelLevelBeforePct: stop.fuelLevelBeforePct,
    fuelLevelAfterPct: stop.fuelLevelAfterPct,
    fuelLevelBeforeL: stop.fuelLevelBeforeL,
    fuelLevelAfterL: stop.fuelLevelAfterL
  };
}

// ../../packages/telematics/src/detectors/motion.detector.ts
var INITIAL_MOTION = { isMoving: false };
function endTrip(m, reason, settings) {
  const live = m.trip;
  if (!live) return { motion: { isMoving: false }, facts: [] };
  const final = m.tripAtStopStart ?? live;
  const fact2 = toTripFact(final, reason, settings);
  const stop = openStopAfterTrip(final, live.engineOnS - final.engineOnS);
  const fuelAfter = {
    fuelLevelAfterPct: live.endFuelLevelPct,
    fuelLevelAfterL: live.endFuelLevelL
  };
  return {
    motion: { isMoving: false, stop: { ...stop, ...fuelAfter, endTimeMs: live.endTimeMs } },
    facts: fact2 ? [fact2] : []
  };
}
function hasStartedMoving(trip, settings) {
  return tripDurationS(trip) >= settings.tripStartDurationS || trip.distanceM >= settings.tripStartDistanceM;
}
function advanceMoving(m, s, settings) {
  const trip = addSampleToTrip(m.trip ?? openTrip(s), s);
  const moving = { ...m, trip };
  if (s.ignition === false) return endTrip(moving, "ignition-off", settings);
  if (s.motion === true) return { motion: { isMoving: true, trip }, facts: [] };
  if (s.motion === false) {
    const atStopStart = m.tripAtStopStart ?? trip;
    const next = { isMoving: true, trip, tripAtStopStart: atStopStart };
    const stillS = (s.fixTimeMs - atStopStart.endTimeMs) / 1e3;
    return stillS >= settings.tripStopDurationS ? endTrip(next, "stop", settings) : { motion: next, facts: [] };
  }
  return { motion: moving, facts: [] };
}
function advanceStopped(m, s, settings) {
  const stop = m.stop ? addSampleToStop(m.stop, s) : openStop(s);
  if (s.motion !== true || s.ignition === false) {
    const keep = s.motion === void 0 && s.ignition !== false;
    const startingTrip2 = keep && m.startingTrip ? addSampleToTrip(m.startingTrip, s) : void 0;
    const motion = { isMoving: false, stop };
    if (startingTrip2) {
      motion.startingTrip = startingTrip2;
      motion.stopAtTripStart = m.stopAtTripStart;
    }
    return { motion, facts: [] };
  }
  const startingTrip = m.startingTrip ? addSampleToTrip(m.startingTrip, s) : openTrip(s);
  const stopAtTripStart = m.stopAtTripStart ?? stop;
  if (!hasStartedMoving(startingTrip, settings)) {
    return { motion: { isMoving: false, stop, startingTrip, stopAtTripStart }, facts: [] };
  }
  const isEmptyStop = stopAtTripStart.startTimeMs === startingTrip.startTimeMs;
  return {
    motion: { isMoving: true, trip: startingTrip },
    facts: isEmptyStop ? [] : [toStopFact(stopAtTripStart, startingTrip.startTimeMs)]
  };
}
function advanceMotion(m, s, inc, isGap, settings) {
  const facts = [];
  let state = m;
  if (isGap) {
    if (state.isMoving) {
      const ended = endTrip(state, "gap", settings);
      facts.push(...ended.facts);
      state = ended.motion;
    } else {
      state = { isMoving: false, stop: state.stop };
    }
  } else if (inc) {
    state = state.isMoving ? { ...state, trip: state.trip && addIntervalToTrip(state.trip, inc) } : {
      ...state,
      stop: state.stop && addIntervalToStop(state.stop, inc),
      startingTrip: state.startingTrip && addIntervalToTrip(state.startingTrip, inc)
    };
  }
  const advanced = state.isMoving ? advanceMoving(state, s, settings) : advanceStopped(state, s, settings);
  facts.push(...advanced.facts);
  return { motion: advanced.motion, facts };
}
var motionDetector = {
  name: "motion",
  initial: INITIAL_MOTION,
  step(slice, { sample, interval, isGap }, _context, settings) {
    const advanced = advanceMotion(slice, sample, interval, isGap, settings);
    return { slice: advanced.motion, facts: advanced.facts };
  }
};

// ../../packages/telematics/src/capabilities/trips.ts
var trips = {
  name: "trips",
  detectors: [motionDetector],
  factKinds: ["trip", "stop"]
};

// ../../packages/telematics/src/detectors/zone.detector.ts
var INITIAL_ZONES = Object.freeze({
  zones: Object.freeze([]),
  pois: Object.freeze([])
});
function placeEvent(code, origin, id, data, extra = {}) {
  return eventFact(
    code,
    { ...origin, startTimeMs: origin.startTimeMs + id % 1e3 },
    {
      ...extra,
      data
    }
  );
}
function quietPlaceEvent(...args) {
  return { ...placeEvent(...args), quiet: true };
}
function findZone(hits, id) {
  for (const hit of hits) if (hit.id === id) return hit;
  return void 0;
}
function findPoi(hits, id) {
  for (const hit of hits) if (hit.id === id) return hit;
  return void 0;
}
function closeSpeeding(v, t, facts, minS) {
  const e = v.eez;
  if (!e) return;
  if (e.held || (t - e.startTimeMs) / 1e3 >= minS) {
    facts.push(placeEvent("EEZ", e, v.id, { idzona: v.id }, { endTimeMs: t, value: e.topKmh }));
  }
}
function stayIn(v, hit, s, m, settings, facts) {
  const forbidden = hit.accessType === "forbidden";
  const allowed = hit.accessType === "allowed";
  let { stoppedSinceMs, dzp, eez } = v;
  if (forbidden && m.isStopped) {
    stoppedSinceMs ??= m.t;
    if (!dzp && (m.t - stoppedSinceMs) / 1e3 >= settings.forbiddenStopS) {
      const origin = { ...originOf(s), startTimeMs: stoppedSinceMs };
      const value = (m.t - stoppedSinceMs) / 1e3;
      facts.push(placeEvent("DZP", origin, v.id, { idzona: v.id }, { value }));
      dzp = true;
    }
  } else if (!forbidden || m.isMoving) {
    stoppedSinceMs = void 0;
    dzp = void 0;
  }
  const limit = hit.speedLimitKmh;
  const speed2 = s.speedKmh;
  const isOver = limit !== void 0 && speed2 !== void 0 && s.ignition !== false && speed2 >= settings.motionSpeedKmh && speed2 > limit;
  if (isOver) {
    if (!eez) eez = { ...originOf(s), topKmh: speed2, held: false };
    else {
      const held = eez.held || (m.t - eez.startTimeMs) / 1e3 >= settings.speedingMinS;
      if (held !== eez.held || speed2 > eez.topKmh) {
        eez = { ...eez, held, topKmh: Math.max(eez.topKmh, speed2) };
      }
    }
  } else if (eez) {
    closeSpeeding(v, m.t, facts, settings.speedingMinS);
    eez = void 0;
  }
  if (forbidden === v.forbidden && allowed === v.allowed && stoppedSinceMs === v.stoppedSinceMs && dzp === v.dzp && eez === v.eez) {
    return v;
  }
  const next = { id: v.id, sinceMs: v.sinceMs, allowed, forbidden };
  if (stoppedSinceMs !== void 0) next.stoppedSinceMs = stoppedSinceMs;
  if (dzp) next.dzp = dzp;
  if (eez) next.eez = eez;
  if (v.outsideSince) next.outsideSince = v.outsideSince;
  return next;
}
function stayAt(v, s, m, settings, facts) {
  if (m.isStopped) {
    const since = v.stoppedSinceMs ?? m.t;
    const durationS = (m.t - since) / 1e3;
    let dpi = v.dpi;
    if (!dpi && durationS >= settings.poiStopS) {
      const origin = { ...originOf(s), startTimeMs: since };
      facts.push(placeEvent("DPI", origin, v.id, { idinterestpoint: v.id }, { value: durationS }));
      dpi = true;
    }
    const longestStopS = Math.max(v.longestStopS, durationS);
    if (since === v.stoppedSinceMs && dpi === v.dpi && longestStopS === v.longestStopS) return v;
    return { ...v, stoppedSinceMs: since, longestStopS, dpi };
  }
  if (m.isMoving && v.stoppedSinceMs !== void 0) {
    const { stoppedSinceMs: _ended, dpi: _raised, ...rest } = v;
    return rest;
  }
  return v;
}
function isIdle2(slice) {
  return slice.zones.length === 0 && slice.pois.length === 0 && slice.outside === void 0 && slice.dwell === void 0;
}
function sameDwell(a, b) {
  if (!a) return b.length === 0;
  return a.length === b.length && a.every((d, i) => d === b[i]);
}
var zoneDetector = {
  name: "zones",
  initial: INITIAL_ZONES,
  step(slice, { sample: s, prev }, context, settings) {
    if (!s.hasLocation) return { slice, facts: NO_FACTS };
    const places = placesOf(context, settings.zoneBorderBandM);
    if (!places) return { slice, facts: NO_FACTS };
    const hits = places.at(s.lat, s.lng);
    if (hits.zones.length === 0 && hits.pois.length === 0 && isIdle2(slice) && !places.hasAllowedZones) {
      return { slice, facts: NO_FACTS };
    }
    const t = s.fixTimeMs;
    const m = {
      t,
      isStopped: s.ignition === false || s.motion === false,
      isMoving: s.ignition !== false && s.motion === true
    };
    const facts = [];
    const isSilence = prev !== void 0 && (t - prev.fixTimeMs) / 1e3 > settings.speedEpisodeMaxGapS;
    const dwellMs = settings.zoneDwellS * 1e3;
    const isFirst = prev === void 0;
    let changed = false;
    const zones2 = [];
    for (let v of slice.zones) {
      if (!places.hasZone(v.id)) {
        changed = true;
        continue;
      }
      if (isSilence && v.eez && prev) {
        closeSpeeding(v, prev.fixTimeMs, facts, settings.speedingMinS);
        const { eez: _closed, ...rest } = v;
        v = rest;
        changed = true;
      }
      const hit = findZone(hits.zones, v.id);
      let exit = !hit || hit.depthM <= -hit.bandM ? originOf(s) : void 0;
      if (hit && !exit) {
        let outsideSince = v.outsideSince;
        if (hit.depthM <= 0) {
          outsideSince ??= originOf(s);
          if (m.isStopped && t - outsideSince.startTimeMs >= dwellMs) exit = outsideSince;
        } else {
          outsideSince = void 0;
        }
        if (outsideSince !== v.outsideSince) {
          const { outsideSince: _old, ...rest } = v;
          v = outsideSince ? { ...rest, outsideSince } : rest;
          changed = true;
        }
      }
      if (exit) {
        closeSpeeding(v, t, facts, settings.speedingMinS);
        facts.push(quietPlaceEvent("SDZ", exit, v.id, { idzona: v.id }));
        changed = true;
        continue;
      }
      const next2 = stayIn(v, hit, s, m, settings, facts);
      if (next2 !== v) changed = true;
      zones2.push(next2);
    }
    const dwell = [];
    for (const hit of hits.zones) {
      if (slice.zones.some((v) => v.id === hit.id)) continue;
      let origin;
      if (isFirst) {
        if (hit.depthM > 0) origin = originOf(s);
      } else if (hit.depthM >= hit.bandM) origin = originOf(s);
      else if (hit.depthM > 0) {
        const pending = slice.dwell?.find((d) => d.id === hit.id);
        const since = pending?.origin ?? originOf(s);
        if (m.isStopped && t - since.startTimeMs >= dwellMs) origin = since;
        else dwell.push(pending ?? { id: hit.id, origin: since });
      }
      if (!origin) continue;
      if (!isFirst) {
        if (hit.accessType === "forbidden") {
          facts.push(placeEvent("AZP", origin, hit.id, { idzona: hit.id }));
        } else if (hit.notify !== false) {
          facts.push(placeEvent("AZA", origin, hit.id, { idzona: hit.id }));
        } else {
          facts.push(quietPlaceEvent("AZA", origin, hit.id, { idzona: hit.id }));
        }
      }
      const visit = {
        id: hit.id,
        sinceMs: origin.startTimeMs,
        allowed: hit.accessType === "allowed",
        forbidden: hit.accessType === "forbidden"
      };
      if (m.isStopped && hit.accessType === "forbidden") visit.stoppedSinceMs = origin.startTimeMs;
      zones2.push(stayIn(visit, hit, s, m, settings, facts));
      changed = true;
    }
    if (changed) zones2.sort((a, b) => a.id - b.id);
    let poisChanged = false;
    const pois = [];
    for (const v of slice.pois) {
      if (!places.hasPoi(v.id)) {
        poisChanged = true;
        continue;
      }
      const hit = findPoi(hits.pois, v.id);
      if (!hit || hit.distanceM > hit.radiusM + settings.zoneBorderBandM) {
        const stopS = v.stoppedSinceMs === void 0 ? 0 : (t - v.stoppedSinceMs) / 1e3;
        if (Math.max(v.longestStopS, stopS) < settings.poiPassMaxStopS) {
          const data = { idinterestpoint: v.id };
          facts.push(placeEvent("CIP", v, v.id, data, { endTimeMs: t }));
        }
        poisChanged = true;
        continue;
      }
      const next2 = stayAt(v, s, m, settings, facts);
      if (next2 !== v) poisChanged = true;
      pois.push(next2);
    }
    for (const hit of hits.pois) {
      if (hit.distanceM > hit.radiusM) continue;
      if (slice.pois.some((v) => v.id === hit.id)) continue;
      const longestStopS = isFirst ? settings.poiPassMaxStopS : 0;
      const visit = { ...originOf(s), id: hit.id, longestStopS };
      if (!isFirst) facts.push(placeEvent("AIP", visit, hit.id, { idinterestpoint: hit.id }));
      pois.push(stayAt(visit, s, m, settings, facts));
      poisChanged = true;
    }
    if (poisChanged) pois.sort((a, b) => a.id - b.id);
    let outside = slice.outside;
    if (!places.hasAllowedZones || zones2.some((v) => v.allowed) || m.isMoving) {
      outside = void 0;
    } else if (m.isStopped) {
      outside ??= { ...originOf(s), raised: false };
      const durationS = (t - outside.startTimeMs) / 1e3;
      if (!outside.raised && durationS >= settings.outsideAllowedStopS) {
        facts.push(eventFact("DAZ", outside, { value: durationS }));
        outside = { ...outside, raised: true };
      }
    }
    const out = facts.length > 0 ? facts : NO_FACTS;
    const dwellSame = sameDwell(slice.dwell, dwell);
    if (!changed && !poisChanged && outside === slice.outside && dwellSame) {
      return { slice, facts: out };
    }
    const next = {
      zones: changed ? zones2 : slice.zones,
      pois: poisChanged ? pois : slice.pois
    };
    if (outside) next.outside = outside;
    if (dwell.length > 0) next.dwell = dwellSame ? slice.dwell : dwell;
    return { slice: isIdle2(next) ? INITIAL_ZONES : next, facts: out };
  }
};

// ../../packages/telematics/src/capabilities/zones.ts
var zones = {
  name: "zones",
  alertDetectors: [zoneDetector],
  alertCodes: ["AZA", "SDZ", "AZP", "DZP", "DAZ", "EEZ", "AIP", "DPI", "CIP"]
};

// ../../packages/telematics/src/capabilities/index.ts
var CAPABILITIES = Object.freeze([
  status,
  trips,
  idle,
  rollups,
  indicators,
  faults,
  speed,
  stops,
  harshDriving,
  devicePower,
  drivers,
  reefer,
  zones,
  fuel,
  plannedTrips,
  drivingTimes
]);
var CORE_DETECTORS = coreChainOf(CAPABILITIES);
var ALERT_DETECTORS = alertChainOf(CAPABILITIES);
var DEFAULT_DETECTORS = Object.freeze([
  ...CORE_DETECTORS,
  ...ALERT_DETECTORS
]);
var CAPABILITY_ALERT_CODES = alertCodesOf(CAPABILITIES);

// ../../packages/telematics/src/reducer/device.reducer.ts
var DEFAULT_NAMES = Object.freeze(DEFAULT_DETECTORS.map((d) => d.name));
function namesOf(chain) {
  return chain === DEFAULT_DETECTORS ? DEFAULT_NAMES : chain.map((d) => d.name);
}
function isSameChain(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
function sliceOf(state, name) {
  const i = state.detectors.indexOf(name);
  return i < 0 ? void 0 : state.slices[i];
}
function initialDeviceState(detectors = DEFAULT_DETECTORS) {
  return {
    counters: {},
    totals: { distanceM: 0, fuelUsedL: 0, engineHours: 0 },
    detectors: namesOf(detectors),
    slices: detectors.map((d) => d.initial)
  };
}
function statusStateOf(state) {
  return sliceOf(state, "status") ?? INITIAL_STATUS;
}
function liveStatusOf(state) {
  return statusStateOf(state).status;
}
function applyCounters(counters, s, settings) {
  const next = {};
  const deltas = {};
  const facts = [];
  const t = s.fixTimeMs;
  for (const name of COUNTER_NAMES) {
    const value = s[name];
    const baseline = counters[name];
    if (value === void 0) {
      if (baseline && (t - baseline.atMs) / 1e3 <= settings.counterStaleS) {
        next[name] = baseline;
        deltas[name] = 0;
      }
      continue;
    }
    next[name] = { value, atMs: t };
    if (!baseline) continue;
    const d = counterDelta(name, baseline, value, t, settings);
    deltas[name] = d.delta;
    if (d.anomaly) {
      facts.push({
        type: "counter",
        counter: name,
        anomaly: d.anomaly,
        previous: baseline.value,
        current: value,
        atMs: t
      });
    }
  }
  return { counters: next, deltas, facts };
}
function step(state, position, settings = DEFAULT_REDUCER_SETTINGS, options = {}) {
  const t = position.fixTimeMs;
  const validation = options.validation ?? validatePosition(position, options.nowMs ?? Number.POSITIVE_INFINITY);
  if (!validation.ok)
    return { state, facts: [{ type: "rejected", fixTimeMs: t, reason: validation.reason }] };
  const last = state.last;
  if (last && t < last.fixTimeMs) {
    return { state, facts: [{ type: "late", fixTimeMs: t, newestFixTimeMs: last.fixTimeMs }] };
  }
  if (last && t === last.fixTimeMs) return { state, facts: [{ type: "duplicate", fixTimeMs: t }] };
  const flags = validation.flags;
  const skipped = flags.length === 0 ? flags : flags.filter((f) => settings.skipFlags.includes(f));
  if (skipped.length > 0)
    return { state, facts: [{ type: "flagged", fixTimeMs: t, flags: skipped }] };
  const s = toSample(position, validation.flags, settings);
  const counters = applyCounters(state.counters, s, settings);
  const facts = counters.facts;
  let interval;
  if (last) {
    const odometerDelta = counters.deltas.odometerM;
    interval = {
      share: shareInterval(last, t, settings),
      distanceM: odometerDelta ?? gpsHopM(last, s, settings),
      distanceSource: odometerDelta === void 0 ? "gps" : "odometer",
      fuelL: counters.deltas.fuelUsedL
    };
  }
  const input = {
    sample: s,
    prev: last,
    interval,
    isGap: last !== void 0 && (t - last.fixTimeMs) / 1e3 > settings.tripMaxGapS
  };
  const context = options.context ?? EMPTY_CONTEXT;
  const chain = options.detectors ?? DEFAULT_DETECTORS;
  const names = namesOf(chain);
  const isAligned = isSameChain(state.detectors, names);
  const slices = new Array(chain.length);
  for (let i = 0; i < chain.length; i++) {
    const detector = chain[i];
    let before = isAligned ? state.slices[i] : sliceOf(state, detector.name);
    if (before === void 0) before = detector.initial;
    const result = detector.step(before, input, context, settings);
    slices[i] = result.slice;
    const emitted = result.facts;
    for (let j = 0; j < emitted.length; j++) facts.push(emitted[j]);
  }
  return {
    state: {
      last: s,
      counters: counters.counters,
      totals: {
        distanceM: state.totals.distanceM + (interval?.distanceM ?? 0),
        fuelUsedL: state.totals.fuelUsedL + (counters.deltas.fuelUsedL ?? 0),
        engineHours: state.totals.engineHours + (counters.deltas.engineHours ?? 0)
      },
      detectors: names,
      slices
    },
    facts
  };
}

// ../../packages/telematics/src/analysis/indicator-sums.ts
var INDICATOR_SUM_KEYS = [
  "distanceKm",
  "fuelL",
  "engineS",
  "unknownS",
  "drivingS",
  "idleS",
  "canS",
  "greenS",
  "inertiaS",
  "over60S",
  "cruiseS",
  "torqueSum",
  "torqueS",
  "torqueHighS",
  "kickdowns",
  "excessKm",
  "speedingS",
  "speeding10S",
  "hardBrakes",
  "harshAccels",
  "harshCorners",
  "crashes",
  "engineSignalS",
  "rpmUnder800S",
  "rpmBelowGreenS",
  "rpmGreenS",
  "rpmAboveGreenS",
  "rpmOver1800S",
  "harshInputS"
];
function zeroSums() {
  return copySums(ZERO_SUMS);
}
function addSums(a, b) {
  a.distanceKm += b.distanceKm;
  a.fuelL += b.fuelL;
  a.engineS += b.engineS;
  a.unknownS += b.unknownS;
  a.drivingS += b.drivingS;
  a.idleS += b.idleS;
  a.canS += b.canS;
  a.greenS += b.greenS;
  a.inertiaS += b.inertiaS;
  a.over60S += b.over60S;
  a.cruiseS += b.cruiseS;
  a.torqueSum += b.torqueSum;
  a.torqueS += b.torqueS;
  a.torqueHighS += b.torqueHighS;
  a.kickdowns += b.kickdowns;
  a.excessKm += b.excessKm;
  a.speedingS += b.speedingS;
  a.speeding10S += b.speeding10S;
  a.hardBrakes += b.hardBrakes;
  a.harshAccels += b.harshAccels;
  a.harshCorners += b.harshCorners;
  a.crashes += b.crashes;
  a.engineSignalS += b.engineSignalS;
  a.rpmUnder800S += b.rpmUnder800S;
  a.rpmBelowGreenS += b.rpmBelowGreenS;
  a.rpmGreenS += b.rpmGreenS;
  a.rpmAboveGreenS += b.rpmAboveGreenS;
  a.rpmOver1800S += b.rpmOver1800S;
  a.harshInputS += b.harshInputS;
  return a;
}
function copySums(s) {
  return {
    distanceKm: s.distanceKm,
    fuelL: s.fuelL,
    engineS: s.engineS,
    unknownS: s.unknownS,
    drivingS: s.drivingS,
    idleS: s.idleS,
    canS: s.canS,
    greenS: s.greenS,
    inertiaS: s.inertiaS,
    over60S: s.over60S,
    cruiseS: s.cruiseS,
    torqueSum: s.torqueSum,
    torqueS: s.torqueS,
    torqueHighS: s.torqueHighS,
    kickdowns: s.kickdowns,
    excessKm: s.excessKm,
    speedingS: s.speedingS,
    speeding10S: s.speeding10S,
    hardBrakes: s.hardBrakes,
    harshAccels: s.harshAccels,
    harshCorners: s.harshCorners,
    crashes: s.crashes,
    engineSignalS: s.engineSignalS,
    rpmUnder800S: s.rpmUnder800S,
    rpmBelowGreenS: s.rpmBelowGreenS,
    rpmGreenS: s.rpmGreenS,
    rpmAboveGreenS: s.rpmAboveGreenS,
    rpmOver1800S: s.rpmOver1800S,
    harshInputS: s.harshInputS
  };
}
var ZERO_SUMS = Object.freeze({
  distanceKm: 0,
  fuelL: 0,
  engineS: 0,
  unknownS: 0,
  drivingS: 0,
  idleS: 0,
  canS: 0,
  greenS: 0,
  inertiaS: 0,
  over60S: 0,
  cruiseS: 0,
  torqueSum: 0,
  torqueS: 0,
  torqueHighS: 0,
  kickdowns: 0,
  excessKm: 0,
  speedingS: 0,
  speeding10S: 0,
  hardBrakes: 0,
  harshAccels: 0,
  harshCorners: 0,
  crashes: 0,
  engineSignalS: 0,
  rpmUnder800S: 0,
  rpmBelowGreenS: 0,
  rpmGreenS: 0,
  rpmAboveGreenS: 0,
  rpmOver1800S: 0,
  harshInputS: 0
});

// ../../packages/telematics/src/analysis/safety.ts
var SAFETY_ITEMS = [
  { code: "hardBraking", weight: 2, kind: "event" },
  { code: "harshAcceleration", weight: 1, kind: "event" },
  { code: "harshCornering", weight: 2, kind: "event" },
  { code: "crash", weight: 10, kind: "event" },
  { code: "speeding", weight: 1, kind: "time" },
  { code: "speedingHigh", weight: 3, kind: "time" }
];
var SAFETY_MIN_KM = 100;
var SAFETY_MIN_HARSH_INPUT = 0.7;
function safetyScore(s) {
  const counts = {
    hardBraking: s.hardBrakes,
    harshAcceleration: s.harshAccels,
    harshCornering: s.harshCorners,
    crash: s.crashes,
    speeding: s.speedingS,
    speedingHigh: s.speeding10S
  };
  let penalty = 0;
  const items = SAFETY_ITEMS.map(({ code, weight, kind: kind2 }) => {
    const count = counts[code];
    const rate = kind2 === "event" ? s.distanceKm > 0 ? count * 1e3 / s.distanceKm : 0 : s.drivingS > 0 ? 100 * count / s.drivingS : 0;
    const p = weight * rate;
    penalty += p;
    return { code, count, rate, penalty: p };
  });
  if (s.distanceKm < SAFETY_MIN_KM) return { score: null, items };
  if (s.harshInputS < SAFETY_MIN_HARSH_INPUT * s.drivingS) return { score: null, items };
  return { score: Math.min(100, Math.max(0, 100 - penalty)), items };
}

// ../../packages/telematics/src/analysis/scores.ts
var LETTERS = ["A", "B", "C", "D", "E", "F", "G"];
var DEFAULT_LETTER_FLOORS = Object.freeze([
  90,
  75,
  60,
  45,
  30,
  15
]);
var DEFAULT_SAFETY_LETTER_FLOORS = Object.freeze([
  97,
  94,
  90,
  85,
  80,
  70
]);
function letterOf(score, floors = DEFAULT_LETTER_FLOORS) {
  for (let i = 0; i < floors.length; i++) if (score >= floors[i]) return LETTERS[i];
  return "G";
}
function linearScore(value, zeroAt, hundredAt) {
  const score = (value - zeroAt) / (hundredAt - zeroAt) * 100;
  return Math.min(100, Math.max(0, score));
}
var CAN_INDICATORS = [
  "consumption",
  "averageTorque",
  "kickdown",
  "percentageOptimumRange",
  "inertia",
  "useCruiseControl"
];
var DOMAIN_SCALES = Object.freeze({
  consumption: { zeroAt: 125, hundredAt: 85 },
  averageTorque: { zeroAt: 30, hundredAt: 5 },
  ralenti: { zeroAt: 30, hundredAt: 5 },
  excessSpeed: { zeroAt: 15, hundredAt: 1 },
  kickdown: { zeroAt: 3, hundredAt: 0.2 },
  percentageOptimumRange: { zeroAt: 40, hundredAt: 85 },
  inertia: { zeroAt: 2, hundredAt: 15 },
  useCruiseControl: { zeroAt: 1, hundredAt: 61 },
  hardBraking: { zeroAt: 1.5, hundredAt: 0.1 }
});
var DEFAULT_SCALES = Object.freeze({
  ...DOMAIN_SCALES,
  averageTorque: { zeroAt: 4, hundredAt: 0.25 },
  excessSpeed: { zeroAt: 3, hundredAt: 0.1 },
  kickdown: { zeroAt: 8, hundredAt: 0.2 }
});
var DEFAULT_SCORE_SETTINGS = Object.freeze({
  letterFloors: DEFAULT_LETTER_FLOORS,
  safetyLetterFloors: DEFAULT_SAFETY_LETTER_FLOORS,
  scales: DEFAULT_SCALES
});
var DEFAULT_EVALUATION = Object.freeze({
  referenceL100: 32,
  minCoverage: 0.7,
  consumptionMinKm: 50
});
function evaluationSettingsOf(settings, kind2) {
  return {
    ...DEFAULT_EVALUATION,
    referenceL100: referenceL100Of(kind2),
    letterFloors: settings.letterFloors,
    scales: settings.scales
  };
}
function referenceL100Of(kind2) {
  return kind2 !== null && kind2 !== void 0 && /rigid|r[ií]gido|camion$|cami[oó]n$/i.test(kind2) ? 25 : 32;
}
function ratio(n, d) {
  return d > 0 ? n / d : null;
}
function indicator(value, coverage, settings, scale2, scoreFrom = value) {
  const { zeroAt, hundredAt } = scale2;
  const c = Math.min(1, Math.max(0, coverage));
  if (value === null || scoreFrom === null)
    return { value, score: null, profile: null, coverage: c, lowCoverage: value !== null };
  const lowCoverage = c < settings.minCoverage;
  const score = linearScore(scoreFrom, zeroAt, hundredAt);
  return {
    value,
    score: lowCoverage ? null : score,
    profile: lowCoverage ? null : letterOf(score, settings.letterFloors),
    coverage: c,
    lowCoverage
  };
}
function evaluate(sums, settings = DEFAULT_EVALUATION) {
  const known = sums.engineS;
  const coverage = known + sums.unknownS > 0 ? known / (known + sums.unknownS) : 0;
  const canCoverage = sums.drivingS > 0 ? coverage * (sums.canS / sums.drivingS) : 0;
  const km = sums.distanceKm;
  const per100 = (n) => km > 0 ? n * 100 / km : null;
  const pct = (n, d) => {
    const r = ratio(n, d);
    return r === null ? null : r * 100;
  };
  const R = settings.referenceL100;
  const sc = settings.scales ?? DEFAULT_SCALES;
  const consumptionValue = sums.fuelL > 0 && km > 0 ? 100 * sums.fuelL / km : null;
  const consumption = indicator(
    consumptionValue,
    km >= settings.consumptionMinKm ? coverage : 0,
    settings,
    { zeroAt: sc.consumption.zeroAt / 100 * R, hundredAt: sc.consumption.hundredAt / 100 * R }
  );
  const hasCan = sums.canS > 0;
  const hasTorque = sums.torqueS > 0;
  const hasHarshInput = sums.harshInputS > 0;
  const harshCoverage = sums.drivingS > 0 ? coverage * Math.min(1, sums.harshInputS / sums.drivingS) : 0;
  const e = {
    consumption,
    averageTorque: indicator(
      hasTorque ? sums.torqueSum / sums.torqueS : null,
      coverage,
      settings,
      sc.averageTorque,
      hasTorque ? sums.torqueHighS / sums.torqueS * 100 : null
    ),
    // Idle needs a real engine signal (ignition or rpm): a phone infers the engine from motion and
    // would always read 0 % idle.
    ralenti: indicator(
      sums.engineSignalS > 0 ? pct(sums.idleS, sums.engineS) : null,
      sums.engineS > 0 ? coverage * Math.min(1, sums.engineSignalS / sums.engineS) : 0,
      settings,
      sc.ralenti
    ),
    excessSpeed: indicator(pct(sums.excessKm, km), coverage, settings, sc.excessSpeed),
    kickdown: indicator(hasCan ? per100(sums.kickdowns) : null, canCoverage, settings, sc.kickdown),
    percentageOptimumRange: indicator(
      hasCan ? pct(sums.greenS, sums.canS) : null,
      canCoverage,
      settings,
      sc.percentageOptimumRange
    ),
    inertia: indicator(
      hasCan ? pct(sums.inertiaS, sums.canS) : null,
      canCoverage,
      settings,
      sc.inertia
    ),
    useCruiseControl: indicator(
      hasCan ? pct(sums.cruiseS, sums.over60S) : null,
      canCoverage,
      settings,
      sc.useCruiseControl
    ),
    hardBraking: indicator(
      hasHarshInput ? per100(sums.hardBrakes) : null,
      harshCoverage,
      settings,
      sc.hardBraking
    )
  };
  let weighted = 0;
  let weights = 0;
  for (const [key, v] of Object.entries(e)) {
    if (v.score === null) continue;
    const w = key === "consumption" ? 10 : 5;
    weighted += v.score * w;
    weights += w;
  }
  const hasCanScore = CAN_INDICATORS.some((key) => e[key].score !== null);
  const eco = weights > 0 && hasCanScore ? weighted / weights : null;
  const averageEcoDriving = {
    value: eco,
    score: eco,
    profile: eco === null ? null : letterOf(eco, settings.letterFloors),
    coverage: Math.min(1, coverage),
    lowCoverage: eco === null && km > 0
  };
  return {
    evaluation: {
      consumption: e.consumption,
      averageEcoDriving,
      averageTorque: e.averageTorque,
      ralenti: e.ralenti,
      excessSpeed: e.excessSpeed,
      kickdown: e.kickdown,
      percentageOptimumRange: e.percentageOptimumRange,
      inertia: e.inertia,
      useCruiseControl: e.useCruiseControl,
      hardBraking: e.hardBraking
    },
    distanceKm: km,
    totalFuelL: sums.fuelL,
    coverage
  };
}

// ../../packages/telematics/src/maintenance/forecast.ts
var DAY_MS = 864e5;
var MAX_KM_PER_DAY = 2e3;
var MAX_HOURS_PER_DAY = 24;
var RATE_WINDOW_DAYS = 28;
var RATE_FALLBACK_DAYS = 90;
var DUE_SOON_DAYS = 15;
var DUE_SOON_SHARE = 0.1;
function trackedValue(track) {
  return track.raw + track.offset;
}
function advanceCounter(previous, raw, atMs, maxPerDay) {
  if (!Number.isFinite(raw) || raw < 0) return previous ?? { raw: 0, offset: 0, atMs, rejected: 0 };
  if (!previous) return { raw, offset: 0, atMs, rejected: 0 };
  if (atMs < previous.atMs) return previous;
  if (raw < previous.raw) {
    return { raw, offset: previous.offset + previous.raw, atMs, rejected: previous.rejected };
  }
  const days = Math.max(1, (atMs - previous.atMs) / DAY_MS);
  if (raw - previous.raw > maxPerDay * days) {
    return { ...previous, rejected: previous.rejected + 1 };
  }
  return { raw, offset: previous.offset, atMs, rejected: previous.rejected };
}
function dailyRate(usage, todayMs) {
  if (usage.firstDayMs === void 0) return 0;
  const known = Math.max(1, Math.floor((todayMs - usage.firstDayMs) / DAY_MS) + 1);
  if (usage.last28 > 0) return usage.last28 / Math.min(RATE_WINDOW_DAYS, known);
  if (usage.last90 > 0) return usage.last90 / Math.min(RATE_FALLBACK_DAYS, known);
  return 0;
}
function axisOf(axis, interval, anchor, current, rate) {
  if (interval === null || interval <= 0 || anchor === null || current === null) return void 0;
  const remaining = anchor + interval - current;
  const daysLeft = rate > 0 ? remaining / rate : remaining < 0 ? 0 : null;
  return { axis, interval, remaining, daysLeft };
}
function urgency(a) {
  if (a.remaining < 0) return -1e9 + a.remaining / a.interval;
  return a.daysLeft ?? Number.POSITIVE_INFINITY;
}
function forecastItem(input) {
  const axes = [];
  const km = axisOf("km", input.intervalKm, input.anchorKm, input.currentKm, input.kmPerDay);
  const hours = axisOf(
    "hours",
    input.intervalHours,
    input.anchorHours,
    input.currentHours,
    input.hoursPerDay
  );
  if (km) axes.push(km);
  if (hours) axes.push(hours);
  if (input.intervalDays !== null && input.intervalDays > 0) {
    const remaining = Math.round(
      (input.anchorDayMs + input.intervalDays * DAY_MS - input.todayMs) / DAY_MS
    );
    axes.push({ axis: "days", interval: input.intervalDays, remaining, daysLeft: remaining });
  }
  let first;
  for (const a of axes) if (!first || urgency(a) < urgency(first)) first = a;
  if (!first || first.daysLeft === null && first.remaining >= 0) {
    const soon2 = axes.some((a) => a.remaining <= a.interval * DUE_SOON_SHARE);
    return { status: soon2 ? "due_soon" : "ok", axis: first?.axis ?? null, dueDayMs: null, axes };
  }
  const daysLeft = first.daysLeft ?? 0;
  const dueDayMs = input.todayMs + Math.floor(daysLeft) * DAY_MS;
  const overdue = axes.some((a) => a.remaining < 0);
  const soon = daysLeft <= DUE_SOON_DAYS || axes.some((a) => a.remaining <= a.interval * DUE_SOON_SHARE);
  return {
    status: overdue ? "overdue" : soon ? "due_soon" : "ok",
    axis: first.axis,
    dueDayMs,
    axes
  };
}
function utcDayMs(atMs) {
  return Math.floor(atMs / DAY_MS) * DAY_MS;
}

// ../../packages/telematics/src/places/place.ts
var RAD2 = Math.PI / 180;
var INSIDE_LOCALITY_M = 1500;
function bearingDeg(lat1, lng1, lat2, lng2) {
  const \u03C61 = lat1 * RAD2;
  const \u03C62 = lat2 * RAD2;
  const \u0394\u03BB = (lng2 - lng1) * RAD2;
  const y = Math.sin(\u0394\u03BB) * Math.cos(\u03C62);
  const x = Math.cos(\u03C61) * Math.sin(\u03C62) - Math.sin(\u03C61) * Math.cos(\u03C62) * Math.cos(\u0394\u03BB);
  const deg = Math.atan2(y, x) / RAD2;
  return (deg + 360) % 360;
}
var COMPASS = {
  es: ["N", "NE", "E", "SE", "S", "SO", "O", "NO"],
  en: ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
};
function compassPoint(bearing, lang) {
  const i = Math.round((bearing % 360 + 360) % 360 / 45) % 8;
  return COMPASS[lang][i];
}
function formatDistance(metres, lang) {
  if (metres < 1e3) return `${Math.round(metres / 100) * 100 || 100} m`;
  const km = metres < 1e4 ? Math.round(metres / 100) / 10 : Math.round(metres / 1e3);
  return `${lang === "es" ? String(km).replace(".", ",") : String(km)} km`;
}
function formatPlace(place, lang, options = {}) {
  const labels = place.labels?.[lang];
  if (labels) place = { ...place, ...labels };
  const parts = [];
  if (place.kind === "zone" || place.kind === "poi") {
    parts.push(place.name ?? "");
  } else if (place.kind === "address") {
    if (place.name) parts.push(place.name);
    if (place.locality) parts.push(place.locality);
    if (place.admin) parts.push(place.admin);
  } else {
    let locality = place.locality ?? "";
    if (place.distanceM !== void 0 && place.distanceM >= INSIDE_LOCALITY_M) {
      const dir = compassPoint(place.bearingDeg ?? 0, lang);
      const distance = formatDistance(place.distanceM, lang);
      locality = lang === "es" ? `${distance} ${dir} de ${locality}` : `${distance} ${dir} of ${locality}`;
    }
    parts.push(locality);
    if (place.admin && place.admin !== place.locality) parts.push(place.admin);
  }
  const country = place.country ? options.countryName?.(place.country) : void 0;
  if (country && place.kind !== "zone" && place.kind !== "poi") parts.push(country);
  return parts.filter((p) => p.length > 0).join(", ");
}
function isPlace(value) {
  if (typeof value !== "object" || value === null) return false;
  const kind2 = value.kind;
  return kind2 === "zone" || kind2 === "poi" || kind2 === "locality" || kind2 === "address";
}
function localityPlace(lat, lng, locality, distanceM) {
  const place = { kind: "locality", locality: locality.name };
  if (locality.admin) place.admin = locality.admin;
  if (locality.country) place.country = locality.country;
  if (distanceM >= INSIDE_LOCALITY_M) {
    place.distanceM = Math.round(distanceM);
    place.bearingDeg = Math.round(bearingDeg(locality.lat, locality.lng, lat, lng));
  }
  return place;
}
function tenantPlaceOf(hits, names) {
  let poi;
  for (const hit of hits.pois) {
    if (hit.distanceM <= hit.radiusM && (!poi || hit.distanceM < poi.distanceM)) poi = hit;
  }
  const poiName = poi && names.poi(poi.id);
  if (poiName) return { kind: "poi", name: poiName };
  let zone;
  for (const hit of hits.zones) {
    if (hit.depthM >= 0 && (!zone || hit.depthM < zone.depthM)) zone = hit;
  }
  const zoneName = zone && names.zone(zone.id);
  return zoneName ? { kind: "zone", name: zoneName } : void 0;
}

// ../../packages/telematics/src/driving-times/rule-sets.ts
import { z } from "zod";
var H = 3600;
var MIN = 60;
var EU_561_2006 = {
  id: "eu-561-2006",
  name: "EU 561/2006",
  timeZone: "UTC",
  continuousDrivingS: 4.5 * H,
  breakS: 45 * MIN,
  splitBreakFirstS: 15 * MIN,
  splitBreakSecondS: 30 * MIN,
  dailyDrivingS: 9 * H,
  extendedDailyDrivingS: 10 * H,
  extendedDaysPerWeek: 2,
  weeklyDrivingS: 56 * H,
  fortnightDrivingS: 90 * H,
  dailyRestS: 11 * H,
  reducedDailyRestS: 9 * H,
  reducedDailyRestsBetweenWeeklyRests: 3,
  splitDailyRestFirstS: 3 * H,
  splitDailyRestSecondS: 9 * H,
  dailyRestWindowS: 24 * H,
  weeklyRestS: 45 * H,
  reducedWeeklyRestS: 24 * H,
  weeklyRestWindowS: 6 * 24 * H,
  restKinds: ["rest"],
  // Art. 8(5): with a co-driver, 9 h of daily rest within 30 h.
  multiManningDailyRestS: 9 * H,
  multiManningRestWindowS: 30 * H,
  severities: {
    // Art. 7: SI 5 h ≤ … < 6 h, VSI 6 h ≤ …
    "continuous-driving": { seriousFrom: 30 * MIN, verySeriousFrom: 1.5 * H },
    // Art. 6(1), 9 h (and 10 h extended, the same offsets): SI 10 h ≤ … < 11 h, VSI 11 h ≤ …
    "daily-driving": { seriousFrom: 1 * H, verySeriousFrom: 2 * H },
    // Art. 6(2): SI 60 h ≤ … < 65 h, VSI 65 h ≤ …
    "weekly-driving": { seriousFrom: 4 * H, verySeriousFrom: 9 * H },
    // Art. 6(3): SI 100 h ≤ … < 105 h, VSI 105 h ≤ …
    "fortnight-driving": { seriousFrom: 10 * H, verySeriousFrom: 15 * H },
    // Art. 8(2), 11 h: SI 8 h 30 ≤ … < 10 h, VSI < 8 h 30
    "daily-rest": { seriousFrom: 1 * H, verySeriousFrom: 2.5 * H, exclusive: true },
    // Art. 8(6), 45 h when a reduced one is not allowed: SI 36 h ≤ … < 42 h, VSI < 36 h
    "weekly-rest": { seriousFrom: 3 * H, verySeriousFrom: 9 * H, exclusive: true }
  },
  variantSeverities: {
    "extended-daily-driving": { seriousFrom: 1 * H, verySeriousFrom: 2 * H },
    // 9 h reduced, and the 9 h second part of a split rest: SI 7 h ≤ … < 8 h, VSI < 7 h
    "reduced-daily-rest": { seriousFrom: 1 * H, verySeriousFrom: 2 * H, exclusive: true },
    "split-daily-rest": { seriousFrom: 1 * H, verySeriousFrom: 2 * H, exclusive: true },
    // Art. 8(6), weekly rest started after six 24-hour periods: SI 3 h < … < 12 h, VSI 12 h ≤ …
    "weekly-rest-late": { seriousFrom: 3 * H, verySeriousFrom: 12 * H, exclusive: true }
  }
};
var seconds = z.number().int().positive();
var scale = z.object({
  seriousFrom: z.number().nonnegative(),
  verySeriousFrom: z.number().nonnegative(),
  relative: z.boolean().optional(),
  exclusive: z.boolean().optional()
}).refine((s) => s.verySeriousFrom >= s.seriousFrom, {
  message: "verySeriousFrom must not be below seriousFrom",
  path: ["verySeriousFrom"]
});
var kind = z.enum(["drive", "work", "available", "rest", "unknown"]);
var drivingRuleSetSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(120),
  timeZone: z.string().refine(isTimeZone, { message: "unknown IANA time zone" }),
  continuousDrivingS: seconds,
  breakS: seconds,
  splitBreakFirstS: seconds,
  splitBreakSecondS: seconds,
  dailyDrivingS: seconds,
  extendedDailyDrivingS: seconds,
  extendedDaysPerWeek: z.number().int().min(0).max(7),
  weeklyDrivingS: seconds,
  fortnightDrivingS: seconds,
  dailyRestS: seconds,
  reducedDailyRestS: seconds,
  reducedDailyRestsBetweenWeeklyRests: z.number().int().min(0).max(7),
  splitDailyRestFirstS: seconds,
  splitDailyRestSecondS: seconds,
  dailyRestWindowS: seconds,
  weeklyRestS: seconds,
  reducedWeeklyRestS: seconds,
  weeklyRestWindowS: seconds,
  restKinds: z.array(kind.exclude(["unknown", "drive"])).min(1),
  severities: z.object({
    "continuous-driving": scale,
    "daily-driving": scale,
    "weekly-driving": scale,
    "fortnight-driving": scale,
    "daily-rest": scale,
    "weekly-rest": scale
  }),
  variantSeverities: z.object({
    "extended-daily-driving": scale,
    "reduced-daily-rest": scale,
    "split-daily-rest": scale,
    "weekly-rest-late": scale
  }).partial().optional(),
  unknownResetS: seconds.optional(),
  multiManningDailyRestS: seconds.optional(),
  multiManningRestWindowS: seconds.optional()
}).superRefine((r, ctx) => {
  const checks = [
    [r.splitBreakFirstS < r.breakS, "splitBreakFirstS", "must be shorter than breakS"],
    [r.splitBreakSecondS <= r.breakS, "splitBreakSecondS", "must not exceed breakS"],
    [
      r.splitBreakFirstS + r.splitBreakSecondS >= r.breakS,
      "splitBreakSecondS",
      "the two parts must add up to at least breakS"
    ],
    [r.breakS < r.continuousDrivingS, "breakS", "must be shorter than continuousDrivingS"],
    [
      r.continuousDrivingS <= r.dailyDrivingS,
      "continuousDrivingS",
      "must not exceed dailyDrivingS"
    ],
    [
      r.extendedDailyDrivingS >= r.dailyDrivingS,
      "extendedDailyDrivingS",
      "must not be below dailyDrivingS"
    ],
    [r.weeklyDrivingS >= r.dailyDrivingS, "weeklyDrivingS", "must not be below dailyDrivingS"],
    [
      r.fortnightDrivingS >= r.weeklyDrivingS,
      "fortnightDrivingS",
      "must not be below weeklyDrivingS"
    ],
    [
      r.fortnightDrivingS <= 2 * r.weeklyDrivingS,
      "fortnightDrivingS",
      "must not exceed twice weeklyDrivingS"
    ],
    [r.reducedDailyRestS <= r.dailyRestS, "reducedDailyRestS", "must not exceed dailyRestS"],
    [r.breakS < r.splitDailyRestFirstS, "splitDailyRestFirstS", "must be longer than breakS"],
    [
      r.splitDailyRestFirstS < r.reducedDailyRestS,
      "splitDailyRestFirstS",
      "must be shorter than reducedDailyRestS"
    ],
    [
      r.splitDailyRestSecondS <= r.dailyRestS,
      "splitDailyRestSecondS",
      "must not exceed dailyRestS"
    ],
    [
      r.splitDailyRestSecondS >= r.reducedDailyRestS,
      "splitDailyRestSecondS",
      "must not be below reducedDailyRestS"
    ],
    [
      r.splitDailyRestFirstS + r.splitDailyRestSecondS >= r.dailyRestS,
      "splitDailyRestSecondS",
      "the two parts must add up to at least dailyRestS"
    ],
    [r.dailyRestS < r.dailyRestWindowS, "dailyRestWindowS", "must be longer than dailyRestS"],
    [r.reducedWeeklyRestS > r.dailyRestS, "reducedWeeklyRestS", "must be longer than dailyRestS"],
    [r.reducedWeeklyRestS <= r.weeklyRestS, "reducedWeeklyRestS", "must not exceed weeklyRestS"],
    [
      r.weeklyRestWindowS >= r.dailyRestWindowS,
      "weeklyRestWindowS",
      "must not be below dailyRestWindowS"
    ]
  ];
  const crewRestS = r.multiManningDailyRestS;
  const crewWindowS = r.multiManningRestWindowS;
  if (crewRestS === void 0 !== (crewWindowS === void 0))
    checks.push([false, "multiManningRestWindowS", "set both multi-manning fields or neither"]);
  if (crewRestS !== void 0 && crewWindowS !== void 0)
    checks.push([
      crewRestS < crewWindowS,
      "multiManningRestWindowS",
      "must be longer than multiManningDailyRestS"
    ]);
  for (const [holds, path, message] of checks)
    if (!holds) ctx.addIssue({ code: "custom", path: [path], message });
});
function isTimeZone(timeZone) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
function parseDrivingRuleSet(input) {
  const parsed = drivingRuleSetSchema.safeParse(input);
  if (parsed.success) return { ok: true, rules: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }))
  };
}

// ../../packages/telematics/src/driving-times/calendar.ts
var DAY_MS2 = 864e5;
var WEEK_MS = 7 * DAY_MS2;
var FIRST_MONDAY_MS = 4 * DAY_MS2;
var formatters = /* @__PURE__ */ new Map();
function formatterOf(timeZone) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric"
    });
    formatters.set(timeZone, f);
  }
  return f;
}
function isUtc(timeZone) {
  return timeZone === "UTC" || timeZone === "Etc/UTC";
}
function offsetMs(tMs, timeZone) {
  const parts = formatterOf(timeZone).formatToParts(new Date(tMs));
  const get = (type) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second")
  );
  return local - (tMs - (tMs % 1e3 + 1e3) % 1e3);
}
function instantOfLocal(localMs, timeZone) {
  let t = localMs - offsetMs(localMs, timeZone);
  t = localMs - offsetMs(t, timeZone);
  return t;
}
function weekStartMs(tMs, timeZone) {
  const local = isUtc(timeZone) ? tMs : tMs + offsetMs(tMs, timeZone);
  const start = Math.floor((local - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;
  return isUtc(timeZone) ? start : instantOfLocal(start, timeZone);
}
function nextWeekStartMs(tMs, timeZone) {
  const local = isUtc(timeZone) ? tMs : tMs + offsetMs(tMs, timeZone);
  const start = Math.floor((local - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;
  return isUtc(timeZone) ? start + WEEK_MS : instantOfLocal(start + WEEK_MS, timeZone);
}

// ../../packages/telematics/src/driving-times/fold.ts
function initialDrivingState() {
  return {
    started: false,
    lastEndMs: -Infinity,
    runKind: "unknown",
    runStartMs: -Infinity,
    activity: "unknown",
    activitySinceMs: -Infinity,
    drivenSinceBreakMs: 0,
    breakPeriodStartMs: 0,
    hasSplitBreakFirst: false,
    dayStartMs: 0,
    dayDrivenMs: 0,
    isDayExtended: false,
    windowStartMs: 0,
    windowEndMs: 0,
    longestRestInWindowMs: 0,
    isCrewDay: false,
    hasSplitRestFirst: false,
    reducedRestsUsed: 0,
    lastWeeklyRestEndMs: 0,
    isLastWeeklyRestReduced: false,
    weekStartMs: 0,
    nextWeekStartMs: 0,
    weekDrivenMs: 0,
    prevWeekStartMs: 0,
    prevWeekDrivenMs: 0,
    extendedDaysThisWeek: 0
  };
}
function copyState(state) {
  return Object.assign(initialDrivingState(), state);
}
var ms = (seconds2) => seconds2 * 1e3;
function runKindOf(r, kind2) {
  return kind2 !== "unknown" && r.restKinds.includes(kind2) ? "resting" : kind2;
}
function emit(c, rule, startMs, endMs, limitMs, measuredMs, variant, isOngoing = false) {
  const isRest = rule === "daily-rest" || rule === "weekly-rest" && variant !== "weekly-rest-late";
  const excessMs = Math.max(0, isRest ? limitMs - measuredMs : measuredMs - limitMs);
  const scale2 = variant && c.r.variantSeverities?.[variant] || c.r.severities[rule];
  const x = scale2.relative ? excessMs / limitMs : excessMs / 1e3;
  const reaches = (from) => scale2.exclusive ? x > from : x >= from;
  const f = {
    rule,
    severity: reaches(scale2.verySeriousFrom) ? "very-serious" : reaches(scale2.seriousFrom) ? "serious" : "minor",
    startMs,
    endMs,
    limitS: limitMs / 1e3,
    measuredS: measuredMs / 1e3,
    excessS: excessMs / 1e3,
    evidence: []
  };
  if (variant) f.variant = variant;
  if (isOngoing) f.ongoing = true;
  c.out.push(f);
}
function requiredRest(c) {
  const { s, r } = c;
  if (s.isCrewDay && r.multiManningDailyRestS) return { limitMs: ms(r.multiManningDailyRestS) };
  if (s.reducedRestsUsed < r.reducedDailyRestsBetweenWeeklyRests)
    return { limitMs: ms(r.reducedDailyRestS), variant: "reduced-daily-rest" };
  if (s.hasSplitRestFirst)
    return { limitMs: ms(r.splitDailyRestSecondS), variant: "split-daily-rest" };
  return { limitMs: ms(r.dailyRestS) };
}
function isCompliantRest(c, effMs, isCounting) {
  const { s, r } = c;
  if (effMs >= ms(r.dailyRestS)) return true;
  if (s.isCrewDay && r.multiManningDailyRestS && effMs >= ms(r.multiManningDailyRestS)) return true;
  if (s.hasSplitRestFirst && effMs >= ms(r.splitDailyRestSecondS)) return true;
  if (effMs >= ms(r.reducedDailyRestS) && s.reducedRestsUsed < r.reducedDailyRestsBetweenWeeklyRests) {
    if (isCounting) s.reducedRestsUsed++;
    return true;
  }
  return false;
}
function dayLimitMs(c) {
  return ms(c.s.isDayExtended ? c.r.extendedDailyDrivingS : c.r.dailyDrivingS);
}
function closeBreakPeriod(c, atMs, isOngoing = false) {
  const { s, r } = c;
  if (s.drivenSinceBreakMs > ms(r.continuousDrivingS))
    emit(
      c,
      "continuous-driving",
      s.breakPeriodStartMs,
      atMs,
      ms(r.continuousDrivingS),
      s.drivenSinceBreakMs,
      void 0,
      isOngoing
    );
  if (isOngoing) return;
  s.drivenSinceBreakMs = 0;
  s.hasSplitBreakFirst = false;
}
function closeDayDriving(c, atMs, isOngoing = false) {
  const { s } = c;
  const limitMs = dayLimitMs(c);
  if (s.dayDrivenMs > limitMs)
    emit(
      c,
      "daily-driving",
      s.dayStartMs,
      atMs,
      limitMs,
      s.dayDrivenMs,
      s.isDayExtended ? "extended-daily-driving" : void 0,
      isOngoing
    );
}
function startDay(s, r, atMs) {
  s.dayStartMs = atMs;
  s.dayDrivenMs = 0;
  s.isDayExtended = false;
  s.windowStartMs = atMs;
  s.windowEndMs = atMs + ms(r.dailyRestWindowS);
  s.longestRestInWindowMs = 0;
  s.hasSplitRestFirst = false;
  s.isCrewDay = false;
}
function expireWindow(c) {
  const { s } = c;
  const { limitMs, variant } = requiredRest(c);
  emit(c, "daily-rest", s.windowStartMs, s.windowEndMs, limitMs, s.longestRestInWindowMs, variant);
  s.windowStartMs = s.windowEndMs;
  s.windowEndMs += ms(
    s.isCrewDay && c.r.multiManningRestWindowS ? c.r.multiManningRestWindowS : c.r.dailyRestWindowS
  );
  s.longestRestInWindowMs = 0;
  s.hasSplitRestFirst = false;
}
function advanceWindows(c, tMs) {
  while (c.s.windowEndMs <= tMs) expireWindow(c);
}
function rollWeeks(c, tMs) {
  const { s, r } = c;
  while (s.nextWeekStartMs <= tMs) {
    if (s.weekDrivenMs > ms(r.weeklyDrivingS))
      emit(
        c,
        "weekly-driving",
        s.weekStartMs,
        s.nextWeekStartMs,
        ms(r.weeklyDrivingS),
        s.weekDrivenMs
      );
    const fortnightMs = s.prevWeekDrivenMs + s.weekDrivenMs;
    if (fortnightMs > ms(r.fortnightDrivingS))
      emit(
        c,
        "fortnight-driving",
        s.prevWeekStartMs,
        s.nextWeekStartMs,
        ms(r.fortnightDrivingS),
        fortnightMs
      );
    s.prevWeekStartMs = s.weekStartMs;
    s.prevWeekDrivenMs = s.weekDrivenMs;
    s.weekStartMs = s.nextWeekStartMs;
    s.nextWeekStartMs = nextWeekStartMs(s.weekStartMs, r.timeZone);
    s.weekDrivenMs = 0;
    s.extendedDaysThisWeek = 0;
  }
}
function addDriving(c, startMs, endMs) {
  const { s, r } = c;
  let t = startMs;
  while (t < endMs) {
    rollWeeks(c, t);
    const pieceEnd = Math.min(endMs, s.nextWeekStartMs);
    const lengthMs = pieceEnd - t;
    if (s.drivenSinceBreakMs === 0) s.breakPeriodStartMs = t;
    s.drivenSinceBreakMs += lengthMs;
    const before = s.dayDrivenMs;
    s.dayDrivenMs += lengthMs;
    const dailyMs = ms(r.dailyDrivingS);
    if (before <= dailyMs && s.dayDrivenMs > dailyMs && s.extendedDaysThisWeek < r.extendedDaysPerWeek) {
      s.isDayExtended = true;
      s.extendedDaysThisWeek++;
    }
    s.weekDrivenMs += lengthMs;
    t = pieceEnd;
  }
}
function emitLateWeeklyRest(c, atMs, isOngoing = false) {
  const { s, r } = c;
  const deadlineMs = s.lastWeeklyRestEndMs + ms(r.weeklyRestWindowS);
  if (atMs > deadlineMs)
    emit(
      c,
      "weekly-rest",
      deadlineMs,
      atMs,
      ms(r.weeklyRestWindowS),
      atMs - s.lastWeeklyRestEndMs,
      "weekly-rest-late",
      isOngoing
    );
}
function closeRest(c, restStartMs, restEndMs) {
  const { s, r } = c;
  const durationMs = restEndMs - restStartMs;
  if (durationMs >= ms(r.breakS) || s.hasSplitBreakFirst && durationMs >= ms(r.splitBreakSecondS))
    closeBreakPeriod(c, restStartMs);
  else if (durationMs >= ms(r.splitBreakFirstS)) s.hasSplitBreakFirst = true;
  const isWeekly = durationMs >= ms(r.reducedWeeklyRestS);
  if (isWeekly) {
    emitLateWeeklyRest(c, restStartMs);
    const isReduced = durationMs < ms(r.weeklyRestS);
    if (isReduced && s.isLastWeeklyRestReduced)
      emit(c, "weekly-rest", restStartMs, restEndMs, ms(r.weeklyRestS), durationMs);
    s.lastWeeklyRestEndMs = restEndMs;
    s.isLastWeeklyRestReduced = isReduced;
  }
  const windowEndMs = s.windowEndMs;
  if (durationMs >= ms(r.reducedDailyRestS)) {
    const effMs = Math.min(restEndMs, windowEndMs) - restStartMs;
    if (!isCompliantRest(c, effMs, true)) {
      const { limitMs, variant } = requiredRest(c);
      emit(
        c,
        "daily-rest",
        s.windowStartMs,
        Math.min(restEndMs, windowEndMs),
        limitMs,
        Math.max(s.longestRestInWindowMs, effMs),
        variant
      );
    }
    closeDayDriving(c, restStartMs);
    startDay(s, r, restEndMs);
    if (isWeekly) s.reducedRestsUsed = 0;
    return;
  }
  let partMs = durationMs;
  if (restEndMs > windowEndMs) {
    s.longestRestInWindowMs = Math.max(s.longestRestInWindowMs, windowEndMs - restStartMs);
    expireWindow(c);
    partMs = restEndMs - windowEndMs;
  }
  s.longestRestInWindowMs = Math.max(s.longestRestInWindowMs, partMs);
  if (partMs >= ms(r.splitDailyRestFirstS)) s.hasSplitRestFirst = true;
}
function restart(c, unknownStartMs, atMs) {
  const { s, r } = c;
  advanceWindows(c, unknownStartMs);
  closeBreakPeriod(c, unknownStartMs);
  closeDayDriving(c, unknownStartMs);
  emitLateWeeklyRest(c, unknownStartMs);
  startDay(s, r, atMs);
  s.reducedRestsUsed = 0;
  s.lastWeeklyRestEndMs = atMs;
  s.isLastWeeklyRestReduced = false;
  s.hasSplitBreakFirst = false;
}
function unknownResetMs(r) {
  return ms(r.unknownResetS ?? r.reducedWeeklyRestS);
}
function closeRun(c, atMs) {
  const { s, r } = c;
  if (s.runKind === "resting") closeRest(c, s.runStartMs, atMs);
  else if (s.runKind === "unknown" && atMs - s.runStartMs >= unknownResetMs(r))
    restart(c, s.runStartMs, atMs);
  else advanceWindows(c, atMs);
}
function begin(s, r, atMs) {
  s.started = true;
  s.runStartMs = atMs;
  s.breakPeriodStartMs = atMs;
  startDay(s, r, atMs);
  s.lastWeeklyRestEndMs = atMs;
  s.weekStartMs = weekStartMs(atMs, r.timeZone);
  s.nextWeekStartMs = nextWeekStartMs(atMs, r.timeZone);
  s.prevWeekStartMs = weekStartMs(s.weekStartMs - 1, r.timeZone);
}
function applySegment(c, kind2, startMs, endMs, hasCoDriver = false) {
  const { s, r } = c;
  const runKind = runKindOf(r, kind2);
  if (!s.started) {
    if (kind2 === "unknown") return;
    begin(s, r, startMs);
    s.runKind = runKind;
  } else if (runKind !== s.runKind) {
    closeRun(c, startMs);
    s.runKind = runKind;
    s.runStartMs = startMs;
  }
  if (kind2 !== s.activity || s.lastEndMs !== startMs) {
    s.activity = kind2;
    s.activitySinceMs = startMs;
  }
  if (hasCoDriver && !s.isCrewDay && r.multiManningRestWindowS) {
    s.isCrewDay = true;
    s.windowEndMs = s.windowStartMs + ms(r.multiManningRestWindowS);
  }
  if (kind2 === "drive") addDriving(c, startMs, endMs);
  rollWeeks(c, endMs);
  if (runKind !== "unknown" && runKind !== "resting") advanceWindows(c, endMs);
  s.lastEndMs = endMs;
}
function stepDriving(state, interval, rules) {
  const c = { s: copyState(state), r: rules, out: [] };
  const startMs = Math.max(interval.startMs, c.s.lastEndMs);
  if (interval.endMs > startMs && Number.isFinite(interval.endMs) && Number.isFinite(startMs)) {
    if (c.s.started && startMs > c.s.lastEndMs) applySegment(c, "unknown", c.s.lastEndMs, startMs);
    applySegment(c, interval.kind, startMs, interval.endMs, interval.hasCoDriver);
  }
  return { state: c.s, infringements: c.out };
}

// ../../packages/telematics/src/driving-times/normalise.ts
var KIND_ORDER = {
  drive: 0,
  work: 1,
  available: 2,
  rest: 3,
  unknown: 4
};
function compare(a, b) {
  return a.startMs - b.startMs || a.endMs - b.endMs || KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}
function isSorted(list) {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1], list[i]) > 0) return false;
  return true;
}
function normaliseActivities(activities, untilMs = Infinity) {
  const sorted = isSorted(activities) ? activities : [...activities].sort(compare);
  const out = [];
  let lastEnd = -Infinity;
  for (const a of sorted) {
    const startMs = Math.max(a.startMs, lastEnd);
    const endMs = Math.min(a.endMs, untilMs);
    if (!(endMs > startMs) || !Number.isFinite(endMs) || !Number.isFinite(startMs)) continue;
    const prev = out[out.length - 1];
    if (prev && prev.endMs === startMs && prev.kind === a.kind && prev.vehicleId === a.vehicleId && prev.hasCoDriver === a.hasCoDriver) {
      prev.endMs = endMs;
    } else {
      const piece = { kind: a.kind, startMs, endMs };
      if (a.vehicleId !== void 0) piece.vehicleId = a.vehicleId;
      if (a.hasCoDriver !== void 0) piece.hasCoDriver = a.hasCoDriver;
      out.push(piece);
    }
    lastEnd = endMs;
  }
  return out;
}
function firstEndingAfter(list, tMs) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (list[mid].endMs > tMs) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
function intervalsWithin(list, fromMs, toMs, kinds) {
  const intervals = [];
  let knownMs = 0;
  for (let i = firstEndingAfter(list, fromMs); i < list.length; i++) {
    const a = list[i];
    if (a.startMs >= toMs) break;
    const startMs = Math.max(a.startMs, fromMs);
    const endMs = Math.min(a.endMs, toMs);
    if (a.kind !== "unknown") knownMs += endMs - startMs;
    if (kinds && !kinds.includes(a.kind)) continue;
    const piece = { kind: a.kind, startMs, endMs };
    if (a.vehicleId !== void 0) piece.vehicleId = a.vehicleId;
    if (a.hasCoDriver !== void 0) piece.hasCoDriver = a.hasCoDriver;
    intervals.push(piece);
  }
  return { intervals, unknownS: Math.max(0, toMs - fromMs - knownMs) / 1e3 };
}

// ../../packages/telematics/src/driving-times/status.ts
function contextAt(state, rules, atMs) {
  if (!Number.isFinite(atMs)) throw new RangeError(`driving times asked at ${atMs}`);
  const c = { s: copyState(state), r: rules, out: [] };
  if (state.started && atMs > state.lastEndMs) applySegment(c, "unknown", state.lastEndMs, atMs);
  return c;
}
function drivingStatusOf(state, rules, atMs) {
  const r = rules;
  const at = Math.max(atMs, state.lastEndMs);
  const c = contextAt(state, rules, at);
  const activity = c.s.started ? c.s.activity : "unknown";
  const activitySinceMs = c.s.started ? c.s.activitySinceMs : void 0;
  if (c.s.started) {
    closeRun(c, at);
    rollWeeks(c, at);
  }
  const s = c.s;
  const extensionLeft = s.extendedDaysThisWeek < r.extendedDaysPerWeek;
  const dayLimitMs2 = ms(
    s.isDayExtended || s.dayDrivenMs <= ms(r.dailyDrivingS) && extensionLeft ? r.extendedDailyDrivingS : r.dailyDrivingS
  );
  const left = (limitMs, usedMs) => Math.max(0, limitMs - usedMs) / 1e3;
  const leftBeforeBreakS = left(ms(r.continuousDrivingS), s.drivenSinceBreakMs);
  const leftTodayS = left(dayLimitMs2, s.dayDrivenMs);
  const latestRestStartMs = s.windowEndMs - requiredRest(c).limitMs;
  return {
    atMs,
    activity,
    activitySinceMs,
    drivenSinceBreakS: s.drivenSinceBreakMs / 1e3,
    drivenTodayS: s.dayDrivenMs / 1e3,
    drivenWeekS: s.weekDrivenMs / 1e3,
    drivenFortnightS: (s.weekDrivenMs + s.prevWeekDrivenMs) / 1e3,
    leftBeforeBreakS,
    leftTodayS,
    leftWeekS: left(ms(r.weeklyDrivingS), s.weekDrivenMs),
    leftFortnightS: left(ms(r.fortnightDrivingS), s.weekDrivenMs + s.prevWeekDrivenMs),
    nextBreakDueMs: s.drivenSinceBreakMs > 0 ? at + ms(leftBeforeBreakS) : void 0,
    nextDailyRestDueMs: s.dayDrivenMs > 0 ? Math.min(at + ms(leftTodayS), latestRestStartMs) : void 0,
    extendedDaysUsed: s.extendedDaysThisWeek,
    reducedRestsUsed: s.reducedRestsUsed
  };
}
function pendingInfringements(state, rules, endMs) {
  if (!state.started) return [];
  const r = rules;
  const c = contextAt(state, rules, endMs);
  const s = c.s;
  if (s.runKind === "resting") {
    const restStartMs = s.runStartMs;
    const durationMs = endMs - restStartMs;
    const isBreak = durationMs >= ms(r.breakS) || s.hasSplitBreakFirst && durationMs >= ms(r.splitBreakSecondS);
    closeBreakPeriod(c, isBreak ? restStartMs : endMs, !isBreak);
    const isDayEnd = durationMs >= ms(r.reducedDailyRestS);
    closeDayDriving(c, isDayEnd ? restStartMs : endMs, !isDayEnd);
    if (endMs > s.windowEndMs) {
      const effMs = s.windowEndMs - restStartMs;
      if (!isCompliantRest(c, effMs, false)) {
        const { limitMs, variant } = requiredRest(c);
        const measuredMs = Math.max(s.longestRestInWindowMs, effMs);
        emit(c, "daily-rest", s.windowStartMs, s.windowEndMs, limitMs, measuredMs, variant);
      }
    }
    emitLateWeeklyRest(c, restStartMs, durationMs < ms(r.reducedWeeklyRestS));
  } else if (s.runKind === "unknown" && endMs - s.runStartMs >= unknownResetMs(r)) {
    closeRun(c, endMs);
  } else {
    advanceWindows(c, endMs);
    closeBreakPeriod(c, endMs, true);
    closeDayDriving(c, endMs, true);
    emitLateWeeklyRest(c, endMs, true);
  }
  rollWeeks(c, endMs);
  if (s.weekDrivenMs > ms(r.weeklyDrivingS))
    emit(
      c,
      "weekly-driving",
      s.weekStartMs,
      endMs,
      ms(r.weeklyDrivingS),
      s.weekDrivenMs,
      void 0,
      true
    );
  const fortnightMs = s.weekDrivenMs + s.prevWeekDrivenMs;
  if (fortnightMs > ms(r.fortnightDrivingS))
    emit(
      c,
      "fortnight-driving",
      s.prevWeekStartMs,
      endMs,
      ms(r.fortnightDrivingS),
      fortnightMs,
      void 0,
      true
    );
  return c.out;
}

// ../../packages/telematics/src/driving-times/engine.ts
function replayDriving(activities, rules, state = initialDrivingState()) {
  const c = { s: copyState(state), r: rules, out: [] };
  for (const a of activities) {
    const startMs = Math.max(a.startMs, c.s.lastEndMs);
    if (!(a.endMs > startMs)) continue;
    if (c.s.started && startMs > c.s.lastEndMs) applySegment(c, "unknown", c.s.lastEndMs, startMs);
    applySegment(c, a.kind, startMs, a.endMs, a.hasCoDriver);
  }
  return { state: c.s, infringements: c.out };
}
function drivingTimesAt(activities, rules, atMs) {
  const { state } = replayDriving(normaliseActivities(activities, atMs), rules);
  return drivingStatusOf(state, rules, atMs);
}
var DRIVING_ONLY = ["drive"];
var EVIDENCE_KINDS = {
  "continuous-driving": void 0,
  "daily-driving": DRIVING_ONLY,
  "weekly-driving": DRIVING_ONLY,
  "fortnight-driving": DRIVING_ONLY,
  "daily-rest": void 0,
  "weekly-rest": void 0
};
var RULE_ORDER = Object.keys(EVIDENCE_KINDS);
function withEvidence(infringements, list) {
  return infringements.map((f) => {
    const { intervals, unknownS } = intervalsWithin(
      list,
      f.startMs,
      f.endMs,
      EVIDENCE_KINDS[f.rule]
    );
    const out = { ...f, evidence: intervals };
    if (unknownS > 0) out.unknownS = unknownS;
    return out;
  });
}
function infringementsIn(activities, rules, fromMs, toMs) {
  const list = normaliseActivities(activities);
  const { state, infringements } = replayDriving(list, rules);
  const last = list[list.length - 1];
  if (last) infringements.push(...pendingInfringements(state, rules, last.endMs));
  const inPeriod = infringements.filter((f) => f.endMs >= fromMs && f.endMs < toMs);
  inPeriod.sort(
    (a, b) => a.endMs - b.endMs || a.startMs - b.startMs || RULE_ORDER.indexOf(a.rule) - RULE_ORDER.indexOf(b.rule)
  );
  return withEvidence(inPeriod, list);
}

// src/ingest/ingest-types.ts
function newIngestCounters() {
  return {
    badFrames: 0,
    unknownDevices: 0,
    recordsAcked: 0,
    recordsRejected: 0,
    recordsTooOld: 0,
    attributesDropped: 0,
    connections: 0,
    teltonikaBufferedBytes: 0
  };
}

// src/ingest/position-batch.ts
var NUMBERS = [
  "fixTimeMs",
  "serverTimeMs",
  "lat",
  "lng",
  "altitudeM",
  "headingDeg",
  "speedKmh",
  "satellites",
  "hdop",
  "wheelSpeedKmh",
  "odometerM",
  "fuelUsedL",
  "fuelLevelPct",
  "fuelLevelL",
  "fuelRateLph",
  "engineHours",
  "rpm",
  "torquePct",
  "pedalPct",
  "ureaLevelPct",
  "serviceDistanceKm",
  "powerV",
  "batteryV"
];
var BOOLEANS = [
  "ignition",
  "movement",
  "kickdown",
  "brake",
  "cruise",
  "pto",
  "crash"
];
var COLUMNS = [...NUMBERS, ...BOOLEANS];
var IS_COLUMN = new Set(COLUMNS);
var STRIDE = COLUMNS.length + 1;
var FIRST_BOOLEAN = NUMBERS.length;
function packPositions(positions) {
  const count = positions.length;
  const columns = new Float64Array(count * STRIDE);
  const ids = [];
  const idIndex = /* @__PURE__ */ new Map();
  const entries = new Array(count);
  for (let r = 0; r < count; r++) {
    const p = positions[r];
    const base = r * STRIDE;
    let mask = 0;
    for (let c = 0; c < COLUMNS.length; c++) {
      const value = p[COLUMNS[c]];
      if (value === void 0) continue;
      mask |= 1 << c;
      columns[base + 1 + c] = value === true ? 1 : value === false ? 0 : value;
    }
    columns[base] = mask;
    let extra;
    for (const key in p) {
      if (key === "deviceId" || key === "attributes" || IS_COLUMN.has(key)) continue;
      const value = p[key];
      if (value === void 0) continue;
      (extra ??= {})[key] = value;
    }
    let id = idIndex.get(p.deviceId);
    if (id === void 0) {
      id = ids.length;
      ids.push(p.deviceId);
      idIndex.set(p.deviceId, id);
    }
    let hasAttributes = false;
    for (const _ in p.attributes) {
      hasAttributes = true;
      break;
    }
    entries[r] = extra ? [id, p.attributes, extra] : hasAttributes ? [id, p.attributes] : id;
  }
  return { count, columns, rest: JSON.stringify([ids, entries]) };
}
function unpackPositions(batch) {
  const { count, columns } = batch;
  const [ids, entries] = JSON.parse(batch.rest);
  const out = new Array(count);
  for (let r = 0; r < count; r++) {
    const base = r * STRIDE;
    const entry = entries[r];
    const deviceId = ids[typeof entry === "number" ? entry : entry[0]];
    const p = { deviceId };
    const mask = columns[base];
    for (let c = 0; c < COLUMNS.length; c++) {
      if ((mask & 1 << c) === 0) continue;
      const value = columns[base + 1 + c];
      p[COLUMNS[c]] = c >= FIRST_BOOLEAN ? value === 1 : value;
    }
    if (typeof entry === "number") p.attributes = {};
    else {
      if (entry[2]) Object.assign(p, entry[2]);
      p.attributes = entry[1];
    }
    out[r] = p;
  }
  return out;
}

// src/ingest/worker-messages.ts
function ioTableKey(device) {
  return `${device.tenantId}|${device.protocol}|${device.model ?? ""}`;
}

// src/ingest/ingest-worker-host.ts
import { existsSync } from "fs";
import { Worker } from "worker_threads";
function spawnWorker(data) {
  const built2 = new URL("./ingest-worker.js", import.meta.url);
  if (existsSync(built2)) return new Worker(built2, { workerData: data });
  const source = new URL("./ingest.worker.ts", import.meta.url);
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`,
    { eval: true, workerData: data }
  );
}
var GAUGES = ["connections", "teltonikaBufferedBytes"];
async function startIngestWorker(ctx, options) {
  const handles = /* @__PURE__ */ new WeakMap();
  const byHandle = /* @__PURE__ */ new Map();
  let nextHandle = 1;
  let current;
  let restarts = 0;
  let isClosing = false;
  let listening;
  let isReady = false;
  let readyWaiters = [];
  let failure;
  let backoffMs = 100;
  function handleOf(device) {
    let handle = handles.get(device);
    if (handle === void 0) {
      handle = nextHandle++;
      handles.set(device, handle);
      byHandle.set(handle, device);
    }
    return handle;
  }
  function start() {
    const ports2 = listening ? {
      teltonikaPort: listening.teltonikaPort,
      osmandPort: listening.osmandPort,
      streamPorts: listening.streamPorts
    } : {};
    const worker = spawnWorker({
      ...options,
      ...ports2,
      clockOffsetMs: ctx.nowMs() - Date.now()
    });
    current = worker;
    isReady = false;
    const tables = /* @__PURE__ */ new Map();
    const gauges = {
      connections: 0,
      teltonikaBufferedBytes: 0
    };
    const send = (message, transfer = []) => {
      if (current === worker) worker.postMessage(message, transfer);
    };
    let ok = [];
    let failed = [];
    let isReplyScheduled = false;
    const reply = () => {
      isReplyScheduled = false;
      const ids = Int32Array.from(ok);
      send({ t: "results", ok: ids, failed }, [ids.buffer]);
      ok = [];
      failed = [];
    };
    const answer = (id, result) => {
      if (result instanceof Error) failed.push([id, result.message]);
      else ok.push(id, result.accepted, result.rejected);
      if (isReplyScheduled) return;
      isReplyScheduled = true;
      setImmediate(reply);
    };
    const unsubscribe = ctx.onIoTablesChanged?.(() => {
      const changed = [];
      for (const [key, held] of tables) {
        const table = ctx.ioTable(held.device);
        if (table === held.table) continue;
        held.table = table;
        changed.push([key, table]);
      }
      if (changed.length > 0) send({ t: "tables", tables: changed });
    });
    worker.on("message", (message) => {
      switch (message.t) {
        case "ready": {
          const { teltonikaPort, osmandPort, streamPorts } = message;
          listening = { teltonikaPort, osmandPort, streamPorts };
          backoffMs = 100;
          isReady = true;
          for (const resolve of readyWaiters) resolve();
          readyWaiters = [];
          return;
        }
        case "resolve":
          ctx.resolveDevice(message.uniqueId, message.protocol).then(
            (device) => {
              if (!device) return send({ t: "resolved", id: message.id, device: null });
              const key = ioTableKey(device);
              let table;
              if (!tables.has(key)) {
                const found = ctx.ioTable(device);
                tables.set(key, { table: found, device });
                table = [key, found];
              }
              send({
                t: "resolved",
                id: message.id,
                device: { ...device, handle: handleOf(device) },
                ...table ? { table } : {}
              });
            },
            (error2) => send({ t: "resolved", id: message.id, device: null, error: String(error2) })
          );
          return;
        case "submit": {
          const positions = unpackPositions(message.batch);
          const { subs } = message;
          let at = 0;
          for (let i = 0; i < subs.length; i += 3) {
            const id = subs[i];
            const device = byHandle.get(subs[i + 1]);
            const mine = positions.slice(at, at + subs[i + 2]);
            at += subs[i + 2];
            if (!device) {
              answer(id, new Error("unknown device handle"));
              continue;
            }
            ctx.submit(device, mine).then(
              (result) => answer(id, result),
              (error2) => answer(id, error2 instanceof Error ? error2 : new Error(String(error2)))
            );
          }
          return;
        }
        case "counters":
          for (const [key, change] of Object.entries(message.delta)) {
            ctx.counters[key] += change;
            if (key === "connections" || key === "teltonikaBufferedBytes") gauges[key] += change;
          }
          return;
        case "log":
          ctx.log[message.level]({ ...message.obj, thread: "ingest-worker" }, message.msg);
          return;
        case "closed":
          return;
      }
    });
    worker.on("error", (error2) => {
      ctx.log.warn({ err: error2 }, "ingest worker failed");
      if (!listening) failure?.(error2);
    });
    worker.on("exit", (code) => {
      unsubscribe?.();
      for (const key of GAUGES) ctx.counters[key] -= gauges[key];
      if (current !== worker) return;
      current = void 0;
      isReady = false;
      if (isClosing) return;
      if (!listening) {
        failure?.(new Error(`ingest worker stopped before listening (${code})`));
        return;
      }
      restarts += 1;
      ctx.log.warn({ code, restarts, inMs: backoffMs }, "ingest worker stopped: starting another");
      setTimeout(() => {
        if (!isClosing) start();
      }, backoffMs).unref();
      backoffMs = Math.min(backoffMs * 2, 5e3);
    });
  }
  const first = new Promise((resolve, reject) => {
    readyWaiters.push(resolve);
    failure = reject;
  });
  start();
  await first;
  failure = void 0;
  const ports = listening;
  return {
    ...ports,
    worker: {
      get restarts() {
        return restarts;
      },
      async kill() {
        await current?.terminate();
      },
      ready() {
        if (isReady) return Promise.resolve();
        return new Promise((resolve) => readyWaiters.push(resolve));
      }
    },
    async close() {
      isClosing = true;
      const worker = current;
      if (!worker) return;
      const exited = new Promise((resolve) => worker.once("exit", () => resolve()));
      const closed = new Promise((resolve) => {
        worker.on("message", (message) => message.t === "closed" && resolve());
      });
      worker.postMessage({ t: "close" });
      await Promise.race([closed, exited, new Promise((resolve) => setTimeout(resolve, 5e3))]);
      await worker.terminate();
      await exited;
    }
  };
}

// src/ingest/mqtt-ingest.ts
import mqtt from "mqtt";

// ../../packages/telematics/src/protocols/decoder.ts
function isKeepAlive(decoded) {
  return decoded.records.length === 0 && decoded.reply === void 0 && decoded.error === void 0 && decoded.identity === void 0;
}
function refused(reason, detail) {
  return detail === void 0 ? { records: [], error: { reason } } : { records: [], error: { reason, detail } };
}

// ../../packages/telematics/src/protocols/teltonika.ts
var NO_RECORDS = [];
var MAX_LOGIN_FRAME_BYTES = 22;
var LOGIN_ACCEPTED = loginReply(true);
function mapRecords(records, device) {
  const positions = new Array(records.length);
  for (let i = 0; i < records.length; i += 1)
    positions[i] = mapAvlRecord(records[i], device.ioTable, device.uniqueId);
  return positions;
}
function isDigits2(bytes, start, end) {
  for (let i = start; i < end; i += 1) {
    const byte = bytes[i];
    if (byte < 48 || byte > 57) return false;
  }
  return true;
}
function loginImei(frame) {
  if (frame.length < 3 || frame.length > MAX_LOGIN_FRAME_BYTES) return null;
  const length = frame[0] << 8 | frame[1];
  if (length === 0 || length + 2 !== frame.length || !isDigits2(frame, 2, frame.length)) return null;
  return Buffer.from(frame.buffer, frame.byteOffset + 2, length).toString("latin1");
}
function teltonikaTcpDecoder(options = {}) {
  const maxDataBytes = options.maxDataBytes ?? TELTONIKA_MAX_DATA_BYTES;
  return {
    createFramer: () => new TeltonikaFramer({ maxDataBytes }),
    refusal: loginReply(false),
    maxBytesBeforeIdentity: MAX_LOGIN_FRAME_BYTES,
    identify: loginImei,
    decode(frame, device) {
      const message = decodeTeltonikaTcp(frame);
      switch (message.kind) {
        case "ping":
          return { records: NO_RECORDS };
        case "login":
          return { identity: message.imei, records: NO_RECORDS, reply: LOGIN_ACCEPTED };
        case "avl":
          if (!device) return refused("no login", "AVL packet before a login");
          return { records: mapRecords(message.records, device), reply: message.reply };
        case "command":
          return { records: NO_RECORDS, note: `codec ${message.codec}: ${message.text}` };
        case "error":
          return refused(message.reason, message.detail);
      }
    }
  };
}
function readTeltonikaDatagram(datagram) {
  const decoded = decodeTeltonikaUdp(datagram);
  if (decoded.kind !== "avl") return { error: { reason: decoded.reason, detail: decoded.detail } };
  return {
    identity: decoded.imei,
    reply: decoded.reply,
    records: (device) => mapRecords(decoded.records, device)
  };
}

// ../../packages/telematics/src/protocols/mqtt-json.ts
var MQTT_TOPIC = "rumbo/+/telemetry";
var MQTT_MAX_RECORDS = 1e3;
var NUMBER_KEYS = ["altitudeM", "headingDeg", "speedKmh", "satellites", ...IO_NUMBER_FIELDS];
var FLAG_KEYS = ["ignition", "movement", "kickdown", "brake", "cruise", "pto"];
var HARSH_EVENTS2 = /* @__PURE__ */ new Set(["accel", "brake", "corner"]);
var WORKING_STATES = {
  rest: 0,
  available: 1,
  work: 2,
  drive: 3
};
var WORKING_STATE_KEYS = ["driver1WorkingState", "driver2WorkingState"];
function isObject2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function readRecord2(json, deviceId) {
  if (!isObject2(json)) return "a record must be an object";
  const { fixTimeMs, lat, lng } = json;
  if (typeof fixTimeMs !== "number" || !Number.isInteger(fixTimeMs)) return "fixTimeMs: integer";
  if (typeof lat !== "number" || Number.isNaN(lat)) return "lat: number";
  if (typeof lng !== "number" || Number.isNaN(lng)) return "lng: number";
  const record = { deviceId, fixTimeMs, lat, lng, attributes: {} };
  const out = record;
  for (const key of NUMBER_KEYS) {
    const value = json[key];
    if (value === void 0) continue;
    if (typeof value !== "number" || !Number.isFinite(value)) return `${key}: finite number`;
    out[key] = value;
  }
  for (const key of FLAG_KEYS) {
    const value = json[key];
    if (value === void 0) continue;
    if (typeof value !== "boolean") return `${key}: boolean`;
    out[key] = value;
  }
  const { driverCode, driver2Code, harshEvent, attributes } = json;
  if (driverCode !== void 0) {
    if (typeof driverCode !== "string" || driverCode.length > 64) return "driverCode: \u2264 64 chars";
    record.driverCode = driverCode;
  }
  if (driver2Code !== void 0 && (typeof driver2Code !== "string" || driver2Code.length > 64))
    return "driver2Code: \u2264 64 chars";
  if (harshEvent !== void 0) {
    if (typeof harshEvent !== "string" || !HARSH_EVENTS2.has(harshEvent))
      return "harshEvent: accel, brake or corner";
    record.harshEvent = harshEvent;
  }
  if (attributes !== void 0) {
    if (!isObject2(attributes)) return "attributes: object";
    for (const value of Object.values(attributes)) {
      const kind2 = typeof value;
      if (kind2 !== "number" && kind2 !== "string" && kind2 !== "boolean")
        return "attributes: numbers, strings or booleans";
    }
    record.attributes = attributes;
  }
  for (const key of WORKING_STATE_KEYS) {
    const value = json[key];
    if (value === void 0) continue;
    if (typeof value !== "string" || !Object.hasOwn(WORKING_STATES, value))
      return `${key}: rest, available, work or drive`;
    record.attributes[key] = WORKING_STATES[value];
  }
  if (typeof driver2Code === "string") record.attributes["driver2Code"] = driver2Code;
  return record;
}
function decodeMqttJson(deviceId, payload) {
  let json;
  try {
    json = JSON.parse(
      Buffer.from(payload.buffer, payload.byteOffset, payload.length).toString("utf8")
    );
  } catch {
    return refused("not JSON");
  }
  const items = Array.isArray(json) ? json : [json];
  if (items.length > MQTT_MAX_RECORDS) return refused(`more than ${MQTT_MAX_RECORDS} records`);
  const records = [];
  for (const item of items) {
    const record = readRecord2(item, deviceId);
    if (typeof record === "string") return refused(record);
    records.push(record);
  }
  return { identity: deviceId, records };
}
function mqttTopicDevice(topic) {
  return topic.split("/")[1] ?? "";
}

// src/ingest/deliver.ts
async function submitRecords(ctx, device, positions) {
  const result = await ctx.submit(device, positions);
  ctx.counters.recordsAcked += result.accepted;
  ctx.counters.recordsRejected += result.rejected;
  return result;
}
async function deliver(ctx, protocol, uniqueId, build) {
  const device = await ctx.resolveDevice(uniqueId, protocol);
  if (!device) {
    ctx.counters.unknownDevices += 1;
    return { device: null };
  }
  return { device, result: await submitRecords(ctx, device, build(device)) };
}

// src/ingest/mqtt-ingest.ts
async function startMqttIngest(ctx, url) {
  const client = mqtt.connect(url, {
    clientId: `rumbo-ingest-${process.pid}`,
    clean: false,
    reconnectPeriod: 2e3,
    // MQTT 5: the acknowledgement waits for our callback (after commit).
    protocolVersion: 5,
    customHandleAcks: (topic, message, _packet, done) => {
      const decoded = decodeMqttJson(mqttTopicDevice(topic), message);
      if (decoded.error) {
        ctx.counters.badFrames += 1;
        ctx.log.warn({ topic, reason: decoded.error.reason }, "MQTT message refused");
        done(0);
        return;
      }
      void deliver(ctx, "mqtt", decoded.identity ?? "", () => decoded.records).then(() => done(0)).catch((error2) => {
        ctx.log.warn({ topic, err: error2 }, "MQTT message not stored");
      });
    }
  });
  client.on("error", (error2) => ctx.log.warn({ err: error2 }, "MQTT error"));
  await new Promise((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  await client.subscribeAsync(MQTT_TOPIC, { qos: 1 });
  return client;
}

// src/ingest/osmand-http.ts
import { createServer } from "http";
var OSMAND_MAX_BODY_BYTES = 256 * 1024;
var REJECTION_TEXT = {
  "no device id": "no device id",
  "bad device id": "bad device id: 1 to 40 characters, each a letter, a digit, '_', '.', ':' or '-'",
  "no position": "no position",
  "bad timestamp": "bad timestamp",
  "bad json": "bad json"
};
function readBody(request, maxBytes) {
  const declared = Number(request.headers["content-length"]);
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    let isTooLarge = Number.isFinite(declared) && declared > maxBytes;
    if (isTooLarge) resolve(null);
    request.on("data", (chunk) => {
      if (isTooLarge) return;
      size += chunk.length;
      if (size > maxBytes) {
        isTooLarge = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(isTooLarge ? null : Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
async function startOsmAndHttp(ctx, port, host = "0.0.0.0") {
  const server = createServer((request, response) => {
    const reply = (status2, text2, headers = {}) => {
      if (response.headersSent) return;
      response.writeHead(status2, { "content-type": "text/plain; charset=utf-8", ...headers }).end(text2);
    };
    void (async () => {
      const url = new URL(request.url ?? "/", "http://osmand.local");
      const body = request.method === "POST" ? await readBody(request, OSMAND_MAX_BODY_BYTES) : "";
      if (body === null) {
        ctx.counters.badFrames += 1;
        return reply(413, `payload too large: at most ${OSMAND_MAX_BODY_BYTES / 1024} KiB`, {
          connection: "close"
        });
      }
      const decoded = decodeOsmAnd({
        query: [...url.searchParams.entries()],
        body,
        contentType: request.headers["content-type"],
        nowMs: ctx.nowMs()
      });
      if (!decoded.ok) {
        ctx.counters.badFrames += 1;
        return reply(400, REJECTION_TEXT[decoded.reason]);
      }
      let stored = 0;
      const byDevice = /* @__PURE__ */ new Map();
      for (const p of decoded.positions)
        byDevice.set(p.deviceId, [...byDevice.get(p.deviceId) ?? [], p]);
      for (const [uniqueId, positions] of byDevice) {
        const delivery = await deliver(ctx, "osmand", uniqueId, () => positions);
        if (!delivery.device) return reply(403, "unknown device");
        stored += delivery.result.accepted;
      }
      return reply(200, `stored ${stored}`);
    })().catch((error2) => {
      ctx.log.warn({ err: error2 }, "OsmAnd request not stored");
      reply(503, "not stored, retry");
    });
  });
  server.requestTimeout = 3e4;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

// src/ingest/stream-session.ts
import { createServer as createServer2 } from "net";
var DEFAULT_STREAM_LIMITS = {
  loginTimeoutMs: 1e4,
  partialFrameTimeoutMs: 5e3,
  idleTimeoutMs: 15 * 6e4,
  maxPortBufferedBytes: 64 * 1024 * 1024,
  maxQueuedBytes: 1024 * 1024
};
var MAX_QUEUED_FRAMES = 64;
var MAX_BAD_FRAMES = 20;
function handleConnection(socket, ctx, spec, limits, port) {
  const { decoder, name } = spec;
  const framer = decoder.createFramer();
  let device = null;
  let identity = null;
  let isIdentified = false;
  let queue = Promise.resolve();
  let queuedFrames = 0;
  let queuedBytes = 0;
  let badInARow = 0;
  let accountedBytes = 0;
  let partialTimer;
  ctx.counters.connections += 1;
  socket.setNoDelay(true);
  socket.setTimeout(limits.idleTimeoutMs, () => socket.destroy());
  const loginTimer = setTimeout(() => close("no login in time"), limits.loginTimeoutMs);
  const account = () => {
    const delta = framer.retainedBytes - accountedBytes;
    if (delta === 0) return;
    port.bytes += delta;
    spec.countBuffered?.(ctx.counters, delta);
    accountedBytes += delta;
  };
  function close(reason) {
    if (socket.destroyed) return;
    ctx.counters.badFrames += 1;
    ctx.log.warn(
      {
        device: identity,
        remote: socket.remoteAddress,
        reason,
        bufferedBytes: framer.bufferedBytes
      },
      `${name} connection closed`
    );
    socket.destroy();
    framer.reset();
    account();
  }
  const badFrame = (detail, message, isLogged) => {
    ctx.counters.badFrames += 1;
    badInARow += 1;
    ctx.log.warn({ device: identity, ...detail }, message);
    if (badInARow < MAX_BAD_FRAMES) return;
    if (isLogged) close("too many bad frames");
    else socket.destroy();
  };
  socket.on("error", () => socket.destroy());
  socket.on("close", () => {
    ctx.counters.connections -= 1;
    clearTimeout(loginTimer);
    clearTimeout(partialTimer);
    framer.reset();
    account();
  });
  const identify3 = async (named) => {
    if (device) {
      if (named === device.uniqueId) return true;
      close("a second device on one connection");
      return false;
    }
    identity = named;
    device = await ctx.resolveDevice(named, spec.protocol);
    if (device) return true;
    ctx.counters.unknownDevices += 1;
    ctx.log.info({ device: named }, `unknown ${name} device refused`);
    if (decoder.refusal && !socket.destroyed) socket.end(decoder.refusal);
    else socket.destroy();
    return false;
  };
  const handleFrame = async (frame) => {
    if (socket.destroyed) return;
    const named = decoder.identify(frame);
    if (named !== null && !await identify3(named)) return;
    if (socket.destroyed) return;
    const decoded = decoder.decode(frame, device ? spec.context(device, ctx) : null);
    if (!device) {
      if (!isKeepAlive(decoded)) close("frame before a login");
      return;
    }
    if (decoded.error) {
      return badFrame({ ...decoded.error }, `bad ${name} frame (not acknowledged)`, false);
    }
    if (decoded.note) ctx.log.info({ device: identity, note: decoded.note }, `${name} message`);
    const positions = decoded.records;
    if (positions.length > 0) {
      const serverTimeMs = ctx.nowMs();
      for (const p of positions) p.serverTimeMs = serverTimeMs;
      await submitRecords(ctx, device, positions);
      badInARow = 0;
    }
    if (decoded.reply && !socket.destroyed) socket.write(decoded.reply);
  };
  const enqueue = (frame) => {
    const bytes = frame.length;
    queuedFrames += 1;
    queuedBytes += bytes;
    if (queuedFrames > MAX_QUEUED_FRAMES || queuedBytes > limits.maxQueuedBytes) socket.pause();
    queue = queue.then(() => handleFrame(frame)).catch((error2) => {
      ctx.log.warn({ device: identity, err: error2 }, `${name} frame not stored`);
    }).finally(() => {
      queuedFrames -= 1;
      queuedBytes -= bytes;
      const drained = queuedFrames <= MAX_QUEUED_FRAMES / 2 && queuedBytes <= limits.maxQueuedBytes / 2;
      if (drained && socket.isPaused() && !socket.destroyed) socket.resume();
    });
  };
  const watchPartialFrame = (hasProgressed) => {
    if (framer.bufferedBytes === 0) {
      clearTimeout(partialTimer);
      partialTimer = void 0;
      return;
    }
    if (partialTimer && !hasProgressed) return;
    clearTimeout(partialTimer);
    partialTimer = setTimeout(() => close("partial frame timed out"), limits.partialFrameTimeoutMs);
  };
  socket.on("data", (chunk) => {
    const skippedBefore = framer.skippedBytes;
    const frames = framer.push(chunk);
    account();
    const skipped = framer.skippedBytes - skippedBefore;
    for (const frame of frames) {
      if (!isIdentified && decoder.identify(frame) !== null) {
        isIdentified = true;
        clearTimeout(loginTimer);
      }
      enqueue(frame);
    }
    if (!isIdentified && (skipped > 0 || framer.bufferedBytes > decoder.maxBytesBeforeIdentity)) {
      return close("data before a login");
    }
    if (skipped > 0) {
      badFrame({ skippedBytes: skipped }, `${name} bytes skipped (not a frame)`, true);
      if (socket.destroyed) return;
    }
    if (framer.bufferedBytes > 0 && port.bytes > limits.maxPortBufferedBytes) {
      return close("port buffer full");
    }
    watchPartialFrame(frames.length > 0 || skipped > 0);
  });
}
async function startStreamListener(ctx, spec, port, host = "0.0.0.0", limits = {}) {
  const effective = { ...DEFAULT_STREAM_LIMITS, ...limits };
  const buffer = { bytes: 0 };
  const server = createServer2(
    { noDelay: true },
    (socket) => handleConnection(socket, ctx, spec, effective, buffer)
  );
  server.maxConnections = 5e4;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, backlog: 4096 }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

// ../../packages/telematics/src/protocols/queclink/queclink.framer.ts
var QUECLINK_MAX_MESSAGE_BYTES = 8 * 1024;
var PLUS = 43;
var DOLLAR = 36;
var EMPTY = Buffer.alloc(0);
function asBuffer3(bytes) {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}
function countNoise(data, start, end) {
  let noise = 0;
  for (let i = start; i < end; i += 1) {
    const byte = data[i];
    if (byte !== 13 && byte !== 10 && byte !== 32 && byte !== 0) noise += 1;
  }
  return noise;
}
var QueclinkFramer = class {
  constructor(maxMessageBytes = QUECLINK_MAX_MESSAGE_BYTES) {
    this.maxMessageBytes = maxMessageBytes;
  }
  maxMessageBytes;
  held = EMPTY;
  skipped = 0;
  get bufferedBytes() {
    return this.held.length;
  }
  get retainedBytes() {
    return this.held.length;
  }
  get skippedBytes() {
    return this.skipped;
  }
  reset() {
    this.held = EMPTY;
  }
  push(chunk) {
    const data = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : asBuffer3(chunk);
    const frames = [];
    let start = 0;
    while (start < data.length) {
      const plus = data.indexOf(PLUS, start);
      this.skipped += countNoise(data, start, plus === -1 ? data.length : plus);
      if (plus === -1) {
        start = data.length;
        break;
      }
      const end = data.indexOf(DOLLAR, plus);
      const isOverlong = end === -1 ? data.length - plus > this.maxMessageBytes : end - plus >= this.maxMessageBytes;
      if (isOverlong) {
        const next = data.indexOf(PLUS, plus + 1);
        const stop = next === -1 ? data.length : next;
        this.skipped += stop - plus;
        start = stop;
        continue;
      }
      if (end === -1) {
        start = plus;
        break;
      }
      frames.push(Buffer.from(data.subarray(plus, end + 1)));
      start = end + 1;
    }
    this.held = start < data.length ? Buffer.from(data.subarray(start)) : EMPTY;
    return frames;
  }
};

// ../../packages/telematics/src/protocols/queclink/queclink.decoder.ts
var BLOCK_FIELDS = 12;
var MAX_POSITIONS = 15;
var NO_RECORDS2 = [];
var IMEI = /^\d{1,20}$/;
var COUNT = /^[0-9A-Fa-f]{4}$/;
var GPS_TIME = /^\d{14}$/;
var DECIMAL = /^-?\d{1,3}\.\d+$/;
var MILEAGE = /^\d{1,7}\.\d$/;
function text(frame) {
  return Buffer.from(frame.buffer, frame.byteOffset, frame.length).toString("latin1");
}
function fieldsOf(frame) {
  const message = text(frame);
  if (!message.startsWith("+") || !message.endsWith("$")) return null;
  return message.slice(0, -1).split(",");
}
function gpsTime(value) {
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  const hour = Number(value.slice(8, 10));
  const minute = Number(value.slice(10, 12));
  const second = Number(value.slice(12, 14));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return null;
  return Date.UTC(Number(value.slice(0, 4)), month - 1, day, hour, minute, second);
}
function optionalNumber(value) {
  if (value === void 0 || value === "") return void 0;
  const number = Number(value);
  return Number.isFinite(number) ? number : void 0;
}
function firstGpsTime(fields) {
  for (let i = 10; i < fields.length; i += 1) {
    if (GPS_TIME.test(fields[i]) && DECIMAL.test(fields[i - 1]) && DECIMAL.test(fields[i - 2]) && /^\d{1,2}$/.test(fields[i - 7]))
      return i;
  }
  return -1;
}
function readPositions(fields, deviceId) {
  const time = firstGpsTime(fields);
  if (time === -1) return NO_RECORDS2;
  const count = Number(fields[time - 7]);
  const first = time - 6;
  const after = first + count * BLOCK_FIELDS;
  if (count > MAX_POSITIONS || after > fields.length - 2) return `${count} positions do not fit`;
  const mileage = fields[after];
  const odometerM = MILEAGE.test(mileage) ? Math.round(Number(mileage) * 1e3) : void 0;
  const positions = [];
  for (let block = first; block < after; block += BLOCK_FIELDS) {
    const accuracy = optionalNumber(fields[block]);
    const lng = Number(fields[block + 4]);
    const lat = Number(fields[block + 5]);
    const at = fields[block + 6];
    if (!GPS_TIME.test(at)) continue;
    const fixTimeMs = gpsTime(at);
    if (fixTimeMs === null || !Number.isFinite(lat) || !Number.isFinite(lng))
      return `bad position at field ${block}`;
    const position = { deviceId, fixTimeMs, lat, lng, attributes: {} };
    const speedKmh = optionalNumber(fields[block + 1]);
    const headingDeg = optionalNumber(fields[block + 2]);
    const altitudeM = optionalNumber(fields[block + 3]);
    if (speedKmh !== void 0) position.speedKmh = speedKmh;
    if (headingDeg !== void 0) position.headingDeg = headingDeg;
    if (altitudeM !== void 0) position.altitudeM = altitudeM;
    if (accuracy === 0) position.satellites = 0;
    else if (accuracy !== void 0) position.hdop = accuracy;
    if (odometerM !== void 0) position.odometerM = odometerM;
    positions.push(position);
  }
  return positions;
}
function ascii(value) {
  return Buffer.from(value, "latin1");
}
function identify2(frame) {
  const head = text(frame.subarray(0, Math.min(frame.length, 64))).split(",", 3);
  if (head.length < 3 || !head[0].startsWith("+")) return null;
  return IMEI.test(head[2]) ? head[2] : null;
}
function decode(frame) {
  const fields = fieldsOf(frame);
  if (!fields || fields.length < 4) return refused("malformed", "not an @Track message");
  const [head = "", version = "", uniqueId = ""] = fields;
  const counter = fields[fields.length - 1];
  if (!IMEI.test(uniqueId)) return refused("malformed", "no unique id");
  if (!COUNT.test(counter)) return refused("malformed", "no count number");
  if (head === "+ACK:GTHBD")
    return {
      identity: uniqueId,
      records: NO_RECORDS2,
      reply: ascii(`+SACK:GTHBD,${version},${counter}$`)
    };
  if (head.startsWith("+ACK:")) return { identity: uniqueId, records: NO_RECORDS2, note: head };
  if (!head.startsWith("+RESP:GT") && !head.startsWith("+BUFF:GT"))
    return refused("malformed", `unknown message ${head.slice(0, 16)}`);
  const positions = readPositions(fields, uniqueId);
  if (typeof positions === "string") return refused("malformed", positions);
  return { identity: uniqueId, records: positions, reply: ascii(`+SACK:${counter}$`) };
}
function queclinkDecoder(maxMessageBytes = QUECLINK_MAX_MESSAGE_BYTES) {
  return {
    createFramer: () => new QueclinkFramer(maxMessageBytes),
    maxBytesBeforeIdentity: maxMessageBytes,
    identify: identify2,
    decode: (frame) => decode(frame)
  };
}

// src/ingest/queclink-tcp.ts
var queclinkTcp = {
  protocol: "queclink",
  name: "Queclink",
  decoder: queclinkDecoder(),
  context: () => null
};

// src/ingest/stream-protocols.ts
var STREAM_PROTOCOLS = [queclinkTcp];

// src/ingest/teltonika-tcp.ts
var DEFAULT_TELTONIKA_TCP_LIMITS = {
  ...DEFAULT_STREAM_LIMITS,
  maxDataBytes: TELTONIKA_MAX_DATA_BYTES
};
function teltonikaTcp(maxDataBytes = TELTONIKA_MAX_DATA_BYTES) {
  return {
    protocol: "teltonika",
    name: "Teltonika",
    decoder: teltonikaTcpDecoder({ maxDataBytes }),
    context: (device, ctx) => ({ uniqueId: device.uniqueId, ioTable: ctx.ioTable(device) }),
    countBuffered: (counters, delta) => {
      counters.teltonikaBufferedBytes += delta;
    }
  };
}
async function startTeltonikaTcp(ctx, port, host = "0.0.0.0", limits = {}) {
  const { maxDataBytes, ...stream } = { ...DEFAULT_TELTONIKA_TCP_LIMITS, ...limits };
  return startStreamListener(ctx, teltonikaTcp(maxDataBytes), port, host, stream);
}

// src/ingest/teltonika-udp.ts
import { createSocket } from "dgram";
var DEFAULT_UDP_MAX_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
async function startTeltonikaUdp(ctx, port, host = "0.0.0.0", maxInFlightBytes = DEFAULT_UDP_MAX_IN_FLIGHT_BYTES) {
  const socket = createSocket("udp4");
  let inFlightBytes = 0;
  socket.on("message", (datagram, remote) => {
    if (inFlightBytes + datagram.length > maxInFlightBytes) {
      ctx.log.debug({ remote: remote.address }, "Teltonika UDP datagram dropped (port busy)");
      return;
    }
    const decoded = readTeltonikaDatagram(datagram);
    if (decoded.error) {
      ctx.counters.badFrames += 1;
      ctx.log.warn({ remote: remote.address, ...decoded.error }, "bad Teltonika UDP datagram");
      return;
    }
    inFlightBytes += datagram.length;
    void deliver(
      ctx,
      "teltonika",
      decoded.identity,
      (device) => decoded.records({ uniqueId: device.uniqueId, ioTable: ctx.ioTable(device) })
    ).then((delivery) => {
      if (delivery.device) socket.send(decoded.reply, remote.port, remote.address);
    }).catch(
      (error2) => ctx.log.warn({ imei: decoded.identity, err: error2 }, "Teltonika UDP packet not stored")
    ).finally(() => {
      inFlightBytes -= datagram.length;
    });
  });
  socket.on("error", (error2) => ctx.log.warn({ err: error2 }, "Teltonika UDP socket error"));
  await new Promise((resolve) => socket.bind(port, host, resolve));
  return socket;
}

// src/ingest/start-ingest.ts
function trackSockets(server, sockets) {
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
}
async function startIngest(ctx, options) {
  const { workers = 0, ...listen } = options;
  if (workers > 0) return startIngestWorker(ctx, listen);
  const host = options.host ?? "0.0.0.0";
  const tcpServers = [];
  const deviceSockets = /* @__PURE__ */ new Set();
  const tcp = await startTeltonikaTcp(ctx, options.teltonikaPort, host, options.teltonikaLimits);
  tcpServers.push(tcp);
  const teltonikaPort = tcp.address().port;
  const udp = await startTeltonikaUdp(ctx, teltonikaPort, host);
  const streamPorts = {};
  for (const spec of STREAM_PROTOCOLS) {
    const port = options.streamPorts?.[spec.protocol];
    if (port === void 0) continue;
    const server = await startStreamListener(ctx, spec, port, host, options.streamLimits);
    tcpServers.push(server);
    streamPorts[spec.protocol] = server.address().port;
  }
  for (const server of tcpServers) trackSockets(server, deviceSockets);
  const http = await startOsmAndHttp(ctx, options.osmandPort, host);
  const osmandPort = http.address().port;
  let mqtt2;
  if (options.mqttUrl) {
    try {
      mqtt2 = await startMqttIngest(ctx, options.mqttUrl);
    } catch (error2) {
      ctx.log.warn({ err: error2, url: options.mqttUrl }, "MQTT ingest not started");
    }
  }
  return {
    teltonikaPort,
    osmandPort,
    streamPorts,
    async close() {
      await mqtt2?.endAsync();
      udp.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(() => resolve()));
      const closed = tcpServers.map(
        (server) => new Promise((resolve) => server.close(() => resolve()))
      );
      for (const socket of deviceSockets) socket.destroy();
      await Promise.all(closed);
    }
  };
}

export {
  validatePosition,
  haversineM,
  isSafeDeviceId,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  encodeLogin,
  IO_NUMBER_FIELDS,
  IO_FLAG_FIELDS,
  DEVICE_FAMILIES,
  IO_TABLES,
  familyOfModel,
  withIoOverrides,
  severityOf,
  mapAvlRecord,
  decodeOsmAnd,
  DEFAULT_REDUCER_SETTINGS,
  reducerSettings,
  EMPTY_CONTEXT,
  tanksLitres,
  tanksCapacityL,
  tanksPct,
  ROLLUP_BUCKET_MS,
  bucketOf,
  PlaceIndex,
  statusAfterSilence,
  CORE_DETECTORS,
  initialDeviceState,
  liveStatusOf,
  step,
  INDICATOR_SUM_KEYS,
  zeroSums,
  addSums,
  copySums,
  safetyScore,
  letterOf,
  DEFAULT_SCORE_SETTINGS,
  evaluationSettingsOf,
  evaluate,
  MAX_KM_PER_DAY,
  MAX_HOURS_PER_DAY,
  trackedValue,
  advanceCounter,
  dailyRate,
  forecastItem,
  utcDayMs,
  formatPlace,
  isPlace,
  localityPlace,
  tenantPlaceOf,
  EU_561_2006,
  parseDrivingRuleSet,
  stepDriving,
  drivingStatusOf,
  replayDriving,
  drivingTimesAt,
  infringementsIn,
  newIngestCounters,
  packPositions,
  ioTableKey,
  startIngest
};
//# sourceMappingURL=chunk-ZDWDECJT.js.map