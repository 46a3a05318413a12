import type { ZipLimits } from './bounded-zip.js';

// The bounds of an uploaded archive and of the worker that reads it; why these numbers:
// docs/decisions/0028-bounded-uploads.md.

const MiB = 1024 * 1024;

/**
 * An .xlsx of the planned-trip import (at most 2 MB uploaded, 1,000 rows): one of 1,000 full rows
 * is 16 parts inflating to 0.6 MB at ratios of 2–12.
 */
export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 1_000,
  maxInflatedBytes: 32 * MiB,
  maxRatio: 100,
  ratioGraceBytes: 1 * MiB,
};

/** The worker thread that unpacks and parses one file. */
export const UNPACK_WORKER = {
  /** V8 heap bounds of the worker: past them the worker dies, not the server. */
  resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  /** A file not read within this is refused and its worker stopped. */
  timeoutMs: 10_000,
  /** Files read at once; more wait their turn (each worker holds up to its heap bounds). */
  concurrency: 2,
  /** An idle worker is kept this long for the next file, then stopped. */
  idleMs: 60_000,
} as const;
