/**
 * PlaceMap — a small map centred on one place, with a pin (an alert's place, a stop…).
 *
 *   <PlaceMap lat={-34.6} lng={-58.4} label="…" zoom={14} sx={{ height: 220 }} />
 *
 * Moving `lat`/`lng` re-centres the same map (no new WebGL context per place).
 */
import type { SxProps, Theme } from '@mui/material/styles';
import { Marker, type Map as MapLibre } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BaseMap } from './base-map';

function pinElement(label: string): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', label);
  el.dataset.testid = 'place-pin';
  el.innerHTML =
    '<svg width="30" height="40" viewBox="0 0 30 40" aria-hidden="true">' +
    '<path d="M15 39C15 39 28 23.5 28 14A13 13 0 0 0 2 14C2 23.5 15 39 15 39Z" fill="#d32f2f" stroke="#fff" stroke-width="2"/>' +
    '<circle cx="15" cy="14" r="5" fill="#fff"/></svg>';
  return el;
}

export function PlaceMap(props: {
  lat: number;
  lng: number;
  /** Accessible name of the map and of the pin. */
  label: string;
  zoom?: number;
  sx?: SxProps<Theme>;
}) {
  const { lat, lng, label } = props;
  const zoom = props.zoom ?? 14;
  const map = useRef<MapLibre | null>(null);
  const marker = useRef<Marker | null>(null);
  const [initial] = useState(() => ({ center: [lng, lat] as [number, number], zoom }));

  const onMap = useCallback(
    (m: MapLibre | null) => {
      map.current = m;
      marker.current?.remove();
      marker.current = null;
      if (m) {
        marker.current = new Marker({ element: pinElement(label), anchor: 'bottom' })
          .setLngLat([lng, lat])
          .addTo(m);
      }
    },
    // The marker is placed once; later places move it (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => {
    marker.current?.setLngLat([lng, lat]);
    map.current?.jumpTo({ center: [lng, lat] });
  }, [lat, lng]);

  return (
    <BaseMap
      onMap={onMap}
      initialView={initial}
      label={label}
      sx={{ borderRadius: 1, overflow: 'hidden', ...props.sx }}
    />
  );
}
