import { useTheme } from '@mui/material/styles';
import { LngLatBounds, type Map as MapLibre } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { BaseMap } from '../../../shared/map/base-map';
import {
  addEditPreviewLayer,
  addZoneLayers,
  setEditPreview,
  CLICKABLE_ZONE_LAYERS,
  setZoneData,
  zoneAt,
} from '../../../shared/geofences/zone-layers';
import type { DrawController } from '../draw-controller';

/** A request to show an area: a new `key` fits again. */
export interface FitRequest {
  key: string;
  bbox: [number, number, number, number];
}

/**
 * The geofence screen's map: the saved zones and POIs as one GeoJSON source (fill, line and
 * symbol layers, no DOM markers), the drawing tool for the one being edited, clicks on a zone
 * or POI reported while nothing is being edited.
 */
export function GeofenceMap({
  data,
  preview,
  controller,
  picking,
  onPick,
  fit,
  label,
  children,
}: {
  data: GeoJSON.FeatureCollection;
  /** What the drawing tool does not show of the edited zone (a corridor's width). */
  preview: GeoJSON.FeatureCollection;
  controller: DrawController;
  /** True when a click picks a zone (no form open). */
  picking: boolean;
  onPick: (hit: { kind: 'geofence' | 'poi'; id: number }) => void;
  fit: FitRequest | null;
  label: string;
  children?: ReactNode;
}) {
  const theme = useTheme();
  const [map, setMap] = useState<MapLibre | null>(null);
  const dark = theme.palette.mode === 'dark';
  const latest = useRef({ data, preview, picking, onPick, dark });
  const poiColor = theme.palette.secondary.main;
  useEffect(() => {
    latest.current = { data, preview, picking, onPick, dark };
  });

  const onStyleLoad = useCallback(
    (m: MapLibre) => {
      const { data: current, preview: edited, dark: isDark } = latest.current;
      addZoneLayers(m, { dark: isDark, poiColor }, current);
      addEditPreviewLayer(m, edited);
      // The drawing tool's layers go on top; a style switch removed them, so it starts again.
      controller.attach(m);
    },
    [controller, poiColor],
  );

  const onMap = useCallback(
    (m: MapLibre | null) => {
      setMap(m);
      if (!m) {
        controller.detach();
        return;
      }
      m.on('click', (event) => {
        if (!latest.current.picking) return;
        const hit = zoneAt(m, event);
        if (hit) latest.current.onPick(hit);
      });
      for (const layer of CLICKABLE_ZONE_LAYERS) {
        m.on('mouseenter', layer, () => {
          if (latest.current.picking) m.getCanvas().style.cursor = 'pointer';
        });
        m.on('mouseleave', layer, () => {
          if (latest.current.picking) m.getCanvas().style.cursor = '';
        });
      }
    },
    [controller],
  );

  useEffect(() => {
    if (map) setZoneData(map, data);
  }, [map, data]);

  useEffect(() => {
    if (map) setEditPreview(map, preview);
  }, [map, preview]);

  useEffect(() => {
    if (!map || !fit) return;
    const [w, s, e, n] = fit.bbox;
    map.fitBounds(new LngLatBounds([w, s], [e, n]), { padding: 48, maxZoom: 16, duration: 0 });
  }, [map, fit]);

  // Read-only hook for the browser tests (only under automation).
  useEffect(() => {
    if (!map || !navigator.webdriver) return;
    const hook = {
      /** Page coordinates of the edited shape's vertices. */
      vertices: () => {
        const rect = map.getCanvas().getBoundingClientRect();
        return controller.vertices(map).map((p) => ({ x: rect.left + p.x, y: rect.top + p.y }));
      },
      shape: () => controller.current,
      held: () => controller.heldFeatures,
      zoom: () => map.getZoom(),
    };
    (window as unknown as { __rumboGeofenceMap?: typeof hook }).__rumboGeofenceMap = hook;
    return () => {
      delete (window as unknown as { __rumboGeofenceMap?: typeof hook }).__rumboGeofenceMap;
    };
  }, [map, controller]);

  return (
    <BaseMap onStyleLoad={onStyleLoad} onMap={onMap} label={label}>
      {children}
    </BaseMap>
  );
}
