import { useTheme } from '@mui/material/styles';
import { Marker, Popup, type Map as MapLibre } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useUrlParams } from '../../shared/url/use-url-params';
import type { LiveFleetStore } from '../../shared/fleet/live-fleet-store';
import type { LiveMapController } from './live-map-controller';

/**
 * The top bar's search opens a vehicle (`?vehicle=id`: its popup, as a click in the list) or a
 * place (`?lat=…&lng=…&place=name`: the map centred there with a marker); the parameters are
 * dropped once done, so a reload or Back doesn't repeat it (docs/decisions/0032-search.md).
 */
export function useSearchTarget({
  map,
  store,
  everLive,
  structure,
  open,
  follow,
  controller,
}: {
  map: MapLibre | null;
  store: LiveFleetStore;
  everLive: boolean;
  /** The store's structure version (a vehicle may arrive after the address named it). */
  structure: number;
  open: (slot: number) => void;
  follow: (slot: number) => void;
  controller: LiveMapController;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { params, drop: dropParams } = useUrlParams();
  const wantedVehicle = Number(params.get('vehicle') ?? '');
  const wantedPlace = useMemo(() => {
    const lat = Number(params.get('lat') ?? '');
    const lng = Number(params.get('lng') ?? '');
    if (!params.has('lat') || !params.has('lng') || !Number.isFinite(lat) || !Number.isFinite(lng))
      return null;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    return { lat, lng, name: params.get('place') ?? '' };
  }, [params]);
  useEffect(() => {
    if (!Number.isInteger(wantedVehicle) || wantedVehicle <= 0 || !everLive) return;
    const slot = store.slotOf(wantedVehicle);

    if (slot >= 0) open(slot);
    dropParams('vehicle');
  }, [wantedVehicle, everLive, store, structure, open, dropParams]);
  const placeMarker = useRef<Marker | null>(null);
  useEffect(() => {
    if (!map || !wantedPlace) return;

    follow(-1);
    placeMarker.current?.remove();
    const popup = new Popup({ offset: 28, closeButton: false }).setText(
      wantedPlace.name || t('search.place_marker'),
    );
    placeMarker.current = new Marker({ color: theme.palette.secondary.main })
      .setLngLat([wantedPlace.lng, wantedPlace.lat])
      .setPopup(popup)
      .addTo(map);
    placeMarker.current.getElement().setAttribute('data-testid', 'search-place-marker');
    placeMarker.current.getElement().setAttribute('aria-label', wantedPlace.name);
    placeMarker.current.togglePopup();
    controller.keepView();
    map.jumpTo({ center: [wantedPlace.lng, wantedPlace.lat], zoom: Math.max(map.getZoom(), 13) });
    dropParams('lat', 'lng', 'place');
  }, [map, wantedPlace, follow, dropParams, t, theme, controller]);
  useEffect(
    () => () => {
      placeMarker.current?.remove();
    },
    [],
  );
}
