// src/lib/unpack/bounded-zip.ts
import yauzl from "yauzl";
var ZipLimitError = class extends Error {
  constructor(limit, max) {
    super(`zip ${limit} over ${max}`);
    this.limit = limit;
    this.max = max;
    this.name = "ZipLimitError";
  }
  limit;
  max;
};
var ZipUnreadableError = class extends Error {
  constructor(cause) {
    super(`zip unreadable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "ZipUnreadableError";
  }
};
function open(bytes) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, autoClose: false },
      (error, zip) => error || !zip ? reject(new ZipUnreadableError(error)) : resolve(zip)
    );
  });
}
function listEntries(zip, limits) {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries) {
      reject(new ZipLimitError("entries", limits.maxEntries));
      return;
    }
    const entries = [];
    let declared = 0;
    zip.on("error", (error) => reject(new ZipUnreadableError(error)));
    zip.on("end", () => resolve(entries));
    zip.on("entry", (entry) => {
      if (entry.isEncrypted()) {
        reject(new ZipUnreadableError("encrypted entry"));
        return;
      }
      declared += entry.uncompressedSize;
      if (declared > limits.maxInflatedBytes) {
        reject(new ZipLimitError("inflated", limits.maxInflatedBytes));
        return;
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > limits.ratioGraceBytes && ratio > limits.maxRatio) {
        reject(new ZipLimitError("ratio", limits.maxRatio));
        return;
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}
function inflate(zip, entry, limits, budget, keep) {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new ZipUnreadableError(error));
        return;
      }
      const chunks = [];
      let out = 0;
      let failed = false;
      const fail = (reason) => {
        if (failed) return;
        failed = true;
        stream.destroy();
        reject(reason);
      };
      stream.on("data", (chunk) => {
        out += chunk.length;
        if (out > budget) return fail(new ZipLimitError("inflated", limits.maxInflatedBytes));
        if (out > limits.ratioGraceBytes && out / Math.max(1, entry.compressedSize) > limits.maxRatio) {
          return fail(new ZipLimitError("ratio", limits.maxRatio));
        }
        if (keep) chunks.push(chunk);
      });
      stream.on("error", (streamError) => fail(new ZipUnreadableError(streamError)));
      stream.on("end", () => {
        if (!failed) resolve(keep ? { bytes: out, data: Buffer.concat(chunks) } : { bytes: out });
      });
    });
  });
}
async function checkZipDirectory(bytes, limits) {
  const zip = await open(bytes);
  try {
    await listEntries(zip, limits);
  } finally {
    zip.close();
  }
}
async function checkZip(bytes, limits, keep = () => false) {
  const zip = await open(bytes);
  try {
    const entries = await listEntries(zip, limits);
    const kept = /* @__PURE__ */ new Map();
    let left = limits.maxInflatedBytes;
    for (const entry of entries) {
      if (entry.fileName.endsWith("/")) continue;
      const wanted = keep(entry.fileName);
      const { bytes: out, data } = await inflate(zip, entry, limits, left, wanted);
      left -= out;
      if (data) kept.set(entry.fileName, data);
    }
    return kept;
  } finally {
    zip.close();
  }
}

// src/lib/unpack/limits.ts
var MiB = 1024 * 1024;
var XLSX_LIMITS = {
  maxEntries: 1e3,
  maxInflatedBytes: 32 * MiB,
  maxRatio: 100,
  ratioGraceBytes: 1 * MiB
};
var UNPACK_WORKER = {
  /** V8 heap bounds of the worker: past them the worker dies, not the server. */
  resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  /** A file not read within this is refused and its worker stopped. */
  timeoutMs: 1e4,
  /** Files read at once; more wait their turn (each worker holds up to its heap bounds). */
  concurrency: 2,
  /** An idle worker is kept this long for the next file, then stopped. */
  idleMs: 6e4
};

export {
  ZipLimitError,
  checkZipDirectory,
  checkZip,
  XLSX_LIMITS,
  UNPACK_WORKER
};
//# sourceMappingURL=chunk-4KBPSV6E.js.map