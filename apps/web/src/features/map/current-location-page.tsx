import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DEFAULT_USER_CONFIG, type Language } from '@rumbo/contracts';
import { type Map as MapLibre } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLiveFleet } from '../../shared/fleet/live-fleet';
import { FLAG_HIDDEN, GL_STRIDE } from '../../shared/fleet/live-fleet-store';
import { useOpenVehiclePopup } from '../../shared/fleet/vehicle-popup';
import { STATUS_COLORS, VEHICLE_STATUSES } from '../../shared/fleet/vehicle-status';
import { BaseMap } from '../../shared/map/base-map';
import { ZoneOverlay } from '../../shared/geofences/zone-overlay';
import { useSession } from '../../shared/services';
import { filterFleet, samePass, sortByPlate, type FleetFilter } from './fleet-filter';
import { LiveMapController } from './live-map-controller';
import { LOWEST_VEHICLE_LAYER, type LiveMapTheme } from './live-map-layers';
import { VehicleListPanel } from './vehicle-list-panel';
import { MapOverlays } from './map-overlays';
import { useSearchTarget } from './use-search-target';

/** How often the list and counts follow the live data (the map itself redraws on every frame). */
const LIST_REFRESH_MS = 1000;

/** Live map of the whole fleet: WebGL markers, clusters, searchable list, follow mode. */
export default function CurrentLocationPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const mode = theme.palette.mode;
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { store, status, retry } = useLiveFleet();
  const config = useSession((s) => s.user?.config) ?? DEFAULT_USER_CONFIG;
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  const openPopup = useOpenVehiclePopup();
  const [filter, setFilter] = useState<FleetFilter>({ query: '', statuses: new Set() });
  // The followed vehicle's id (slots may be renumbered when the feed reconnects).
  const [followingId, setFollowingId] = useState(-1);
  const following = followingId >= 0 ? store.slotOf(followingId) : -1;
  const [listOpen, setListOpen] = useState(false);
  const [everLive, setEverLive] = useState(false);
  const [map, setMap] = useState<MapLibre | null>(null);
  const [tick, setTick] = useState(0);
  if (status === 'live' && !everLive) setEverLive(true);

  const mapTheme = useMemo<LiveMapTheme>(
    () => ({
      colors: VEHICLE_STATUSES.map((s) => STATUS_COLORS[mode][s]),
      cluster: theme.palette.primary.main,
      clusterText: theme.palette.primary.contrastText,
      label: theme.palette.text.primary,
      halo: theme.palette.background.paper,
    }),
    [mode, theme],
  );
  const [controller] = useState(() => new LiveMapController(store, mapTheme));
  useEffect(() => controller.setTheme(mapTheme), [controller, mapTheme]);
  useEffect(() => () => controller.detach(), [controller]);

  // The list follows the data at most once a second; new or renamed vehicles at once.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let structure = store.structure;
    const unsubscribe = store.subscribe(() => {
      if (store.structure !== structure) {
        structure = store.structure;
        if (timer !== null) clearTimeout(timer);
        timer = null;
        setTick((n) => n + 1);
        return;
      }
      timer ??= setTimeout(() => {
        timer = null;
        setTick((n) => n + 1);
      }, LIST_REFRESH_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [store]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- `tick` stands for the store's data
  const result = useMemo(() => filterFleet(store, filter), [store, filter, tick]);
  const structure = store.structure;
  const sorted = useMemo(
    () =>
      sortByPlate(
        store,
        Array.from({ length: store.count }, (_, i) => i),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `structure` stands for the store
    [store, structure],
  );
  const rows = useMemo(() => sorted.filter((s) => result.pass[s] === 1), [sorted, result]);

  const lastPass = useRef<Uint8Array>(new Uint8Array(0));
  useEffect(() => {
    if (samePass(lastPass.current, result.pass)) return;
    lastPass.current = result.pass;
    controller.setPass(result.pass);
  }, [controller, result]);

  useEffect(() => {
    controller.setHandlers({
      onVehicleClick: (slot) => {
        store.select(slot);
        openPopup(store.ids[slot] ?? 0);
      },
      onFollowEnd: () => setFollowingId(-1),
    });
  }, [controller, store, openPopup]);

  const follow = useCallback(
    (slot: number) => {
      setFollowingId(slot >= 0 ? (store.ids[slot] ?? -1) : -1);
      controller.follow(slot);
      if (phone) setListOpen(false);
    },
    [controller, phone, store],
  );
  // A vehicle clicked in the list behaves as one clicked on the map (decision 0009): selected and
  // its popup open; the map also brings it into view (it may be off-screen or in a cluster).
  const open = useCallback(
    (slot: number) => {
      if (store.located[slot] === 1) controller.focus(slot);
      else store.select(slot);
      if (phone) setListOpen(false);
      openPopup(store.ids[slot] ?? 0);
    },
    [controller, phone, store, openPopup],
  );
  const onStyleLoad = useCallback((map: MapLibre) => controller.attach(map), [controller]);

  useSearchTarget({ map, store, everLive, structure, open, follow, controller });

  // Read-only hook for the browser tests (only under automation).
  useEffect(() => {
    if (!navigator.webdriver) return;
    const hook = {
      vehicles: () =>
        Array.from({ length: store.count }, (_, s) => ({
          id: store.ids[s],
          plate: store.info[s]?.plate,
          lng: store.lng[s],
          lat: store.lat[s],
          status: VEHICLE_STATUSES[store.status[s] ?? 0],
          drawn: ((store.gl[s * GL_STRIDE + 6] ?? 1) & FLAG_HIDDEN) === 0,
        })),
      clusters: () => controller.clusterCount,
      screenPoint: (id: number) => controller.screenPoint(store.slotOf(id)),
      center: () => (map ? map.getCenter().toArray() : null),
    };
    (window as unknown as { __rumboMap?: typeof hook }).__rumboMap = hook;
    return () => {
      delete (window as unknown as { __rumboMap?: typeof hook }).__rumboMap;
    };
  }, [store, controller, map]);

  const followedPlate = following >= 0 ? (store.info[following]?.plate ?? '') : '';
  const failed = !everLive && (status === 'unauthorized' || status === 'reconnecting');
  const panel = (
    <VehicleListPanel
      store={store}
      rows={rows}
      filter={filter}
      result={result}
      onFilter={setFilter}
      following={following}
      onOpen={open}
      onFollow={follow}
      units={config.units}
      language={language}
      offsetHours={config.timeZone}
    />
  );

  return (
    <Box
      data-testid="current-location"
      sx={{
        height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 104px)' },
        minHeight: 360,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Typography variant="h1" sx={{ display: { xs: 'none', md: 'block' } }}>
        {t('menu.map-fleet-location')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', overflow: 'hidden', position: 'relative' }}
      >
        {!phone && everLive && store.count > 0 && (
          <Box
            component="aside"
            aria-label={t('map.current.list_label')}
            sx={{ width: 360, flex: 'none', borderRight: 1, borderColor: 'divider' }}
          >
            {panel}
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
          <BaseMap
            onStyleLoad={onStyleLoad}
            onMap={setMap}
            label={t('map.current.map_label')}
            initialView={{ center: [config.lng, config.lat], zoom: config.zoom }}
          >
            <MapOverlays
              everLive={everLive}
              status={status}
              failed={failed}
              count={store.count}
              followedPlate={following >= 0 ? followedPlate : null}
              onUnfollow={() => follow(-1)}
              onFit={() => {
                follow(-1);
                controller.fitFleet();
              }}
              onRetry={retry}
              onOpenList={phone ? () => setListOpen(true) : null}
              shown={result.shown}
            />
            {/* Last: its button stays usable over the loading and empty overlays. */}
            <ZoneOverlay
              map={map}
              beforeId={LOWEST_VEHICLE_LAYER}
              top={everLive && store.count > 0 ? 143 : 107}
            />
          </BaseMap>
        </Box>
      </Paper>
      {phone && (
        <Drawer
          anchor="bottom"
          open={listOpen}
          onClose={() => setListOpen(false)}
          slotProps={{
            paper: { sx: { height: '75dvh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } },
          }}
        >
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              px: 1.5,
              pt: 1,
            }}
          >
            <Typography variant="h3" component="h2">
              {t('map.current.list_label')}
            </Typography>
            <IconButton aria-label={t('map.current.close_list')} onClick={() => setListOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Box sx={{ flex: 1, minHeight: 0 }}>{panel}</Box>
        </Drawer>
      )}
    </Box>
  );
}
