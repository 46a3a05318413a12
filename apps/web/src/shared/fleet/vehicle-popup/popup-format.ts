import type { Language, LastInfo, Units, Vehicle } from '@rumbo/contracts';
import { formatMeasure, formatNumber } from '../../format/format';
import { lacksCanData } from '../can-data';

/** Spec §9: the copy check mark shows for 2 s. */
export const COPY_CHECK_MS = 2000;

export type PopupField =
  | 'plate'
  | 'chassis'
  | 'description'
  | 'implements'
  | 'brand_model_year'
  | 'group'
  | 'mileage'
  | 'engine_hours'
  | 'urea';

export interface PopupRow {
  field: PopupField;
  value: string;
  /** True when the value is the no-info text. */
  missing: boolean;
}

export interface PopupFormatOptions {
  units: Units;
  language: Language;
  /** The no-info text in the UI language. */
  noInfo: string;
  /** The text of the CAN-bus values of a vehicle that cannot have them (a phone). */
  noCan: string;
  /** The translated label of a vehicle kind. */
  kindLabel: (kind: Vehicle['kind']) => string;
}

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** Engine hours: the number followed by `hs` (spec §2). */
export function formatEngineHours(hours: number, language: Language): string {
  return `${formatNumber(hours, language)} hs`;
}

/** Urea (AdBlue) level: the number followed by `%` (spec §2). */
export function formatUrea(percent: number, language: Language): string {
  return `${formatNumber(percent, language)} %`;
}

/** Kind, plus the description text when it is not blank. */
export function formatDescription(
  kind: Vehicle['kind'],
  description: string,
  kindLabel: PopupFormatOptions['kindLabel'],
): string {
  const label = kindLabel(kind);
  return blank(description) ? label : `${label} · ${description.trim()}`;
}

/** Brand / model / model year, skipping the parts that are missing; null when all are. */
export function formatBrandModelYear(
  brand: string | null,
  model: string | null,
  year: number | null,
): string | null {
  const parts = [brand?.trim(), model?.trim(), year === null ? '' : String(year)].filter(
    (part): part is string => Boolean(part),
  );
  return parts.length > 0 ? parts.join(' / ') : null;
}

/**
 * The rows of the vehicle popup (spec §2), in order. Without last info, implements, brand / model
 * / year, mileage, engine hours and urea show the no-info text; so does any value the last info
 * lacks. A vehicle whose device is a phone shows the no-CAN text for the CAN-bus values (mileage,
 * engine hours, urea). Mileage is converted to the user's distance unit.
 */
export function vehiclePopupRows(
  vehicle: Pick<Vehicle, 'plate' | 'vim' | 'kind' | 'description' | 'groupName' | 'deviceProtocol'>,
  info: LastInfo | null | undefined,
  options: PopupFormatOptions,
): PopupRow[] {
  const { noInfo, language, units } = options;
  const row = (field: PopupField, value: string | null): PopupRow =>
    value === null || blank(value)
      ? { field, value: noInfo, missing: true }
      : { field, value, missing: false };
  const number = (value: number | null | undefined, format: (n: number) => string) =>
    info && value !== null && value !== undefined && Number.isFinite(value) ? format(value) : null;
  const noCan = lacksCanData(vehicle);
  const can = (field: PopupField, value: string | null): PopupRow =>
    noCan ? { field, value: options.noCan, missing: true } : row(field, value);
  return [
    row('plate', vehicle.plate),
    row('chassis', vehicle.vim),
    row('description', formatDescription(vehicle.kind, vehicle.description, options.kindLabel)),
    row('implements', info ? info.implementos : null),
    row(
      'brand_model_year',
      info ? formatBrandModelYear(info.marca, info.modelo, info.modelyear) : null,
    ),
    row('group', vehicle.groupName),
    can(
      'mileage',
      number(info?.fms1.odometro, (km) => formatMeasure('distance', km, units, language)),
    ),
    can(
      'engine_hours',
      number(info?.fms4.engineHours, (h) => formatEngineHours(h, language)),
    ),
    can(
      'urea',
      number(info?.fms1.ureaLevel, (pct) => formatUrea(pct, language)),
    ),
  ];
}
