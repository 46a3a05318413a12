import type { GenerateExcelBody, Language } from '@rumbo/contracts';

/** How a column's cells go to Excel. */
export type ExcelColumnType = NonNullable<GenerateExcelBody['columns'][number]['type']>;

/** An instant for a `date` column: epoch ms, or null when absent or unreadable. */
export function instantCell(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** A cell value as tables sort, search and export it. */
export type CellValue = string | number | null;

/** What a table needs to know about a column, apart from how it draws. */
export interface ColumnModel<R> {
  id: string;
  label: string;
  /** The value sorted on (numbers numerically, text by the language's collation). */
  value: (row: R) => CellValue;
  /** The value exported to Excel; defaults to `value`. */
  exportValue?: (row: R) => CellValue;
  /**
   * The Excel cell type (docs/decisions/0035): numbers stay numbers (unit in the label), `date`
   * exports an instant (epoch ms) as a date cell in the user's zone, `duration` seconds as hours.
   */
  type?: ExcelColumnType;
  /** Fraction digits of a number or duration cell. */
  decimals?: number;
  sortable?: boolean;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

const collators = new Map<Language, Intl.Collator>();
function collator(language: Language): Intl.Collator {
  let c = collators.get(language);
  if (!c) {
    c = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    collators.set(language, c);
  }
  return c;
}

const isBlank = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');

/** Compares two cells; blank cells always go last, whatever the direction. */
export function compareCells(
  a: CellValue,
  b: CellValue,
  direction: SortDirection,
  language: Language,
): number {
  const blankA = isBlank(a);
  const blankB = isBlank(b);
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  const order =
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : collator(language).compare(String(a), String(b));
  return direction === 'asc' ? order : -order;
}

/** A stable sort of the rows by one column. */
export function sortRows<R>(
  rows: readonly R[],
  column: ColumnModel<R> | undefined,
  direction: SortDirection,
  language: Language,
): R[] {
  if (!column) return [...rows];
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((x, y) => compareCells(x.value, y.value, direction, language) || x.index - y.index)
    .map((x) => x.row);
}

/** Lower case without accents or repeated spaces, so "camion" finds "Camión". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether a row's texts match a search: every word of the query must appear in one of them
 * (accent- and case-insensitive). An empty query matches everything.
 */
export function matchesSearch(
  texts: readonly (string | null | undefined)[],
  query: string,
): boolean {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.filter(Boolean).map((t) => normalizeText(String(t)));
  return words.every((word) => haystack.some((text) => text.includes(word)));
}

export interface ViewOptions<R> {
  search: string;
  /** The texts of a row that the search looks into. */
  searchTexts: (row: R) => readonly (string | null | undefined)[];
  /** Filters other than the search; every one must accept the row. */
  filters?: readonly ((row: R) => boolean)[];
  columns: readonly ColumnModel<R>[];
  sort: SortState | null;
  language: Language;
}

/** The rows a table shows (all pages): filtered, searched and sorted. */
export function viewRows<R>(rows: readonly R[], options: ViewOptions<R>): R[] {
  const filters = options.filters ?? [];
  const kept = rows.filter(
    (row) =>
      filters.every((accept) => accept(row)) &&
      matchesSearch(options.searchTexts(row), options.search),
  );
  if (!options.sort) return kept;
  const column = options.columns.find((c) => c.id === options.sort?.column);
  return sortRows(kept, column, options.sort.direction, options.language);
}

/** The Excel table of the given rows and columns, in that order (`POST /xlsx/generate_excel`). */
export function excelTable<R>(
  title: string,
  columns: readonly ColumnModel<R>[],
  rows: readonly R[],
): GenerateExcelBody {
  return {
    title,
    columns: columns.map((c) => ({
      key: c.id,
      // Durations go out as decimal hours: the unit is in the header.
      label: c.type === 'duration' && !c.label.endsWith('(h)') ? `${c.label} (h)` : c.label,
      type: c.type ?? 'string',
      ...(c.decimals === undefined ? {} : { decimals: c.decimals }),
    })),
    rows: rows.map((row) =>
      Object.fromEntries(columns.map((c) => [c.id, (c.exportValue ?? c.value)(row)])),
    ),
  };
}

/** An Excel column of instants: a date cell in the user's zone (the server writes the zone). */
export function dateColumn<R>(
  id: string,
  label: string,
  get: (row: R) => number | string | null | undefined,
): ColumnModel<R> {
  return { id, label, value: (row) => instantCell(get(row)), type: 'date' };
}

/** An Excel column of durations given in seconds: decimal hours ("(h)" added to the header). */
export function durationColumn<R>(
  id: string,
  label: string,
  get: (row: R) => number | null | undefined,
): ColumnModel<R> {
  return {
    id,
    label,
    value: (row) => {
      const seconds = get(row);
      return seconds === null || seconds === undefined || !Number.isFinite(seconds)
        ? null
        : seconds;
    },
    type: 'duration',
    decimals: 2,
  };
}
