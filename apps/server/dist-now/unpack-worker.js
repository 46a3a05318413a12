import {
  XLSX_LIMITS,
  ZipLimitError,
  checkZip
} from "./chunk-4KBPSV6E.js";

// src/lib/unpack/unpack.worker.ts
import { parentPort } from "worker_threads";

// src/lib/unpack/xlsx-cells.ts
function cellValue(value) {
  if (value === null || value === void 0) return null;
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value;
  if (typeof value === "object") {
    if ("result" in value) return cellValue(value.result);
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
  }
  return null;
}
function firstSheetCells(workbook) {
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

// src/lib/unpack/unpack.worker.ts
async function readXlsx(bytes) {
  try {
    await checkZip(bytes, XLSX_LIMITS);
  } catch (error) {
    if (error instanceof ZipLimitError) {
      return { ok: false, error: "limit", limit: error.limit, max: error.max };
    }
    return { ok: false, error: "unreadable" };
  }
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes);
  } catch {
    return { ok: false, error: "unreadable" };
  }
  return { ok: true, rows: firstSheetCells(workbook) };
}
parentPort.on("message", (message) => {
  const { id, bytes } = message;
  void readXlsx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).then(
    (answer) => parentPort.postMessage({ id, answer })
  );
});
//# sourceMappingURL=unpack-worker.js.map