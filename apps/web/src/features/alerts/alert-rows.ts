import {
  ALERT_CODES_BY_GROUP,
  type AlertEvent,
  type AlertTypesAnswer,
  type Language,
  type Units,
  type Vehicle,
} from '@rumbo/contracts';
import { formatMeasure, formatNumber } from '../../shared/format/format';
import { convertFromBase, unitSymbol } from '../../shared/units/units';
import { matchesSearch } from '../../shared/table/table-model';
import { episodeDetails, episodeFactsText, type EpisodeDetails } from './alert-details';

// The alerts screen's model: stored events (`POST /v2/event/get_all`) joined with the catalogue
// (`POST /v2/alert/get_all_types`) and the fleet (groups), filtered, counted and formatted.

/** What an event's `value` measures, by code (contracts `eventSchema.value`). */
export type ValueKind = 'speed' | 'duration' | 'acceleration' | 'temperature' | 'voltage' | null;

const SPEED = new Set([...ALERT_CODES_BY_GROUP.speed]);
const DURATION = new Set(['D20', 'EDT', 'DTS', 'DZP', 'DAZ', 'DPI', 'NUM']);
const ACCELERATION = new Set(ALERT_CODES_BY_GROUP.driving);
const TEMPERATURE = new Set(['TSC', 'TIC', 'TFC', 'TCC']);

/** The kind of an event's value; codes are matched case-insensitively. */
export function valueKind(code: string): ValueKind {
  const c = code.toUpperCase();
  if (SPEED.has(c)) return 'speed';
  if (DURATION.has(c)) return 'duration';
  if (ACCELERATION.has(c)) return 'acceleration';
  if (TEMPERATURE.has(c)) return 'temperature';
  if (c === 'DFP') return 'voltage';
  return null;
}

/** `1 h 05 min`, `12 min`, `45 s`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** An event's value in the user's units (speed, temperature) with one decimal, or null. */
export function formatAlertValue(
  code: string,
  value: number | null,
  units: Units,
  language: Language,
): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  switch (valueKind(code)) {
    case 'speed':
      return formatMeasure('speed', value, units, language);
    case 'temperature':
      return formatMeasure('temperature', value, units, language);
    case 'duration':
      return formatDuration(value);
    case 'acceleration':
      return `${formatNumber(value, language)} m/s²`;
    case 'voltage':
      return `${formatNumber(value, language)} V`;
    case null:
      return formatNumber(value, language);
  }
}

/** The value as an Excel number in the user's unit (one decimal), and the unit's symbol. */
export function exportValue(
  code: string,
  value: number | null,
  units: Units,
): { value: number | null; unit: string } {
  const kind = valueKind(code);
  if (value === null || !Number.isFinite(value)) return { value: null, unit: '' };
  const round = (v: number) => Math.round(v * 10) / 10;
  switch (kind) {
    case 'speed':
      return {
        value: round(convertFromBase('speed', value, units.speed)),
        unit: unitSymbol('speed', units.speed),
      };
    case 'temperature':
      return {
        value: round(convertFromBase('temperature', value, units.temperature)),
        unit: unitSymbol('temperature', units.temperature),
      };
    case 'duration':
      return { value: Math.round(value), unit: 's' };
    case 'acceleration':
      return { value: round(value), unit: 'm/s²' };
    case 'voltage':
      return { value: round(value), unit: 'V' };
    case null:
      return { value: round(value), unit: '' };
  }
}

/** One row of the alerts table. */
export interface AlertRow {
  id: number;
  code: string;
  /** The type's description in the user's language (the code when the catalogue lacks it). */
  type: string;
  /** The type group's code (`speed`, `driving`…), null when the code is not in the catalogue. */
  typeGroup: string | null;
  vehicleId: number;
  plate: string;
  /** The vehicle's group, from the fleet (null: none or unknown). */
  groupId: number | null;
  groupName: string | null;
  /** The driver's name when registered, else the card code read, else null. */
  driver: string | null;
  driverCode: string | null;
  startTime: number;
  endTime: number | null;
  lat: number | null;
  lng: number | null;
  /** Where it happened, named by the server in the user's language (issue 23). */
  place: string | null;
  value: number | null;
  acknowledged: boolean;
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
  comment: string | null;
  /** What fired with the alert and is told inside it (issue 22); null when nothing. */
  details: EpisodeDetails | null;
}

/** Joins the events with the catalogue and the fleet. */
export function buildAlertRows(
  events: readonly AlertEvent[],
  types: AlertTypesAnswer | undefined,
  vehicles: readonly Vehicle[] | undefined,
): AlertRow[] {
  const groupCodes = new Map((types?.groups ?? []).map((g) => [g.ideventtypegroup, g.code]));
  const typesByCode = new Map((types?.types ?? []).map((t) => [t.code.toUpperCase(), t]));
  const fleet = new Map((vehicles ?? []).map((v) => [v.vehicleId, v]));
  return events.map((e) => {
    const type = typesByCode.get(e.code.toUpperCase());
    const vehicle = fleet.get(e.vehicleId);
    return {
      id: e.id,
      code: e.code.toUpperCase(),
      type: type?.description ?? e.code,
      typeGroup: type ? (groupCodes.get(type.ideventtypegroup) ?? null) : null,
      vehicleId: e.vehicleId,
      plate: e.plate,
      groupId: vehicle?.groupId ?? null,
      groupName: vehicle?.groupName ?? null,
      driver: e.driverName ?? e.codigoChofer ?? null,
      driverCode: e.codigoChofer,
      startTime: e.startTime,
      endTime: e.endTime,
      lat: e.lat,
      lng: e.lng,
      place: e.place ?? null,
      value: e.value,
      acknowledged: e.acknowledgedAt !== null,
      acknowledgedAt: e.acknowledgedAt,
      acknowledgedBy: e.acknowledgedBy,
      comment: e.comment,
      details: episodeDetails(e.data, (code) => typesByCode.get(code)?.description ?? code),
    };
  });
}

/** The screen's filters; '' means all. `group` is a vehicle group id or `none`. */
export interface AlertFilters {
  vehicle: string;
  group: string;
  typeGroup: string;
  type: string;
  /** `pending` (not acknowledged), `done`, or '' for both. */
  handled: string;
  search: string;
}

export const NO_FILTERS: AlertFilters = {
  vehicle: '',
  group: '',
  typeGroup: '',
  type: '',
  handled: '',
  search: '',
};

/** The filters the address holds (`?vehicle=&group=&typeGroup=&type=&handled=&q=`). */
export function filtersFromParams(params: URLSearchParams): AlertFilters {
  return {
    vehicle: params.get('vehicle') ?? '',
    group: params.get('group') ?? '',
    typeGroup: params.get('typeGroup') ?? '',
    type: params.get('type') ?? '',
    handled: params.get('handled') ?? '',
    search: params.get('q') ?? '',
  };
}

/** The filters other than the search, as predicates (the type count ignores the type filter). */
function predicates(filters: AlertFilters, ignoreType = false): ((row: AlertRow) => boolean)[] {
  const out: ((row: AlertRow) => boolean)[] = [];
  if (filters.vehicle) out.push((row) => String(row.vehicleId) === filters.vehicle);
  if (filters.group) {
    out.push((row) =>
      filters.group === 'none' ? row.groupId === null : String(row.groupId) === filters.group,
    );
  }
  if (filters.typeGroup) out.push((row) => row.typeGroup === filters.typeGroup);
  if (filters.type && !ignoreType) out.push((row) => row.code === filters.type.toUpperCase());
  if (filters.handled === 'pending') out.push((row) => !row.acknowledged);
  if (filters.handled === 'done') out.push((row) => row.acknowledged);
  return out;
}

/** The texts the search looks into: type, code, plate, driver, group, comment, details. */
export function alertSearchTexts(row: AlertRow): (string | null)[] {
  return [
    row.type,
    row.code,
    row.plate,
    row.driver,
    row.driverCode,
    row.groupName,
    row.comment,
    episodeFactsText(row.details),
  ];
}

/** The rows passing every filter and the search, newest first. */
export function filterAlertRows(rows: readonly AlertRow[], filters: AlertFilters): AlertRow[] {
  const accept = predicates(filters);
  return rows
    .filter(
      (row) => accept.every((p) => p(row)) && matchesSearch(alertSearchTexts(row), filters.search),
    )
    .sort((a, b) => b.startTime - a.startTime || b.id - a.id);
}

/** One chip of the counts by type. */
export interface TypeCount {
  code: string;
  type: string;
  count: number;
}

/**
 * How many events of each type pass the other filters and the search (the type filter itself is
 * left out, so every chip keeps its count while one is chosen); most frequent first.
 */
export function countByType(rows: readonly AlertRow[], filters: AlertFilters): TypeCount[] {
  const accept = predicates(filters, true);
  const counts = new Map<string, TypeCount>();
  for (const row of rows) {
    if (!accept.every((p) => p(row)) || !matchesSearch(alertSearchTexts(row), filters.search))
      continue;
    const entry = counts.get(row.code) ?? { code: row.code, type: row.type, count: 0 };
    entry.count += 1;
    counts.set(row.code, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

const TRAVEL_PATH = '/app/map/travel_consultation';
/** Minutes of route shown before and after an alert in the travel consultation. */
export const TRAVEL_MARGIN_MS = 30 * 60_000;

/**
 * The travel consultation of the alert's vehicle around its moment
 * (`/app/map/travel_consultation/{id}/{from}/{to}`, epoch ms; decision 0011).
 */
export function travelLink(row: Pick<AlertRow, 'vehicleId' | 'startTime' | 'endTime'>): string {
  const from = Math.round(row.startTime - TRAVEL_MARGIN_MS);
  const to = Math.round((row.endTime ?? row.startTime) + TRAVEL_MARGIN_MS);
  return `${TRAVEL_PATH}/${row.vehicleId}/${from}/${to}`;
}

/** Where an alert happened: the server's place name, else the coordinates. */
export function rowPlace(row: Pick<AlertRow, 'place' | 'lat' | 'lng'>): string {
  return row.place || formatPlace(row.lat, row.lng);
}

/** `-34.60312, -58.38157`: the place as coordinates (five decimals, about a metre). */
export function formatPlace(lat: number | null, lng: number | null): string {
  if (lat === null || lng === null) return '';
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}
