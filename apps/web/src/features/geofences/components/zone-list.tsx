import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Geofence, InterestPoint, InterestPointType } from '@rumbo/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PoiTypeIcon } from '../../../shared/geofences/poi-icons';
import { zoneKind } from '../../../shared/geofences/zone-shapes';
import { geofenceSearchText } from '../geofence-form';
import { searchStart } from '../../../shared/ui/search-adornments';

const ROW_HEIGHT = 56;
/** Up to this many rows are all rendered; longer lists render only what scrolls into view. */
const PLAIN_ROWS = 150;

export type ZoneTab = 'geofences' | 'pois';

/** Geofences or POIs whose texts hold every word of the search. */
export function filterZones<T>(rows: readonly T[], query: string, textOf: (row: T) => string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = textOf(row);
    return words.every((w) => text.includes(w));
  });
}

/** The searchable list of geofences and POIs (virtualised: thousands of rows stay light). */
export function ZoneList({
  tab,
  onTab,
  query,
  onQuery,
  geofences,
  pois,
  poiTypes,
  onOpenGeofence,
  onOpenPoi,
  maxHeight,
}: {
  tab: ZoneTab;
  onTab: (tab: ZoneTab) => void;
  query: string;
  onQuery: (query: string) => void;
  geofences: readonly Geofence[];
  pois: readonly InterestPoint[];
  poiTypes: readonly InterestPointType[];
  onOpenGeofence: (g: Geofence) => void;
  onOpenPoi: (p: InterestPoint) => void;
  /** The list's own scroll height (phones, where the page scrolls around it). */
  maxHeight?: string | number | Record<string, string | number>;
}) {
  const { t } = useTranslation();
  const typeById = useMemo(
    () => new Map(poiTypes.map((type) => [type.idInterestPointType, type])),
    [poiTypes],
  );
  const shownGeofences = useMemo(
    () =>
      filterZones(
        [...geofences].sort((a, b) => a.name.localeCompare(b.name)),
        query,
        (g) => geofenceSearchText(g, t(`geofences.access.${g.accessType}`)),
      ),
    [geofences, query, t],
  );
  const shownPois = useMemo(
    () =>
      filterZones(
        [...pois].sort((a, b) => a.nombre.localeCompare(b.nombre)),
        query,
        (p) =>
          `${p.nombre} ${p.descripcion} ${typeById.get(p.idInterestPointType ?? -1)?.nombre ?? ''}`.toLowerCase(),
      ),
    [pois, query, typeById],
  );
  const count = tab === 'geofences' ? shownGeofences.length : shownPois.length;
  const total = tab === 'geofences' ? geofences.length : pois.length;
  const scroller = useRef<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is used as documented
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Tabs
        value={tab}
        onChange={(_, value: ZoneTab) => onTab(value)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
      >
        <Tab
          value="geofences"
          label={t('geofences.tabs.geofences', { count: geofences.length })}
          sx={{ minHeight: 40, textTransform: 'none' }}
          data-testid="zones-tab-geofences"
        />
        <Tab
          value="pois"
          label={t('geofences.tabs.pois', { count: pois.length })}
          sx={{ minHeight: 40, textTransform: 'none' }}
          data-testid="zones-tab-pois"
        />
      </Tabs>
      <Box sx={{ p: 1.5, pb: 1 }}>
        <TextField
          size="small"
          fullWidth
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder={t('geofences.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('geofences.search'), 'data-testid': 'zones-search' },
            input: { startAdornment: searchStart },
          }}
        />
      </Box>
      {count === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 3 }} data-testid="zones-empty">
          {total === 0
            ? t(tab === 'geofences' ? 'geofences.empty_geofences' : 'geofences.empty_pois')
            : t('geofences.no_match')}
        </Typography>
      ) : (
        <Box
          ref={scroller}
          role="list"
          aria-label={t(tab === 'geofences' ? 'zones.layers.geofences' : 'zones.layers.pois')}
          sx={{ flex: 1, minHeight: 0, overflowY: 'auto', maxHeight }}
        >
          <Box sx={{ height: count * ROW_HEIGHT, position: 'relative' }}>
            {(count <= PLAIN_ROWS
              ? Array.from({ length: count }, (_, index) => ({ index, start: index * ROW_HEIGHT }))
              : virtual.getVirtualItems()
            ).map((item) => {
              const style = {
                position: 'absolute' as const,
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
              };
              if (tab === 'geofences') {
                const g = shownGeofences[item.index]!;
                const kind = zoneKind(g);
                const details = [
                  t(`geofences.kinds.${kind}`),
                  t(`geofences.access.${g.accessType}`),
                  g.speedLimit !== null ? `${g.speedLimit} km/h` : null,
                ]
                  .filter(Boolean)
                  .join(' · ');
                return (
                  <ListItemButton
                    key={g.id}
                    role="listitem"
                    style={style}
                    onClick={() => onOpenGeofence(g)}
                    data-testid="geofence-row"
                    sx={{ gap: 1.5, borderBottom: 1, borderColor: 'divider' }}
                  >
                    <Box
                      aria-hidden
                      sx={{
                        width: 14,
                        height: 14,
                        flex: 'none',
                        borderRadius: kind === 'circle' ? '50%' : 0.5,
                        bgcolor: g.color,
                        border: 1,
                        borderColor: 'divider',
                      }}
                    />
                    <Row primary={g.name} secondary={details} />
                  </ListItemButton>
                );
              }
              const p = shownPois[item.index]!;
              const type = typeById.get(p.idInterestPointType ?? -1);
              return (
                <ListItemButton
                  key={p.idInterestPoint}
                  role="listitem"
                  style={style}
                  onClick={() => onOpenPoi(p)}
                  data-testid="poi-row"
                  sx={{ gap: 1.5, borderBottom: 1, borderColor: 'divider' }}
                >
                  <PoiTypeIcon icon={type?.icono} fontSize="small" color="secondary" />
                  <Row
                    primary={p.nombre}
                    secondary={[type?.nombre, `${p.radio} m`].filter(Boolean).join(' · ')}
                  />
                </ListItemButton>
              );
            })}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function Row({ primary, secondary }: { primary: string; secondary: string }) {
  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {primary}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {secondary}
      </Typography>
    </Box>
  );
}
