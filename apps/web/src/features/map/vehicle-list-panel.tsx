import type { TimeZoneSetting } from '@rumbo/contracts';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GpsNotFixedIcon from '@mui/icons-material/GpsNotFixed';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Language, Units } from '@rumbo/contracts';
import { useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { driverText } from '../../shared/fleet/driver-text';
import { StatusDot } from '../../shared/fleet/status-chip';
import { GL_STRIDE, type LiveFleetStore } from '../../shared/fleet/live-fleet-store';
import {
  statusFromCode,
  VEHICLE_STATUSES,
  type VehicleStatus,
} from '../../shared/fleet/vehicle-status';
import { formatDate, formatDateTime, formatMeasure, formatTime } from '../../shared/format/format';
import type { FilterResult, FleetFilter } from './fleet-filter';
import { clearEnd, searchStart } from '../../shared/ui/search-adornments';

const ROW_HEIGHT = 60;

export interface VehicleListPanelProps {
  store: LiveFleetStore;
  /** Slots shown, in list order. */
  rows: readonly number[];
  filter: FleetFilter;
  result: FilterResult;
  onFilter: (filter: FleetFilter) => void;
  following: number;
  /** A click on a row: select the vehicle, bring it into view and open its popup. */
  onOpen: (slot: number) => void;
  onFollow: (slot: number) => void;
  units: Units;
  language: Language;
  offsetHours: TimeZoneSetting;
}

/** Search, status filters with counts and the vehicle list (virtualised) of the live map. */
export function VehicleListPanel(props: VehicleListPanelProps) {
  const { t } = useTranslation();
  const { filter, result, onFilter, store, rows } = props;
  const scroller = useRef<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is used as documented
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const toggle = (status: VehicleStatus) => {
    const next = new Set(filter.statuses);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    onFilter({ ...filter, statuses: next });
  };
  const filtered = filter.query.trim() !== '' || filter.statuses.size > 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ p: 1.5, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField
          size="small"
          value={filter.query}
          onChange={(e) => onFilter({ ...filter, query: e.target.value })}
          placeholder={t('map.current.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('map.current.search'), 'data-testid': 'map-search' },
            input: {
              startAdornment: searchStart,
              endAdornment: clearEnd(filter.query, t('map.current.clear_filters'), () =>
                onFilter({ ...filter, query: '' }),
              ),
            },
          }}
        />
        <Box
          role="group"
          aria-label={t('map.current.filters')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
        >
          <Chip
            size="small"
            label={`${t('map.current.all')} · ${result.matching}`}
            color={filter.statuses.size === 0 ? 'primary' : 'default'}
            variant={filter.statuses.size === 0 ? 'filled' : 'outlined'}
            onClick={() => onFilter({ ...filter, statuses: new Set() })}
            aria-pressed={filter.statuses.size === 0}
            data-testid="status-filter-all"
          />
          {VEHICLE_STATUSES.map((status) => {
            const on = filter.statuses.has(status);
            return (
              <Chip
                key={status}
                size="small"
                icon={<StatusDot status={status} />}
                label={`${t(`vehicleStatus.${status}`)} · ${result.counts[status]}`}
                variant={on ? 'filled' : 'outlined'}
                color={on ? 'primary' : 'default'}
                onClick={() => toggle(status)}
                aria-pressed={on}
                data-testid={`status-filter-${status}`}
                data-count={result.counts[status]}
                sx={{ '& .MuiChip-icon': { ml: 0.75 } }}
              />
            );
          })}
        </Box>
        <Typography variant="caption" color="text.secondary" data-testid="map-shown">
          {t('map.current.shown', { shown: result.shown, total: store.count })}
        </Typography>
      </Box>
      {rows.length === 0 ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {filtered ? t('map.current.no_match') : t('map.current.empty_title')}
          </Typography>
          {filtered && (
            <Button size="small" onClick={() => onFilter({ query: '', statuses: new Set() })}>
              {t('map.current.clear_filters')}
            </Button>
          )}
        </Box>
      ) : (
        <Box
          ref={scroller}
          role="list"
          aria-label={t('map.current.list_label')}
          data-testid="map-vehicle-list"
          sx={{ flex: 1, minHeight: 0, overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}
        >
          <Box sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const slot = rows[item.index] ?? 0;
              return <VehicleRow key={item.key} top={item.start} slot={slot} {...props} />;
            })}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function VehicleRow({
  store,
  slot,
  top,
  following,
  onOpen,
  onFollow,
  units,
  language,
  offsetHours,
}: VehicleListPanelProps & { slot: number; top: number }) {
  const { t } = useTranslation();
  const info = store.info[slot];
  const status = statusFromCode(store.status[slot] ?? 0);
  const located = store.located[slot] === 1;
  const speed = store.gl[slot * GL_STRIDE + 7] ?? -1;
  const fix = store.fixTime[slot] ?? Number.NaN;
  const isFollowing = following === slot;
  const plate = info?.plate ?? '';
  const driver = driverText(info, (code) => t('drivers.unknown_code', { code }));
  return (
    <Box
      role="listitem"
      data-testid="map-vehicle-row"
      data-vehicle-id={store.ids[slot]}
      data-status={status}
      data-lat={located ? store.lat[slot]?.toFixed(6) : ''}
      data-lng={located ? store.lng[slot]?.toFixed(6) : ''}
      sx={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isFollowing ? 'action.selected' : undefined,
      }}
    >
      <Box
        component="button"
        type="button"
        onClick={() => onOpen(slot)}
        sx={{
          all: 'unset',
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          cursor: 'pointer',
          borderRadius: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        <StatusDot status={status} size={12} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {plate}
          </Typography>
          {driver ? (
            // Its own line, wrapping: "12345678 (no registrado)" is read whole on a phone.
            <Typography
              variant="caption"
              component="div"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="map-vehicle-driver"
            >
              {driver}
            </Typography>
          ) : null}
          {/* The status may shorten on a narrow list; the speed and the time are never cut. */}
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ display: 'flex', minWidth: 0, whiteSpace: 'nowrap' }}
            data-testid="map-vehicle-line"
          >
            <Box
              component="span"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
            >
              {t(`vehicleStatus.${status}`)}
            </Box>
            <Box component="span" sx={{ flexShrink: 0 }}>
              {'\u00a0· '}
              {!located
                ? t('map.current.no_position')
                : speed > 0
                  ? formatMeasure('speed', speed, units, language)
                  : t('map.current.stopped')}
              {Number.isFinite(fix) ? ` · ${lastSeen(fix, language, offsetHours)}` : ''}
            </Box>
          </Typography>
        </Box>
      </Box>
      <Tooltip title={isFollowing ? t('map.current.unfollow') : t('map.current.follow')}>
        <span>
          <IconButton
            size="small"
            disabled={!located}
            aria-label={`${isFollowing ? t('map.current.unfollow') : t('map.current.follow')} ${plate}`}
            aria-pressed={isFollowing}
            onClick={() => onFollow(isFollowing ? -1 : slot)}
            color={isFollowing ? 'primary' : 'default'}
          >
            {isFollowing ? <GpsFixedIcon fontSize="small" /> : <GpsNotFixedIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/** When a vehicle was last heard from: the time alone today (the list's usual case), else the date too. */
function lastSeen(fixMs: number, language: Language, zone: TimeZoneSetting): string {
  return formatDate(fixMs, language, zone) === formatDate(Date.now(), language, zone)
    ? formatTime(fixMs, zone)
    : formatDateTime(fixMs, language, zone);
}
