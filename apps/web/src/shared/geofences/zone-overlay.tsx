import LayersIcon from '@mui/icons-material/Layers';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Map as MapLibre } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useGeofences, useInterestPoints } from './geofence-api';
import {
  ZONE_LAYERS,
  addZoneLayers,
  setZoneData,
  setZoneGroupVisible,
  type ZoneLayerGroup,
} from './zone-layers';
import { zoneFeatures } from './zone-shapes';
import { useZoneStrings } from './zone-strings';
import { MapControlButton } from '../map/map-control-button';

/**
 * Geofences and points of interest as layers of a map screen (live map, travel consultation),
 * under `beforeId` (the screen's own layers stay on top), with a layers button that toggles
 * each group. Renders the button; the layers follow the map's style loads.
 */
export function ZoneOverlay({
  map,
  beforeId,
  top,
}: {
  map: MapLibre | null;
  beforeId?: string;
  /** Distance (px) of the layers button from the map's top, under the zoom controls. */
  top: number;
}) {
  const ready = useZoneStrings();
  const { t } = useTranslation();
  const theme = useTheme();
  const geofences = useGeofences();
  const pois = useInterestPoints();
  const [visible, setVisible] = useState<Record<ZoneLayerGroup, boolean>>({
    geofences: true,
    pois: true,
  });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const data = useMemo(
    () => zoneFeatures(geofences.data ?? [], pois.data ?? []),
    [geofences.data, pois.data],
  );
  const dark = theme.palette.mode === 'dark';
  const poiColor = theme.palette.secondary.main;
  const latest = useRef({ data, visible, dark, poiColor, beforeId });
  useEffect(() => {
    latest.current = { data, visible, dark, poiColor, beforeId };
  });

  // Added now when the style is in, and again after every style load (a theme switch).
  useEffect(() => {
    if (!map) return;
    const add = () => {
      const current = latest.current;
      addZoneLayers(
        map,
        { dark: current.dark, poiColor: current.poiColor },
        current.data,
        current.beforeId,
      );
      setZoneGroupVisible(map, 'geofences', current.visible.geofences);
      setZoneGroupVisible(map, 'pois', current.visible.pois);
    };
    // `isStyleLoaded()` is false while any tile loads (and the style may be in already):
    // try now, and again on every style load; adding twice is a no-op.
    try {
      add();
    } catch {
      // The style is not in yet: its load event adds them.
    }
    map.on('style.load', add);
    return () => {
      map.off('style.load', add);
    };
  }, [map]);

  // Not gated on `isStyleLoaded()`: it stays false while tiles load, and the data would be lost.
  useEffect(() => {
    if (map) setZoneData(map, data);
  }, [map, data]);

  useEffect(() => {
    if (!map) return;
    setZoneGroupVisible(map, 'geofences', visible.geofences);
    setZoneGroupVisible(map, 'pois', visible.pois);
  }, [map, visible]);

  // Read-only hook for the browser tests (only under automation): zone features drawn in view.
  useEffect(() => {
    if (!map || !navigator.webdriver) return;
    const hook = {
      rendered: () => {
        const layers = [ZONE_LAYERS.fill, ZONE_LAYERS.corridor, ZONE_LAYERS.poi];
        if (!layers.every((id) => map.getLayer(id))) return 0;
        return map.queryRenderedFeatures({ layers }).length;
      },
    };
    (window as unknown as { __rumboZoneLayers?: typeof hook }).__rumboZoneLayers = hook;
    return () => {
      delete (window as unknown as { __rumboZoneLayers?: typeof hook }).__rumboZoneLayers;
    };
  }, [map]);

  if (!ready) return null;
  const loading = geofences.isPending || pois.isPending;
  const failed = geofences.isError || pois.isError;
  const label = t('zones.layers.title');
  const groups: [ZoneLayerGroup, number][] = [
    ['geofences', geofences.data?.length ?? 0],
    ['pois', pois.data?.length ?? 0],
  ];
  return (
    <>
      <MapControlButton
        label={label}
        top={top}
        icon={<LayersIcon fontSize="small" />}
        onClick={(e) => setAnchor(e.currentTarget)}
        opensDialog
        testId="zone-layers-button"
      />
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { p: 1.5, minWidth: 200 }, 'aria-label': label, role: 'dialog' } as object,
        }}
      >
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          {label}
        </Typography>
        {groups.map(([group, count]) => (
          <FormControlLabel
            key={group}
            sx={{ display: 'flex', mr: 0 }}
            control={
              <Checkbox
                size="small"
                checked={visible[group]}
                onChange={(e) => setVisible((v) => ({ ...v, [group]: e.target.checked }))}
                data-testid={`zone-layer-${group}`}
              />
            }
            label={`${t(`zones.layers.${group}`)}${loading ? '' : ` (${count})`}`}
          />
        ))}
        {loading && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
          >
            <CircularProgress size={12} aria-hidden />
            {t('zones.layers.loading')}
          </Typography>
        )}
        {failed && (
          <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>
            {t('zones.layers.error')}
          </Typography>
        )}
      </Popover>
    </>
  );
}
