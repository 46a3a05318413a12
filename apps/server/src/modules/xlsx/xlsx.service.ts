import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  wallClockOf,
  type GenerateExcelBody,
  type Language,
  type TimeZoneSetting,
} from '@rumbo/contracts';
import { base64Encoder } from './base64-stream.js';

type Cell = string | number | boolean | null | undefined;
type Column = GenerateExcelBody['columns'][number];

/** How dates are written: the user's zone and the language's day/month order. */
export interface SheetLocale {
  timeZone: TimeZoneSetting;
  language: Language;
}

const HOUR_S = 3_600;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date format of a calendar day (`yyyy-MM-dd`, no time of day) in the language. */
function dayFormat(language: Language): string {
  return language === 'en' ? 'mm/dd/yyyy' : 'dd/mm/yyyy';
}

/** Excel number formats per column type (docs/decisions/0035). */
export function columnFormat(column: Column, language: Language): string | undefined {
  switch (column.type) {
    case 'date':
      return language === 'en' ? 'mm/dd/yyyy hh:mm:ss' : 'dd/mm/yyyy hh:mm:ss';
    case 'duration':
      return `#,##0.${'0'.repeat(column.decimals ?? 2)}`;
    case 'number':
      return column.decimals === undefined
        ? undefined
        : column.decimals === 0
          ? '#,##0'
          : `#,##0.${'0'.repeat(column.decimals)}`;
    case 'boolean':
    case 'string':
    case undefined:
      return undefined;
  }
}

function asNumber(value: Cell): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/**
 * A cell as Excel stores it: an instant becomes a date whose fields read the user's wall clock
 * (Excel dates carry no zone), seconds decimal hours, numeric text a number.
 */
export function toCellValue(value: Cell, column: Column, locale: SheetLocale): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'date': {
      // A calendar day (a due date, a licence expiry) is the same day in every zone.
      const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
      if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
      const ms =
        typeof value === 'string' && !/^\d+$/.test(value) ? Date.parse(value) : asNumber(value);
      return ms === null || !Number.isFinite(ms)
        ? String(value)
        : new Date(wallClockOf(locale.timeZone, ms));
    }
    case 'duration': {
      const seconds = asNumber(value);
      return seconds === null ? String(value) : seconds / HOUR_S;
    }
    case 'number':
      return asNumber(value) ?? value;
    case 'boolean':
    case 'string':
    case undefined:
      return value;
  }
}

/**
 * Writes the table as an .xlsx workbook, streamed row by row (rows are committed as written so
 * memory stays flat), and returns the file as a base64 text stream.
 */
export function generateExcelBase64(table: GenerateExcelBody, locale: SheetLocale): Readable {
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
    // The header row stays in view and carries the filter buttons.
    { views: [{ state: 'frozen', ySplit: 1 }] },
  );
  sheet.columns = table.columns.map((column) => {
    const numFmt = columnFormat(column, locale.language);
    return {
      header: column.label,
      key: column.key,
      width: Math.min(60, Math.max(column.type === 'date' ? 20 : 10, column.label.length + 2)),
      style: numFmt ? { numFmt } : {},
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: table.columns.length },
  };
  sheet.getRow(1).commit();
  const dateColumns = table.columns.filter((column) => column.type === 'date');
  const write = async () => {
    for (const row of table.rows) {
      const values: Record<string, ExcelJS.CellValue> = {};
      for (const column of table.columns)
        values[column.key] = toCellValue(row[column.key], column, locale);
      const added = sheet.addRow(values);
      for (const column of dateColumns) {
        const value = row[column.key];
        if (typeof value === 'string' && CALENDAR_DAY.test(value))
          added.getCell(column.key).numFmt = dayFormat(locale.language);
      }
      added.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
