import {
  DEFAULT_GEOFENCE_COLOR,
  GEOFENCE_LIMITS,
  geofenceSaveInput,
  type AccessType,
  type Geofence,
  type GeofenceSaveInput,
  type Geometry,
} from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';

/** A geofence's shape as the form holds it: a circle keeps its radius beside its centre. */
export type ZoneGeometry = Geometry;
export type PointGeometry = Extract<Geometry, { type: 'Point' }>;

export interface AttributeRow {
  key: string;
  value: string;
}

/** What the geofence form edits (text fields hold what was typed). */
export interface GeofenceFormValues {
  id?: number;
  name: string;
  color: string;
  accessType: AccessType;
  speedLimit: string;
  /** Corridor width, metres (text). */
  width: string;
  /** Circle radius, metres (text). */
  radius: string;
  attributes: AttributeRow[];
  autoAsign: boolean;
  /** Entry and exit raise alerts (issue 22). */
  notify: boolean;
  vehicles: number[];
  groups: number[];
  geometry: ZoneGeometry | null;
}

export type GeofenceFormErrors = Partial<Record<string, string>>;

export const DEFAULT_CORRIDOR_WIDTH_M = 100;
export const DEFAULT_CIRCLE_RADIUS_M = 200;

export function emptyGeofenceForm(): GeofenceFormValues {
  return {
    name: '',
    color: DEFAULT_GEOFENCE_COLOR,
    accessType: 'none',
    speedLimit: '',
    width: String(DEFAULT_CORRIDOR_WIDTH_M),
    radius: String(DEFAULT_CIRCLE_RADIUS_M),
    attributes: [],
    autoAsign: true,
    notify: false,
    vehicles: [],
    groups: [],
    geometry: null,
  };
}

/** The form of a saved geofence. */
export function geofenceToForm(g: Geofence): GeofenceFormValues {
  return {
    id: g.id,
    name: g.name,
    color: g.color,
    accessType: g.accessType,
    speedLimit: g.speedLimit === null ? '' : String(g.speedLimit),
    width: String(g.width ?? DEFAULT_CORRIDOR_WIDTH_M),
    radius: String(g.radius ?? DEFAULT_CIRCLE_RADIUS_M),
    attributes: Object.entries(g.attributes).map(([key, value]) => ({
      key,
      value: value === null ? '' : String(value),
    })),
    autoAsign: g.autoAsign,
    notify: g.notify,
    vehicles: [...g.vehicles],
    groups: [...g.groups],
    geometry: g.geom,
  };
}

/** Parses a typed number; '' is null, anything not a finite number NaN. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

function checkRange(
  errors: GeofenceFormErrors,
  field: string,
  text: string,
  min: number,
  max: number,
  t: TFunction,
  options: { required: boolean; integer?: boolean },
): number | null {
  const value = parseNumber(text);
  if (value === null) {
    if (options.required) errors[field] = t('geofences.errors.required');
    return null;
  }
  if (Number.isNaN(value)) errors[field] = t('geofences.errors.number');
  else if (options.integer && !Number.isInteger(value))
    errors[field] = t('geofences.errors.integer');
  else if (value < min || value > max) errors[field] = t('geofences.errors.range', { min, max });
  return value;
}

/** A geometry refusal of the shared contract, worded for the user (`validation.rule.*`). */
function geometryMessage(message: string, t: TFunction): string {
  const key = `validation.rule.${message}`;
  const text = t(key);
  return text === key ? message : text;
}

/**
 * Checks the form and builds the `save` Feature (decisions.md): the fields one by one with
 * messages for each, then the shared contract (`geofenceSaveInput`: closed rings, no crossing
 * edges, vertex limits), so the browser refuses what the server would.
 */
export function buildGeofenceFeature(
  values: GeofenceFormValues,
  t: TFunction,
): { feature: GeofenceSaveInput | null; errors: GeofenceFormErrors } {
  const errors: GeofenceFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = t('geofences.errors.required');
  else if (name.length > 100) errors.name = t('geofences.errors.max_length', { max: 100 });
  if (!/^#[0-9a-fA-F]{6}$/.test(values.color)) errors.color = t('geofences.errors.color');
  const speedLimit = checkRange(
    errors,
    'speedLimit',
    values.speedLimit,
    GEOFENCE_LIMITS.minSpeedLimit,
    GEOFENCE_LIMITS.maxSpeedLimit,
    t,
    { required: false, integer: true },
  );
  const geometry = values.geometry;
  let width: number | null = null;
  let radius: number | null = null;
  if (!geometry) errors.geometry = t('geofences.errors.no_geometry');
  else if (geometry.type === 'LineString') {
    width = checkRange(
      errors,
      'width',
      values.width,
      GEOFENCE_LIMITS.minWidth,
      GEOFENCE_LIMITS.maxWidth,
      t,
      { required: true },
    );
  } else if (geometry.type === 'Point') {
    radius = checkRange(
      errors,
      'radius',
      values.radius,
      GEOFENCE_LIMITS.minRadius,
      GEOFENCE_LIMITS.maxRadius,
      t,
      { required: true },
    );
  }
  const attributes: Record<string, string> = {};
  values.attributes.forEach((row, i) => {
    const key = row.key.trim();
    if (key === '' && row.value.trim() === '') return;
    if (key === '') errors[`attributes.${i}.key`] = t('geofences.errors.attribute_key');
    else if (key.length > 64)
      errors[`attributes.${i}.key`] = t('geofences.errors.max_length', { max: 64 });
    else if (key in attributes)
      errors[`attributes.${i}.key`] = t('geofences.errors.attribute_duplicate');
    else if (row.value.length > 500)
      errors[`attributes.${i}.value`] = t('geofences.errors.max_length', { max: 500 });
    else attributes[key] = row.value;
  });
  if (Object.keys(errors).length > 0 || !geometry) return { feature: null, errors };

  const feature: GeofenceSaveInput = {
    type: 'Feature',
    geometry,
    properties: {
      ...(values.id !== undefined ? { id: values.id } : {}),
      name,
      accessType: values.accessType,
      autoAsign: values.autoAsign,
      notify: values.notify,
      speedLimit,
      attributes,
      color: values.color.toLowerCase(),
      vehicles: values.autoAsign ? [] : values.vehicles,
      groups: values.autoAsign ? [] : values.groups,
      ...(width !== null ? { width } : {}),
      ...(radius !== null ? { radius } : {}),
    },
  };
  const checked = geofenceSaveInput.safeParse(feature);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where =
      issue?.path[0] === 'geometry' ? 'geometry' : String(issue?.path.at(-1) ?? 'geometry');
    errors[where] = geometryMessage(issue?.message ?? '', t);
    return { feature: null, errors };
  }
  return { feature, errors };
}

/** Lower-cased text a geofence is found by: name, access, attribute names and values. */
export function geofenceSearchText(g: Geofence, accessLabel: string): string {
  const attrs = Object.entries(g.attributes)
    .map(([k, v]) => `${k} ${v ?? ''}`)
    .join(' ');
  return `${g.name} ${accessLabel} ${attrs}`.toLowerCase();
}
