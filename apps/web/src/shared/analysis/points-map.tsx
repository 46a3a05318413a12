import type { SxProps, Theme } from '@mui/material/styles';
import { LngLatBounds, Marker, type Map as MapLibre } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BaseMap } from '../map/base-map';

/** A place to pin, its colour and its accessible name. */
export interface MapPoint {
  lat: number;
  lng: number;
  label: string;
  color: string;
}

/** A small map with one pin per point, fitted to them (idle periods, harsh events). */
export function PointsMap(props: {
  points: readonly MapPoint[];
  label: string;
  sx?: SxProps<Theme>;
}) {
  const { points } = props;
  const map = useRef<MapLibre | null>(null);
  const markers = useRef<Marker[]>([]);
  const [initial] = useState(() => {
    const center: [number, number] = points[0] ? [points[0].lng, points[0].lat] : [-63.6, -34.6];
    return { center, zoom: points[0] ? 10 : 4 };
  });

  const place = useCallback((m: MapLibre, list: readonly MapPoint[]) => {
    for (const marker of markers.current) marker.remove();
    markers.current = list.map((p) => {
      const marker = new Marker({ color: p.color }).setLngLat([p.lng, p.lat]).addTo(m);
      const el = marker.getElement();
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', p.label);
      el.title = p.label;
      return marker;
    });
    if (list.length > 0) {
      const bounds = new LngLatBounds();
      for (const p of list) bounds.extend([p.lng, p.lat]);
      m.fitBounds(bounds, {
        padding: { top: 56, bottom: 24, left: 40, right: 40 },
        maxZoom: 14,
        animate: false,
      });
    }
  }, []);

  const onMap = useCallback(
    (m: MapLibre | null) => {
      map.current = m;
      if (m) place(m, points);
    },
    // Later points are placed by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => {
    if (map.current) place(map.current, points);
  }, [points, place]);

  return (
    <BaseMap
      onMap={onMap}
      initialView={initial}
      label={props.label}
      sx={{ borderRadius: 1, overflow: 'hidden', ...props.sx }}
    />
  );
}
