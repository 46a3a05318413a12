import type { Geofence, InterestPoint, InterestPointType } from '@rumbo/contracts';
import { circleRing } from '../../shared/geofences/zone-shapes';
import { downloadBlob } from '../../shared/export/export-excel';

/**
 * Exports of the tenant's zones and points of interest. GeoJSON keeps each geofence as the
 * Feature `save` takes (a circle is its centre and `radius`, a corridor its line and `width`)
 * plus `rumboType`; KML has no circles or widths, so a circle is its ring and both carry their
 * measure in ExtendedData (`kind`, `radius`, `width`), which the import reads back.
 */

function typeKeyOf(p: InterestPoint, types: readonly InterestPointType[]): string | null {
  const type = types.find((t) => t.idInterestPointType === p.idInterestPointType);
  return type ? (type.code ?? type.nombre) : null;
}

export function toGeoJson(
  geofences: readonly Geofence[],
  pois: readonly InterestPoint[],
  types: readonly InterestPointType[] = [],
): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = geofences.map((g) => ({
    type: 'Feature',
    geometry: g.geom,
    properties: {
      rumboType: 'geofence',
      id: g.id,
      name: g.name,
      accessType: g.accessType,
      autoAsign: g.autoAsign,
      speedLimit: g.speedLimit,
      attributes: g.attributes,
      color: g.color,
      vehicles: g.vehicles,
      groups: g.groups,
      ...(g.geom.type === 'LineString' ? { width: g.width } : {}),
      ...(g.geom.type === 'Point' ? { radius: g.radius } : {}),
    },
  }));
  for (const p of pois) {
    features.push({
      type: 'Feature',
      geometry: p.geom,
      properties: {
        rumboType: 'poi',
        idInterestPoint: p.idInterestPoint,
        name: p.nombre,
        poiType: typeKeyOf(p, types),
        descripcion: p.descripcion,
        radio: p.radio,
        idCliente: p.idCliente,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text made safe for XML content and attributes. */
export function escapeXml(text: string): string {
  // Characters XML 1.0 does not allow are dropped.
  return (
    text
      // eslint-disable-next-line no-control-regex -- exactly those characters are matched
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)
  );
}

/** `#rrggbb` with an opacity as KML's `aabbggrr`. */
export function kmlColor(hex: string, opacity: number): string {
  const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  const [r, g, b] = rgb ? [rgb[1]!, rgb[2]!, rgb[3]!] : ['1e', '88', 'e5'];
  const a = Math.round(Math.max(0, Math.min(1, opacity)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `${a}${b}${g}${r}`.toLowerCase();
}

const coords = (positions: readonly (readonly number[])[]) =>
  positions.map((p) => `${p[0]},${p[1]}`).join(' ');

function polygonKml(rings: readonly (readonly (readonly number[])[])[]): string {
  const [outer, ...inner] = rings;
  return (
    `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coords(outer ?? [])}</coordinates></LinearRing></outerBoundaryIs>` +
    inner
      .map(
        (r) =>
          `<innerBoundaryIs><LinearRing><coordinates>${coords(r)}</coordinates></LinearRing></innerBoundaryIs>`,
      )
      .join('') +
    '</Polygon>'
  );
}

function extendedData(values: Record<string, unknown>): string {
  const rows = Object.entries(values)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `<Data name="${escapeXml(k)}"><value>${escapeXml(String(v))}</value></Data>`);
  return rows.length > 0 ? `<ExtendedData>${rows.join('')}</ExtendedData>` : '';
}

function geofencePlacemark(g: Geofence): string {
  let geometry: string;
  let kind: string;
  if (g.geom.type === 'Polygon') {
    geometry = polygonKml(g.geom.coordinates);
    kind = 'polygon';
  } else if (g.geom.type === 'LineString') {
    geometry = `<LineString><coordinates>${coords(g.geom.coordinates)}</coordinates></LineString>`;
    kind = 'corridor';
  } else {
    geometry = polygonKml([circleRing(g.geom.coordinates, g.radius ?? 200, 64)]);
    kind = 'circle';
  }
  const style =
    `<Style><LineStyle><color>${kmlColor(g.color, 1)}</color><width>2</width></LineStyle>` +
    `<PolyStyle><color>${kmlColor(g.color, 0.3)}</color></PolyStyle></Style>`;
  const attributes = Object.fromEntries(Object.entries(g.attributes).map(([k, v]) => [k, v]));
  const data = extendedData({
    ...attributes,
    rumboType: 'geofence',
    kind,
    accessType: g.accessType,
    autoAsign: g.autoAsign,
    speedLimit: g.speedLimit,
    color: g.color,
    width: kind === 'corridor' ? g.width : null,
    radius: kind === 'circle' ? g.radius : null,
  });
  return `<Placemark><name>${escapeXml(g.name)}</name>${style}${data}${geometry}</Placemark>`;
}

function poiPlacemark(p: InterestPoint, types: readonly InterestPointType[]): string {
  const data = extendedData({
    rumboType: 'poi',
    kind: 'poi',
    poiType: typeKeyOf(p, types),
    radio: p.radio,
    idCliente: p.idCliente,
  });
  const description = p.descripcion ? `<description>${escapeXml(p.descripcion)}</description>` : '';
  return (
    `<Placemark><name>${escapeXml(p.nombre)}</name>${description}${data}` +
    `<Point><coordinates>${p.geom.coordinates[0]},${p.geom.coordinates[1]}</coordinates></Point></Placemark>`
  );
}

/** A KML 2.2 document with two folders: geofences and points of interest. */
export function toKml(
  geofences: readonly Geofence[],
  pois: readonly InterestPoint[],
  types: readonly InterestPointType[] = [],
  names: { document: string; geofences: string; pois: string } = {
    document: 'Rumbo',
    geofences: 'Geofences',
    pois: 'Points of interest',
  },
): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
    `<name>${escapeXml(names.document)}</name>` +
    `<Folder><name>${escapeXml(names.geofences)}</name>${geofences.map(geofencePlacemark).join('\n')}</Folder>` +
    `<Folder><name>${escapeXml(names.pois)}</name>${pois.map((p) => poiPlacemark(p, types)).join('\n')}</Folder>` +
    '</Document></kml>\n'
  );
}

/** Offers a text as a file download. */
export function downloadText(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}
