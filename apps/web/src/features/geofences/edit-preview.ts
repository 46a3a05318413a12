import { zoneFeatures } from '../../shared/geofences/zone-shapes';
import type { ZoneGeometry } from './geofence-form';

const NO_PREVIEW: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The band of a corridor being edited, at the typed width (nothing for other shapes). */
export function corridorPreview(
  geometry: ZoneGeometry | null,
  widthM: number | null,
  color: string,
): GeoJSON.FeatureCollection {
  if (geometry?.type !== 'LineString' || !widthM || Number.isNaN(widthM)) return NO_PREVIEW;
  return zoneFeatures([
    {
      id: -1,
      name: '',
      recordedat: '',
      geom: geometry,
      attributes: {},
      accessType: 'none',
      autoAsign: true,
      notify: false,
      color,
      speedLimit: null,
      width: widthM,
      radius: null,
      vehicles: [],
      groups: [],
    },
  ]);
}
