import 'maplibre-gl/dist/maplibre-gl.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Map as MapLibre, type StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { configureMapLibre } from '../../../shared/map/configure-maplibre';

/**
 * Used when config.json names no map style: OpenStreetMap's raster tiles over a plain
 * background (installations should set MAP_STYLE_URL to their own tiles).
 */
const fallbackStyle = (dark: boolean): StyleSpecification => ({
  version: 8,
  sources: {
    osm: {
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      maxzoom: 19,
      attribution: '© OpenStreetMap contributors',
    },
  },
  layers: [
    {
      id: 'background',
      type: 'background',
      paint: { 'background-color': dark ? '#1b2836' : '#dfe6ee' },
    },
    { id: 'osm', type: 'raster', source: 'osm', paint: { 'raster-opacity': dark ? 0.8 : 1 } },
  ],
});

function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

/** Pick the map centre and zoom: pan and zoom the map, or click a point to centre it. */
export default function MapPicker({
  styleUrl,
  lat,
  lng,
  zoom,
  onChange,
  unavailableText,
  dark,
}: MapView & {
  styleUrl: string;
  onChange: (view: MapView) => void;
  unavailableText: string;
  /** Dark theme: the fallback style darkens to match. */
  dark: boolean;
}) {
  const container = useRef<HTMLDivElement | null>(null);
  const map = useRef<MapLibre | null>(null);
  const onChangeRef = useRef(onChange);
  const [supported] = useState(hasWebGl);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!container.current || !supported) return;
    let instance: MapLibre;
    try {
      configureMapLibre();
      instance = new MapLibre({
        container: container.current,
        style: styleUrl || fallbackStyle(dark),
        center: [Number.isFinite(lng) ? lng : 0, Number.isFinite(lat) ? lat : 0],
        zoom: Number.isFinite(zoom) ? zoom : 2,
        attributionControl: { compact: true },
      });
    } catch (error) {
      console.warn('map not available', error);
      return;
    }
    map.current = instance;
    instance.on('moveend', (event: { originalEvent?: unknown }) => {
      // Only moves made by the user report back; programmatic ones come from the fields.
      if (!event.originalEvent) return;
      const c = instance.getCenter();
      onChangeRef.current({ lat: c.lat, lng: c.lng, zoom: instance.getZoom() });
    });
    instance.on('click', (event) => {
      const c = event.lngLat;
      instance.easeTo({ center: c });
      onChangeRef.current({ lat: c.lat, lng: c.lng, zoom: instance.getZoom() });
    });
    return () => {
      map.current = null;
      instance.remove();
    };
    // The map is made once; later centre changes are applied by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl, supported, dark]);

  useEffect(() => {
    const m = map.current;
    if (!m || !Number.isFinite(lat) || !Number.isFinite(lng) || !Number.isFinite(zoom)) return;
    const c = m.getCenter();
    if (
      Math.abs(c.lat - lat) > 1e-5 ||
      Math.abs(c.lng - lng) > 1e-5 ||
      Math.abs(m.getZoom() - zoom) > 0.01
    ) {
      m.jumpTo({ center: [lng, lat], zoom });
    }
  }, [lat, lng, zoom]);

  if (!supported) {
    return (
      <Box
        sx={{
          height: 280,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        <Typography color="text.secondary">{unavailableText}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative', height: 280, borderRadius: 1, overflow: 'hidden' }}>
      <Box ref={container} sx={{ width: '100%', height: '100%' }} data-testid="map-picker" />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: 18,
          height: 18,
          ml: '-9px',
          mt: '-9px',
          borderRadius: '50%',
          border: 3,
          borderColor: 'secondary.main',
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
