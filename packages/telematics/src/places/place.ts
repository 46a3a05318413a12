import type { PlaceHits, PoiHit, ZoneHit } from '../detectors/detector.js';
// A fact's place (issue 23, docs/decisions/0031-places.md): stored structured, language-neutral,
// on each trip end, stop, alert, idle period, fault and plan arrival, and rendered in the reader's
// language when read ("7 km NO de Villa María, Córdoba" / "7 km NW of Villa María, Córdoba").
// Pure: the gazetteer's data and the country names are loaded by the server.

const RAD = Math.PI / 180;

/** Where a position is, as the geocoder named it. */
export interface Place {
  /**
   * `zone`/`poi`: the tenant's own geofence or point of interest (its `name`); `locality`: the
   * nearest populated place of the embedded gazetteer; `address`: a street address from the
   * configured engine (Nominatim, Photon).
   */
  kind: 'zone' | 'poi' | 'locality' | 'address';
  /** The zone's or POI's name, or the street and number of an address. */
  name?: string;
  /** Town or city. */
  locality?: string;
  /** Province or state. */
  admin?: string;
  /** ISO 3166-1 alpha-2 country code. */
  country?: string;
  /** Distance from the locality when not inside it, metres. */
  distanceM?: number;
  /** Direction from the locality to the position, degrees clockwise from north. */
  bearingDeg?: number;
  /** An engine's address as it answered in each language (street, locality, province). */
  labels?: Partial<Record<'es' | 'en', PlaceLabels>>;
  /** The configured engine was asked about this position and had no address for it. */
  checked?: true;
}

/** The texts of a place in one language. */
export interface PlaceLabels {
  name?: string;
  locality?: string;
  admin?: string;
}

/** Within this distance of a locality's point a position is "in" it (no distance shown). */
export const INSIDE_LOCALITY_M = 1_500;

/** Initial great-circle bearing from (lat1, lng1) to (lat2, lng2), degrees in [0, 360). */
export function bearingDeg(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const φ1 = lat1 * RAD;
  const φ2 = lat2 * RAD;
  const Δλ = (lng2 - lng1) * RAD;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const deg = Math.atan2(y, x) / RAD;
  return (deg + 360) % 360;
}

const COMPASS = {
  es: ['N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'],
  en: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
} as const;

/** The eight-point compass direction of a bearing, in a language ("NO" / "NW"). */
export function compassPoint(bearing: number, lang: 'es' | 'en'): string {
  const i = Math.round((((bearing % 360) + 360) % 360) / 45) % 8;
  return COMPASS[lang][i]!;
}

/** "7 km", "800 m" (whole kilometres from 10 km, one decimal below). */
export function formatDistance(metres: number, lang: 'es' | 'en'): string {
  if (metres < 1_000) return `${Math.round(metres / 100) * 100 || 100} m`;
  const km = metres < 10_000 ? Math.round(metres / 100) / 10 : Math.round(metres / 1000);
  return `${lang === 'es' ? String(km).replace('.', ',') : String(km)} km`;
}

export interface FormatPlaceOptions {
  /** Country name of an ISO code in the language; the country is left out without it. */
  countryName?: (code: string) => string | undefined;
}

/**
 * A place as a line of text in a language: the tenant's place by its name, an address with its
 * locality, a locality with its province (and the distance and direction when outside it).
 */
export function formatPlace(
  place: Place,
  lang: 'es' | 'en',
  options: FormatPlaceOptions = {},
): string {
  const labels = place.labels?.[lang];
  if (labels) place = { ...place, ...labels };
  const parts: string[] = [];
  if (place.kind === 'zone' || place.kind === 'poi') {
    parts.push(place.name ?? '');
  } else if (place.kind === 'address') {
    if (place.name) parts.push(place.name);
    if (place.locality) parts.push(place.locality);
    if (place.admin) parts.push(place.admin);
  } else {
    let locality = place.locality ?? '';
    if (place.distanceM !== undefined && place.distanceM >= INSIDE_LOCALITY_M) {
      const dir = compassPoint(place.bearingDeg ?? 0, lang);
      const distance = formatDistance(place.distanceM, lang);
      locality =
        lang === 'es' ? `${distance} ${dir} de ${locality}` : `${distance} ${dir} of ${locality}`;
    }
    parts.push(locality);
    if (place.admin && place.admin !== place.locality) parts.push(place.admin);
  }
  const country = place.country ? options.countryName?.(place.country) : undefined;
  if (country && place.kind !== 'zone' && place.kind !== 'poi') parts.push(country);
  return parts.filter((p) => p.length > 0).join(', ');
}

/** Whether a value read back from storage is a place (stored JSON is checked before use). */
export function isPlace(value: unknown): value is Place {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'zone' || kind === 'poi' || kind === 'locality' || kind === 'address';
}

/** A gazetteer entry the nearest-locality search found. */
export interface Locality {
  name: string;
  lat: number;
  lng: number;
  admin?: string;
  country?: string;
}

/** A position named by its nearest locality, with the distance and direction from it. */
export function localityPlace(
  lat: number,
  lng: number,
  locality: Locality,
  distanceM: number,
): Place {
  const place: Place = { kind: 'locality', locality: locality.name };
  if (locality.admin) place.admin = locality.admin;
  if (locality.country) place.country = locality.country;
  if (distanceM >= INSIDE_LOCALITY_M) {
    place.distanceM = Math.round(distanceM);
    place.bearingDeg = Math.round(bearingDeg(locality.lat, locality.lng, lat, lng));
  }
  return place;
}

/**
 * The tenant's own place among a position's hits, named: the nearest POI whose radius holds it,
 * else the geofence it is least deep inside (the innermost of nested zones, usually).
 */
export function tenantPlaceOf(
  hits: PlaceHits,
  names: { zone(id: number): string | undefined; poi(id: number): string | undefined },
): Place | undefined {
  let poi: PoiHit | undefined;
  for (const hit of hits.pois) {
    if (hit.distanceM <= hit.radiusM && (!poi || hit.distanceM < poi.distanceM)) poi = hit;
  }
  const poiName = poi && names.poi(poi.id);
  if (poiName) return { kind: 'poi', name: poiName };
  let zone: ZoneHit | undefined;
  for (const hit of hits.zones) {
    if (hit.depthM >= 0 && (!zone || hit.depthM < zone.depthM)) zone = hit;
  }
  const zoneName = zone && names.zone(zone.id);
  return zoneName ? { kind: 'zone', name: zoneName } : undefined;
}
