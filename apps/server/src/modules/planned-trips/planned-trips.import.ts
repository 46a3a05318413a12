import { fileTypeFromBuffer } from 'file-type';
import {
  IMPORT_COLUMNS,
  PLANNED_TRIP_LIMITS,
  translations,
  type ImportColumn,
  type ImportRowError,
  type Language,
  type PlannedStopInput,
  type PlannedTripSaveInput,
} from '@rumbo/contracts';
import { DomainError } from '../../lib/errors.js';
import { fileTooLarge } from '../../lib/upload-errors.js';
import { readXlsxFirstSheet } from '../../lib/unpack/unpack.js';
import type { Cell } from '../../lib/unpack/xlsx-cells.js';

// Reading a planned-trips file (docs/decisions/0027-planned-trips.md): an Excel workbook (its first
// sheet) or a CSV (comma or semicolon, UTF-8), one plan per row under a header row whose names may
// be English or Spanish. Checked by its bytes: an xlsx is a zip holding a workbook; a CSV is text
// without NUL bytes. Cells become plan inputs; what can't be read is a row error with the row
// number as the spreadsheet shows it (the header is row 1), the column and a message in the
// caller's language.

/** Header names accepted for each column (lower-cased, spaces and dashes as underscores). */
const ALIASES: Record<ImportColumn, readonly string[]> = {
  plate: ['plate', 'patente', 'matricula', 'matrícula', 'vehicle', 'vehiculo', 'vehículo'],
  driver: ['driver', 'chofer', 'conductor'],
  name: ['name', 'nombre', 'trip', 'viaje'],
  origin: ['origin', 'origen'],
  origin_lat: ['origin_lat', 'origen_lat'],
  origin_lng: ['origin_lng', 'origen_lng', 'origin_lon', 'origen_lon'],
  start: ['start', 'salida', 'inicio', 'departure'],
  destination: ['destination', 'destino'],
  destination_lat: ['destination_lat', 'destino_lat'],
  destination_lng: ['destination_lng', 'destino_lng', 'destination_lon', 'destino_lon'],
  arrival: ['arrival', 'llegada'],
  waypoints: ['waypoints', 'paradas', 'puntos_de_paso'],
  corridor_m: ['corridor_m', 'corredor_m', 'corridor', 'corredor'],
};

const REQUIRED: readonly ImportColumn[] = ['plate', 'origin', 'start', 'destination', 'arrival'];

/** Reads the bytes as a table of cells; 415 when they are neither an xlsx workbook nor text. */
export async function readTable(bytes: Buffer): Promise<Cell[][]> {
  if (bytes.length > PLANNED_TRIP_LIMITS.maxImportBytes) {
    throw fileTooLarge(PLANNED_TRIP_LIMITS.maxImportBytes);
  }
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'xlsx') return readWorkbook(bytes);
  if (type === undefined && isText(bytes)) return readCsv(bytes.toString('utf8'));
  throw new DomainError('unsupported_media_type', { reason: 'not_spreadsheet' });
}

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).indexOf('\uFFFD') < 0;
}

/** An xlsx is read in a worker within the archive bounds (lib/unpack). */
async function readWorkbook(bytes: Buffer): Promise<Cell[][]> {
  const rows = await readXlsxFirstSheet(bytes);
  if (!rows) throw new DomainError('unsupported_media_type', { reason: 'not_spreadsheet' });
  return rows;
}

/** CSV with `,` or `;` (whichever the header has more of), quotes doubled inside quoted cells. */
export function readCsv(text: string): Cell[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/u));
  const sep =
    (firstLine.match(/;/gu)?.length ?? 0) > (firstLine.match(/,/gu)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.map((r) => r.map((v) => (v.trim() === '' ? null : v.trim())));
}

/** A named place of the tenant an origin, destination or waypoint may name instead of lat/lng. */
export interface NamedPlace {
  id: number;
  lat: number;
  lng: number;
  radiusM: number;
}

/** What the rows are checked against. */
export interface ImportLookups {
  vehicleByPlate(plate: string): number | undefined;
  driverByKey(key: string): number | undefined;
  poiByName(name: string): NamedPlace | undefined;
  /** The caller's time zone (IANA) for times written without an offset. */
  timeZone: string;
}

/** One row's plan (before the contract's checks) and its spreadsheet row number. */
export interface ImportedRow {
  row: number;
  input: PlannedTripSaveInput;
  /** Where each stop came from, for naming a refused stop's column. */
  stopColumns: ImportColumn[];
}

/** A fixed offset written `+HH:MM` / `-HH:MM` (the web app's users have one), in ms. */
export function fixedOffsetMs(timeZone: string): number | undefined {
  const m = /^([+-])(\d{2}):(\d{2})$/u.exec(timeZone);
  if (!m) return undefined;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
}

/** The offset of a time zone (IANA or fixed) at an instant, ms (east positive). */
function zoneOffsetMs(timeZone: string, utcMs: number): number {
  const fixed = fixedOffsetMs(timeZone);
  if (fixed !== undefined) return fixed;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall =
    wallAsUtc(get('year'), get('month'), get('day'), get('hour'), get('minute')) +
    get('second') * 1000;
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/**
 * A wall clock as if it were UTC, ms. Unlike `Date.UTC`, the years 0–99 stay themselves (not
 * 1900–1999), so `0001-01-01` is refused by the date window instead of becoming 1901.
 */
function wallAsUtc(y: number, mo: number, d: number, h = 0, mi = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, 0, 0);
  return date.getTime();
}

/** A wall-clock time in a zone as UTC ms. */
export function zonedToUtc(
  wall: { y: number; mo: number; d: number; h: number; mi: number },
  timeZone: string,
): number {
  const asUtc = wallAsUtc(wall.y, wall.mo, wall.d, wall.h, wall.mi);
  const first = asUtc - zoneOffsetMs(timeZone, asUtc);
  return asUtc - zoneOffsetMs(timeZone, first);
}

/**
 * A time cell as an ISO instant: an Excel date (its wall clock in the caller's zone), ISO with an
 * offset, or `yyyy-MM-dd HH:mm` / `dd/MM/yyyy HH:mm` in the caller's zone; undefined otherwise.
 */
export function timeOf(cell: Cell, timeZone: string): string | undefined {
  if (cell === null) return undefined;
  if (cell instanceof Date) {
    const ms = zonedToUtc(
      {
        y: cell.getUTCFullYear(),
        mo: cell.getUTCMonth() + 1,
        d: cell.getUTCDate(),
        h: cell.getUTCHours(),
        mi: cell.getUTCMinutes(),
      },
      timeZone,
    );
    return new Date(ms).toISOString();
  }
  const text = String(cell).trim();
  if (/(?:Z|[+-]\d\d:?\d\d)$/u.test(text) && !Number.isNaN(Date.parse(text))) {
    return new Date(Date.parse(text)).toISOString();
  }
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::\d{2})?$/u.exec(text);
  let wall;
  if (m) wall = { y: +m[1]!, mo: +m[2]!, d: +m[3]!, h: +m[4]!, mi: +m[5]! };
  else {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ T](\d{1,2}):(\d{2})(?::\d{2})?$/u.exec(text);
    if (m) wall = { y: +m[3]!, mo: +m[2]!, d: +m[1]!, h: +m[4]!, mi: +m[5]! };
  }
  if (
    !wall ||
    wall.mo < 1 ||
    wall.mo > 12 ||
    wall.d < 1 ||
    wall.d > 31 ||
    wall.h > 23 ||
    wall.mi > 59
  ) {
    return undefined;
  }
  const check = new Date(wallAsUtc(wall.y, wall.mo, wall.d));
  if (check.getUTCDate() !== wall.d) return undefined;
  return new Date(zonedToUtc(wall, timeZone)).toISOString();
}

const keyOf = (header: Cell) =>
  String(header ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/gu, '_');

function numberOf(cell: Cell): number | undefined {
  if (cell === null || cell instanceof Date) return undefined;
  const n = typeof cell === 'number' ? cell : Number(String(cell).replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The rows of a table as plan inputs, and the cells that could not be read. Everything the
 * contract checks (ranges, time order, lengths) is left to it: the caller runs the plan schema.
 */
export function rowsOf(
  table: Cell[][],
  lookups: ImportLookups,
  lang: Language,
): { rows: ImportedRow[]; errors: ImportRowError[]; dataRows: number } {
  const t = translations[lang].trips.import;
  const errors: ImportRowError[] = [];
  const header = table[0] ?? [];
  const col = new Map<ImportColumn, number>();
  header.forEach((h, i) => {
    const key = keyOf(h);
    for (const name of IMPORT_COLUMNS)
      if (ALIASES[name].includes(key) && !col.has(name)) col.set(name, i);
  });
  const missing = REQUIRED.filter((c) => !col.has(c));
  for (const c of missing) errors.push({ row: 1, field: c, message: t.missing_column });
  const dataRows = table.slice(1).filter((r) => r.some((c) => c !== null)).length;
  if (missing.length > 0) return { rows: [], errors, dataRows };
  if (dataRows === 0) errors.push({ row: 1, field: '', message: t.no_rows });
  if (dataRows > PLANNED_TRIP_LIMITS.maxImportRows) {
    errors.push({
      row: 1,
      field: '',
      message: t.too_many_rows.replace('{{max}}', String(PLANNED_TRIP_LIMITS.maxImportRows)),
    });
    return { rows: [], errors, dataRows };
  }
  const rows: ImportedRow[] = [];
  for (let r = 1; r < table.length; r++) {
    const cells = table[r]!;
    if (!cells.some((c) => c !== null)) continue;
    const row = r + 1;
    const get = (c: ImportColumn): Cell => {
      const i = col.get(c);
      return i === undefined ? null : (cells[i] ?? null);
    };
    const fail = (field: ImportColumn, message: string) => errors.push({ row, field, message });
    const before = errors.length;
    const plate = String(get('plate') ?? '').trim();
    const vehicleId = plate ? lookups.vehicleByPlate(plate) : undefined;
    if (!plate) fail('plate', t.required);
    else if (vehicleId === undefined) fail('plate', t.unknown_vehicle);
    const driverText = String(get('driver') ?? '').trim();
    const driverId = driverText ? lookups.driverByKey(driverText) : undefined;
    if (driverText && driverId === undefined) fail('driver', t.unknown_driver);
    const place = (
      nameCol: ImportColumn,
      latCol: ImportColumn | undefined,
      lngCol: ImportColumn | undefined,
      timeCell: Cell,
      timeCol: ImportColumn,
    ): PlannedStopInput | undefined => {
      const name = String(get(nameCol) ?? '').trim();
      const lat = latCol ? numberOf(get(latCol)) : undefined;
      const lng = lngCol ? numberOf(get(lngCol)) : undefined;
      const plannedAt = timeOf(timeCell, lookups.timeZone);
      if (!plannedAt) fail(timeCol, timeCell === null ? t.required : t.bad_time);
      if (lat !== undefined && lng !== undefined) {
        return plannedAt ? { name, lat, lng, plannedAt } : undefined;
      }
      const poi = name ? lookups.poiByName(name) : undefined;
      if (!poi) {
        fail(nameCol, name ? t.unknown_place : t.required);
        return undefined;
      }
      return plannedAt
        ? {
            name,
            lat: poi.lat,
            lng: poi.lng,
            radiusM: Math.max(PLANNED_TRIP_LIMITS.minStopRadiusM, poi.radiusM),
            poiId: poi.id,
            plannedAt,
          }
        : undefined;
    };
    const origin = place('origin', 'origin_lat', 'origin_lng', get('start'), 'start');
    const waypoints: (PlannedStopInput | undefined)[] = [];
    const wpText = String(get('waypoints') ?? '').trim();
    if (wpText) {
      for (const part of wpText
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const bits = part.split('|').map((b) => b.trim());
        const time = timeOf(bits[bits.length - 1] ?? null, lookups.timeZone);
        if (!time) {
          fail('waypoints', t.bad_waypoint);
          continue;
        }
        if (bits.length === 4) {
          const lat = numberOf(bits[1]!);
          const lng = numberOf(bits[2]!);
          if (lat === undefined || lng === undefined) fail('waypoints', t.bad_waypoint);
          else waypoints.push({ name: bits[0]!, lat, lng, plannedAt: time });
        } else if (bits.length === 2) {
          const poi = lookups.poiByName(bits[0]!);
          if (!poi) fail('waypoints', `${t.unknown_place}: ${bits[0]}`);
          else
            waypoints.push({
              name: bits[0]!,
              lat: poi.lat,
              lng: poi.lng,
              radiusM: Math.max(PLANNED_TRIP_LIMITS.minStopRadiusM, poi.radiusM),
              poiId: poi.id,
              plannedAt: time,
            });
        } else fail('waypoints', t.bad_waypoint);
      }
    }
    const destination = place(
      'destination',
      'destination_lat',
      'destination_lng',
      get('arrival'),
      'arrival',
    );
    const corridorCell = get('corridor_m');
    const corridorM = corridorCell === null ? undefined : numberOf(corridorCell);
    if (corridorCell !== null && corridorM === undefined) fail('corridor_m', t.not_a_number);
    if (errors.length > before || vehicleId === undefined || !origin || !destination) continue;
    const nameCell = String(get('name') ?? '').trim();
    const stops = [origin, ...(waypoints as PlannedStopInput[]), destination];
    rows.push({
      row,
      input: {
        vehicleId,
        driverId: driverId ?? null,
        name: nameCell || `${origin.name || '·'} → ${destination.name || '·'}`,
        stops,
        routeSource: 'stops',
        ...(corridorM === undefined ? {} : { corridorM }),
      },
      stopColumns: ['origin', ...waypoints.map((): ImportColumn => 'waypoints'), 'destination'],
    });
  }
  return { rows, errors, dataRows };
}
