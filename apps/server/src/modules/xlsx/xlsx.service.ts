import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { GenerateExcelBody } from '@rumbo/contracts';
import { base64Encoder } from './base64-stream.js';

type Cell = string | number | boolean | null | undefined;

function toCellValue(value: Cell, type: string | undefined): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (type === 'date' && (typeof value === 'number' || typeof value === 'string')) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? String(value) : date;
  }
  if (
    type === 'number' &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value))
  ) {
    return Number(value);
  }
  return value;
}

/**
 * Writes the table as an .xlsx workbook, streamed row by row (rows are committed as written so
 * memory stays flat), and returns the file as a base64 text stream.
 */
export function generateExcelBase64(table: GenerateExcelBody): Readable {
  const zip = new PassThrough();
  const output = zip.pipe(base64Encoder());
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: zip,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Rumbo';
  const sheet = workbook.addWorksheet(
    table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Sheet1',
  );
  sheet.columns = table.columns.map((column) => ({
    header: column.label,
    key: column.key,
    width: Math.min(60, Math.max(10, column.label.length + 2)),
    style: column.type === 'date' ? { numFmt: 'dd/mm/yyyy hh:mm:ss' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    for (const row of table.rows) {
      const values: Record<string, ExcelJS.CellValue> = {};
      for (const column of table.columns)
        values[column.key] = toCellValue(row[column.key], column.type);
      sheet.addRow(values).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
