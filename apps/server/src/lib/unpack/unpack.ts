import { archiveRefused } from '../upload-errors.js';
import { checkZipDirectory, ZipLimitError } from './bounded-zip.js';
import { UNPACK_WORKER, XLSX_LIMITS } from './limits.js';
import { inWorker } from './worker-pool.js';
import type { Cell } from './xlsx-cells.js';

// Uploaded archives are read off the event loop (docs/decisions/0028-bounded-uploads.md). Here,
// on the event loop, only the central directory is read (at most XLSX_LIMITS.maxEntries records,
// nothing inflated): an archive that declares too much is refused at once. Inflating and parsing
// happen in a pool worker with V8 heap limits and a deadline; a worker out of heap or time is
// stopped and the file refused: the server's heap, its device acks and its other requests never
// wait on a file being inflated.

/**
 * The first sheet of an .xlsx as rows of cells, read within XLSX_LIMITS; null when the bytes
 * are no readable workbook. Throws a 413 DomainError naming the bound passed.
 */
export async function readXlsxFirstSheet(bytes: Buffer): Promise<Cell[][] | null> {
  try {
    await checkZipDirectory(bytes, XLSX_LIMITS);
  } catch (error) {
    if (error instanceof ZipLimitError) throw archiveRefused(error.limit, error.max);
    return null;
  }
  const answer = await inWorker('xlsx', bytes);
  if (answer.ok) return answer.rows;
  if (answer.error === 'limit') throw archiveRefused(answer.limit, answer.max);
  if (answer.error === 'work') {
    throw archiveRefused('work', UNPACK_WORKER.resourceLimits.maxOldGenerationSizeMb * 1024 ** 2);
  }
  return null;
}
