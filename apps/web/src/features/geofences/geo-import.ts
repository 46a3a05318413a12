import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import {
  ACCESS_TYPES,
  DEFAULT_GEOFENCE_COLOR,
  geofenceSaveInput,
  type AccessType,
  type GeofenceSaveInput,
  type Geometry,
  type InterestPointCreateInput,
} from '@rumbo/contracts';
import { circleOf } from '../../shared/geofences/zone-shapes';
import { DEFAULT_CORRIDOR_WIDTH_M } from './geofence-form';
import { DEFAULT_POI_RADIUS_M } from './poi-form';

/** Largest file accepted (a country's zones in KML stay well under it). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Most items saved from one file (each is one `save` call). */
export const MAX_IMPORT_ITEMS = 500;

export type ImportErrorCode =
  'type' | 'size' | 'empty' | 'json' | 'geojson' | 'kml' | 'nothing' | 'too_many' | 'read';

/** A file refused as a whole: `code` names the `geofences.import_errors.*` message. */
export class GeoImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    readonly values: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'GeoImportError';
  }
}

/** One item of a file that cannot be saved, by its name, with the contract's reason. */
export interface SkippedItem {
  name: string;
  reason: string;
}

/** A point of interest of a file; `typeKey` (a type's code or name) picks the tenant's type. */
export interface ImportedPoi {
  body: InterestPointCreateInput;
  typeKey: string | null;
}

export interface GeoImport {
  geofences: GeofenceSaveInput[];
  pois: ImportedPoi[];
  /** Items with a shape the app does not keep (none, multi-points…) or a refused geometry. */
  skipped: SkippedItem[];
}

type FileKind = 'geojson' | 'kml';

/** The file's format from its name (and type); null when it is neither GeoJSON nor KML. */
export function fileKind(file: Pick<File, 'name' | 'type'>): FileKind | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.kml') || file.type === 'application/vnd.google-earth.kml+xml') return 'kml';
  if (name.endsWith('.geojson') || name.endsWith('.json')) return 'geojson';
  if (file.type === 'application/geo+json' || file.type === 'application/json') return 'geojson';
  return null;
}

/** Checks a file's type and size, reads it and turns it into what can be saved. */
export async function readGeoFile(file: File): Promise<GeoImport> {
  const kind = fileKind(file);
  if (!kind) throw new GeoImportError('type');
  if (file.size > MAX_IMPORT_BYTES) {
    throw new GeoImportError('size', { size: `${(file.size / 1024 / 1024).toFixed(1)} MB` });
  }
  if (file.size === 0) throw new GeoImportError('empty');
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new GeoImportError('read');
  }
  return parseGeoText(text, kind);
}

/** Parses a GeoJSON or KML text into geofences and points of interest. */
export function parseGeoText(text: string, kind: FileKind): GeoImport {
  if (text.trim() === '') throw new GeoImportError('empty');
  const features = kind === 'kml' ? kmlFeatures(text) : geoJsonFeatures(text);
  const result: GeoImport = { geofences: [], pois: [], skipped: [] };
  let unnamed = 0;
  for (const feature of features) {
    const props = (feature.properties ?? {}) as Record<string, unknown>;
    const baseName = nameOf(props) ?? `#${++unnamed}`;
    const parts = flatten(feature.geometry);
    if (parts.length === 0) {
      result.skipped.push({ name: baseName, reason: 'geometry' });
      continue;
    }
    parts.forEach((geometry, i) => {
      const name = parts.length > 1 ? `${baseName} (${i + 1})` : baseName;
      if (geometry.type === 'Point' && !isCircle(props)) {
        result.pois.push(poiOf(name, geometry, props));
        return;
      }
      const save = geofenceOf(name, geometry, props);
      const checked = geofenceSaveInput.safeParse(save);
      if (checked.success) result.geofences.push(save);
      else result.skipped.push({ name, reason: checked.error.issues[0]?.message ?? 'invalid' });
    });
  }
  const total = result.geofences.length + result.pois.length;
  if (total === 0 && result.skipped.length === 0) throw new GeoImportError('nothing');
  if (total > MAX_IMPORT_ITEMS) {
    throw new GeoImportError('too_many', { count: total, max: MAX_IMPORT_ITEMS });
  }
  return result;
}

function geoJsonFeatures(text: string): GeoJSON.Feature[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new GeoImportError('json');
  }
  const object = data as { type?: unknown; features?: unknown; geometry?: unknown };
  if (!object || typeof object !== 'object') throw new GeoImportError('geojson');
  if (object.type === 'FeatureCollection' && Array.isArray(object.features)) {
    return (object.features as unknown[]).filter(isFeature);
  }
  if (isFeature(object)) return [object];
  if (isGeometry(object)) return [{ type: 'Feature', properties: {}, geometry: object }];
  throw new GeoImportError('geojson');
}

function kmlFeatures(text: string): GeoJSON.Feature[] {
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0 || root.localName !== 'kml') {
    throw new GeoImportError('kml');
  }
  return kmlToGeoJson(doc).features.filter(isFeature);
}

function isFeature(value: unknown): value is GeoJSON.Feature {
  const f = value as { type?: unknown; geometry?: unknown } | null;
  return !!f && f.type === 'Feature' && (f.geometry === null || isGeometry(f.geometry));
}

const GEOMETRY_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
];

function isGeometry(value: unknown): value is GeoJSON.Geometry {
  const g = value as { type?: unknown; coordinates?: unknown; geometries?: unknown } | null;
  if (!g || typeof g.type !== 'string' || !GEOMETRY_TYPES.includes(g.type)) return false;
  return g.type === 'GeometryCollection'
    ? Array.isArray(g.geometries)
    : Array.isArray(g.coordinates);
}

type Part = Geometry;

const position = (p: GeoJSON.Position): [number, number] => [Number(p[0]), Number(p[1])];

/** A geometry as the shapes Rumbo keeps (multi-geometries split; altitudes dropped). */
function flatten(geometry: GeoJSON.Geometry | null): Part[] {
  if (!geometry) return [];
  switch (geometry.type) {
    case 'Point':
      return [{ type: 'Point', coordinates: position(geometry.coordinates) }];
    case 'LineString':
      return [{ type: 'LineString', coordinates: geometry.coordinates.map(position) }];
    case 'Polygon':
      return [{ type: 'Polygon', coordinates: geometry.coordinates.map(closeRing) }];
    case 'MultiLineString':
      return geometry.coordinates.map((c) => ({
        type: 'LineString',
        coordinates: c.map(position),
      }));
    case 'MultiPolygon':
      return geometry.coordinates.map((c) => ({ type: 'Polygon', coordinates: c.map(closeRing) }));
    case 'MultiPoint':
      return geometry.coordinates.map((c) => ({ type: 'Point', coordinates: position(c) }));
    case 'GeometryCollection':
      return geometry.geometries.flatMap(flatten);
  }
}

/** A ring with its first position repeated at the end (some tools leave rings open). */
function closeRing(ring: GeoJSON.Position[]): [number, number][] {
  const out = ring.map(position);
  const first = out[0];
  const last = out.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push(first);
  return out;
}

function nameOf(props: Record<string, unknown>): string | null {
  for (const key of ['name', 'nombre', 'Name', 'NAME', 'title']) {
    const value = props[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 100);
    if (typeof value === 'number') return String(value);
  }
  return null;
}

function numberOf(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** Rumbo's own exports mark circles; other files' points are places (POIs). */
function isCircle(props: Record<string, unknown>): boolean {
  return props.rumboType === 'geofence' || props.kind === 'circle';
}

/** Keys of styles and of Rumbo's own fields: not free attributes. */
const RESERVED = new Set([
  'name',
  'nombre',
  'Name',
  'NAME',
  'title',
  'description',
  'descripcion',
  'styleUrl',
  'styleHash',
  'styleMapHash',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'fill',
  'fill-opacity',
  'icon',
  'icon-scale',
  'icon-offset',
  'icon-offset-units',
  'label-scale',
  'visibility',
  'timestamp',
  'rumboType',
  'kind',
  'id',
  'accessType',
  'autoAsign',
  'speedLimit',
  'attributes',
  'color',
  'vehicles',
  'groups',
  'width',
  'radius',
  'poiType',
  'radio',
  'idCliente',
  'idInterestPointType',
]);

function attributesOf(props: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const own = props.attributes;
  const source =
    own && typeof own === 'object' && !Array.isArray(own)
      ? (own as Record<string, unknown>)
      : Object.fromEntries(Object.entries(props).filter(([k]) => !RESERVED.has(k)));
  for (const [key, value] of Object.entries(source)) {
    if (Object.keys(out).length >= 50) break;
    const name = key.trim().slice(0, 64);
    const scalar =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (name === '' || !scalar) continue;
    out[name] = String(value).slice(0, 500);
  }
  return out;
}

function colorOf(props: Record<string, unknown>): string {
  for (const key of ['color', 'fill', 'stroke']) {
    const value = props[key];
    if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  }
  return DEFAULT_GEOFENCE_COLOR;
}

function geofenceOf(
  name: string,
  geometry: Part,
  props: Record<string, unknown>,
): GeofenceSaveInput {
  const access = props.accessType as AccessType;
  const speed = numberOf(props.speedLimit);
  let shape: Part = geometry;
  let radius = numberOf(props.radius);
  // A circle exported to KML is its ring; its centre comes back from the ring.
  if (geometry.type === 'Polygon' && props.kind === 'circle') {
    const circle = circleOf(geometry.coordinates[0] ?? []);
    shape = { type: 'Point', coordinates: circle.center };
    radius ??= circle.radiusM;
  }
  return {
    type: 'Feature',
    geometry: shape,
    properties: {
      name,
      accessType: ACCESS_TYPES.includes(access) ? access : 'none',
      autoAsign: props.autoAsign === false || props.autoAsign === 'false' ? false : true,
      speedLimit: speed === null ? null : Math.round(speed),
      attributes: attributesOf(props),
      color: colorOf(props),
      vehicles: [],
      groups: [],
      ...(shape.type === 'LineString'
        ? { width: numberOf(props.width) ?? DEFAULT_CORRIDOR_WIDTH_M }
        : {}),
      ...(shape.type === 'Point' ? { radius: radius ?? 200 } : {}),
    },
  };
}

function poiOf(
  name: string,
  geometry: Extract<Geometry, { type: 'Point' }>,
  props: Record<string, unknown>,
): ImportedPoi {
  const description = props.descripcion ?? props.description;
  const client = numberOf(props.idCliente);
  const type = props.poiType ?? props.type;
  const body: InterestPointCreateInput = {
    nombre: name,
    descripcion: typeof description === 'string' ? description.slice(0, 1000) : '',
    radio: numberOf(props.radio) ?? numberOf(props.radius) ?? DEFAULT_POI_RADIUS_M,
    idCliente: client !== null && Number.isInteger(client) && client > 0 ? client : null,
    geom: {
      type: 'Point',
      coordinates: [geometry.coordinates[0] ?? 0, geometry.coordinates[1] ?? 0],
    },
  };
  return { body, typeKey: typeof type === 'string' && type.trim() !== '' ? type.trim() : null };
}
