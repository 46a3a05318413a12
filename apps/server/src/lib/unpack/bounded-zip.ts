import yauzl, { type Entry, type ZipFile } from 'yauzl';

// Reading a zip (an .xlsx is one) without trusting it (docs/decisions/0028-bounded-uploads.md).
// The central directory is checked first: the number of entries, each entry's declared size and
// ratio, their sum. Then every entry is inflated as a stream, counting the bytes that really come
// out: yauzl's `validateEntrySizes` refuses an entry whose inflated size differs from what it
// declared, and the whole archive stops as soon as the bytes out pass the budget or an entry's
// ratio passes the limit, whatever the headers said. Nothing inflated is kept unless asked for.

/** The bounds of one archive. */
export interface ZipLimits {
  /** Most entries (files and folders) in the central directory. */
  maxEntries: number;
  /** Most bytes all entries inflate to together, declared and counted while inflating. */
  maxInflatedBytes: number;
  /** Most bytes out per byte in of an entry, once it is past `ratioGraceBytes`. */
  maxRatio: number;
  /** Inflated bytes of an entry before its ratio counts (tiny parts compress very well). */
  ratioGraceBytes: number;
}

/** Which bound an archive broke. */
export type ZipLimit = 'entries' | 'inflated' | 'ratio';

/** An archive past one of its bounds; `max` is the bound. */
export class ZipLimitError extends Error {
  constructor(
    readonly limit: ZipLimit,
    readonly max: number,
  ) {
    super(`zip ${limit} over ${max}`);
    this.name = 'ZipLimitError';
  }
}

/** Bytes that are no readable zip (a damaged central directory, an entry that lies, encryption). */
export class ZipUnreadableError extends Error {
  constructor(cause: unknown) {
    super(`zip unreadable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ZipUnreadableError';
  }
}

function open(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, autoClose: false },
      (error, zip) => (error || !zip ? reject(new ZipUnreadableError(error)) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory, checking what it declares. */
function listEntries(zip: ZipFile, limits: ZipLimits): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries) {
      reject(new ZipLimitError('entries', limits.maxEntries));
      return;
    }
    const entries: Entry[] = [];
    let declared = 0;
    zip.on('error', (error) => reject(new ZipUnreadableError(error)));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      if (entry.isEncrypted()) {
        reject(new ZipUnreadableError('encrypted entry'));
        return;
      }
      declared += entry.uncompressedSize;
      if (declared > limits.maxInflatedBytes) {
        reject(new ZipLimitError('inflated', limits.maxInflatedBytes));
        return;
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > limits.ratioGraceBytes && ratio > limits.maxRatio) {
        reject(new ZipLimitError('ratio', limits.maxRatio));
        return;
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Inflates one entry as a stream, counting its bytes against the budget left. */
function inflate(
  zip: ZipFile,
  entry: Entry,
  limits: ZipLimits,
  budget: number,
  keep: boolean,
): Promise<{ bytes: number; data?: Buffer }> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new ZipUnreadableError(error));
        return;
      }
      const chunks: Buffer[] = [];
      let out = 0;
      let failed = false;
      const fail = (reason: Error) => {
        if (failed) return;
        failed = true;
        stream.destroy();
        reject(reason);
      };
      stream.on('data', (chunk: Buffer) => {
        out += chunk.length;
        if (out > budget) return fail(new ZipLimitError('inflated', limits.maxInflatedBytes));
        if (
          out > limits.ratioGraceBytes &&
          out / Math.max(1, entry.compressedSize) > limits.maxRatio
        ) {
          return fail(new ZipLimitError('ratio', limits.maxRatio));
        }
        if (keep) chunks.push(chunk);
      });
      stream.on('error', (streamError) => fail(new ZipUnreadableError(streamError)));
      stream.on('end', () => {
        if (!failed) resolve(keep ? { bytes: out, data: Buffer.concat(chunks) } : { bytes: out });
      });
    });
  });
}

/**
 * Checks what the central directory declares (entries, sizes, ratios) without inflating
 * anything: cheap enough for the event loop, it refuses an honest bomb in milliseconds.
 */
export async function checkZipDirectory(bytes: Buffer, limits: ZipLimits): Promise<void> {
  const zip = await open(bytes);
  try {
    await listEntries(zip, limits);
  } finally {
    zip.close();
  }
}

/**
 * Checks a whole archive against its bounds, inflating every entry once (one at a time, nothing
 * kept but the entries `keep` names); resolves to those entries' bytes by name. Throws
 * ZipLimitError at the first bound passed, ZipUnreadableError when the bytes are no zip.
 */
export async function checkZip(
  bytes: Buffer,
  limits: ZipLimits,
  keep: (name: string) => boolean = () => false,
): Promise<Map<string, Buffer>> {
  const zip = await open(bytes);
  try {
    const entries = await listEntries(zip, limits);
    const kept = new Map<string, Buffer>();
    let left = limits.maxInflatedBytes;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
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
