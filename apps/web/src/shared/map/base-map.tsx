/**
 * BaseMap — Rumbo's MapLibre map, shared by the map screens.
 *
 * STABLE API (other screens import it; extend, don't break):
 *   <BaseMap
 *     onStyleLoad={(map) => …}   // after the style (re)loads: add your sources/layers here;
 *                                // called again after a dark-mode switch replaces the style
 *     onMap={(map | null) => …}  // the instance once created, null when removed
 *     initialView={{ center: [lng, lat], zoom }}  // default: the user's saved centre/zoom
 *     label="…"                  // accessible name of the map region
 *     sx={…}                     // size/position of the container (default fills its parent)
 *   >{overlays}</BaseMap>
 *   useMapDark(): boolean — the theme mode the map draws in.
 *
 * The style is Rumbo's own (map-style.ts: plain background, served country outlines,
 * OpenStreetMap raster tiles) or config.json's `mapStyleUrl` with the served outlines above its
 * background, so the map stays usable when tiles do not load. Without WebGL it shows a message.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { Map as MapLibre, NavigationControl } from 'maplibre-gl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useStore } from 'zustand';
import { useServices, useSession } from '../services';
import { configureMapLibre } from './configure-maplibre';
import { hasWebGl, rumboMapStyle, withFallback } from './map-style';

export interface BaseMapProps {
  onStyleLoad?: (map: MapLibre) => void;
  onMap?: (map: MapLibre | null) => void;
  initialView?: { center: [number, number]; zoom: number };
  label?: string;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}

/** The theme mode maps draw in (the user's dark-mode preference). */
export function useMapDark(): boolean {
  return useStore(useServices().prefs, (s) => s.darkMode);
}

function applyStyle(map: MapLibre, styleUrl: string, dark: boolean): void {
  const origin = window.location.origin;
  if (styleUrl) {
    map.setStyle(styleUrl, { transformStyle: (_prev, next) => withFallback(next, dark, origin) });
  } else {
    map.setStyle(rumboMapStyle(dark, origin), { diff: false });
  }
}

export function BaseMap({ onStyleLoad, onMap, initialView, label, sx, children }: BaseMapProps) {
  const { t } = useTranslation();
  const { config } = useServices();
  const userConfig = useSession((s) => s.user?.config);
  const dark = useMapDark();
  const container = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibre | null>(null);
  const [supported] = useState(hasWebGl);
  const [failed, setFailed] = useState(false);
  const callbacks = useRef({ onStyleLoad, onMap });
  useEffect(() => {
    callbacks.current = { onStyleLoad, onMap };
  }, [onStyleLoad, onMap]);
  const firstView = useRef(
    initialView ?? {
      center: [userConfig?.lng ?? -58.45, userConfig?.lat ?? -34.6] as [number, number],
      zoom: userConfig?.zoom ?? 5,
    },
  );
  const firstDark = useRef(dark);

  useEffect(() => {
    if (!container.current || !supported) return;
    let map: MapLibre;
    try {
      configureMapLibre();
      map = new MapLibre({
        container: container.current,
        center: firstView.current.center,
        zoom: firstView.current.zoom,
        attributionControl: { compact: true },
        // CJK labels from local fonts; the rest from the served glyphs (decision 0009).
        localIdeographFontFamily: 'sans-serif',
      });
    } catch (error) {
      console.warn('map not available', error);
      queueMicrotask(() => setFailed(true));
      return;
    }
    mapRef.current = map;
    map.addControl(new NavigationControl({ visualizePitch: false }), 'top-right');
    map.on('style.load', () => callbacks.current.onStyleLoad?.(map));
    applyStyle(map, config.mapStyleUrl, firstDark.current);
    callbacks.current.onMap?.(map);
    return () => {
      callbacks.current.onMap?.(null);
      mapRef.current = null;
      map.remove();
    };
  }, [supported, config.mapStyleUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || firstDark.current === dark) return;
    firstDark.current = dark;
    applyStyle(map, config.mapStyleUrl, dark);
  }, [dark, config.mapStyleUrl]);

  if (!supported || failed) {
    return (
      <Box
        role="status"
        sx={{
          height: '100%',
          minHeight: 200,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          p: 2,
          ...sx,
        }}
      >
        <Typography color="text.secondary">{t('map.base.unavailable')}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', ...sx }}>
      <Box
        ref={container}
        role="region"
        aria-label={label ?? t('map.base.label')}
        // Sized, not positioned: MapLibre's stylesheet makes its container position: relative.
        sx={{ width: '100%', height: '100%' }}
        data-testid="base-map"
      />
      {children}
    </Box>
  );
}
