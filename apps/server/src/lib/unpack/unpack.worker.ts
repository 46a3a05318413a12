import { parentPort } from 'node:worker_threads';
import { checkZip, ZipLimitError } from './bounded-zip.js';
import { XLSX_LIMITS } from './limits.js';
import { firstSheetCells, type Cell } from './xlsx-cells.js';

// The worker thread that reads one uploaded workbook (started by worker-pool.ts with V8 heap
// limits, one file at a time): the archive is checked against its bounds first, inflating each entry as a
// stream and keeping nothing; only a workbook within them is handed to ExcelJS, loaded then.

/** What the worker answers. */
export type UnpackAnswer =
  | { ok: true; rows: Cell[][] }
  | { ok: false; error: 'limit'; limit: ZipLimitError['limit']; max: number }
  | { ok: false; error: 'unreadable' };

async function readXlsx(bytes: Buffer): Promise<UnpackAnswer> {
  try {
    await checkZip(bytes, XLSX_LIMITS);
  } catch (error) {
    if (error instanceof ZipLimitError) {
      return { ok: false, error: 'limit', limit: error.limit, max: error.max };
    }
    return { ok: false, error: 'unreadable' };
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  return { ok: true, rows: firstSheetCells(workbook) };
}

parentPort!.on('message', (message: { id: number; task: 'xlsx'; bytes: Uint8Array }) => {
  const { id, bytes } = message;
  void readXlsx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).then((answer) =>
    parentPort!.postMessage({ id, answer }),
  );
});
