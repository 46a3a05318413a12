import RouteIcon from '@mui/icons-material/Route';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { FuelEvent } from '@rumbo/contracts';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { formatNumber } from '../../shared/format/format';
import { PlaceMap } from '../../shared/map/place-map';
import { convertFromBase } from '../../shared/units/units';
import { EventKindChip, ReviewChip } from './event-chips';
import { useFuelEventLevels } from './fuel-api';
import { eventDriver, eventPlace, levelText } from './fuel-event-rows';
import { LevelChart, levelChartColors } from './level-chart';
import { levelChartData } from './level-chart-data';
import { TheftReview } from './theft-review';
import { FactList } from '../../shared/ui/fact-list';
import { PhoneDialog } from '../../shared/ui/phone-dialog';

const TRAVEL_MARGIN_MS = 30 * 60_000;

/** Travel consultation of the vehicle around the stop (half an hour either side). */
function travelLink(event: FuelEvent): string {
  const from = Math.max(0, event.start - TRAVEL_MARGIN_MS);
  const to = (event.end ?? event.start) + TRAVEL_MARGIN_MS;
  return `/app/map/travel_consultation/${event.vehicleId}/${Math.round(from)}/${Math.round(to)}`;
}

/** Why the detector raised it, in words with the figures. */
function explanation(event: FuelEvent, f: FleetFormat): string {
  const { t } = f;
  const values = {
    before: f.volume(event.levelBeforeL) ?? '—',
    after: f.volume(event.levelAfterL) ?? '—',
    burnt: f.volume(event.burntL ?? 0) ?? '—',
    volume: f.volume(event.volumeL) ?? '—',
  };
  // Nothing burnt in the stop (engine off): the sentence leaves the engine out.
  const none = event.code !== 'AUR' && !event.burntL ? '_engine_off' : '';
  return t(`fuel.explain.${event.code}${none}`, values);
}

/** The chart of the raw levels around the event, with its legend. */
function EventLevels({ event, f }: { event: FuelEvent; f: FleetFormat }) {
  const { t, units, language, offset } = f;
  const theme = useTheme();
  const levels = useFuelEventLevels(event.id);
  const data = useMemo(
    () =>
      levels.data
        ? levelChartData(levels.data.levels, levels.data.event, (l) =>
            convertFromBase('volume', l, units.volume),
          )
        : null,
    [levels.data, units.volume],
  );
  if (levels.isError)
    return (
      <Alert severity="error" data-testid="level-chart-error">
        {t('fuel.chart.error')}{' '}
        {isAborted(levels.error) ? t('fleet.common.cancelled') : errorMessage(levels.error, t)}
        <Button size="small" onClick={() => void levels.refetch()} sx={{ ml: 1 }}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  if (!data) return <Skeleton variant="rounded" height={240} aria-label={t('common.loading')} />;
  if (data.xs.length === 0) return <Alert severity="info">{t('fuel.chart.no_levels')}</Alert>;
  const colors = levelChartColors(theme, event.code === 'DCS');
  const swatch = (color: string, shape: 'line' | 'dot' | 'box' | 'dash') => (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: shape === 'dot' ? 9 : 16,
        height: shape === 'line' ? 2 : shape === 'dash' ? 0 : 9,
        borderRadius: shape === 'dot' ? '50%' : 0,
        bgcolor: shape === 'dash' ? undefined : color,
        borderTop: shape === 'dash' ? `2px dashed ${color}` : undefined,
        verticalAlign: 'middle',
        mr: 0.75,
      }}
    />
  );
  return (
    <Box>
      <LevelChart
        data={data}
        theft={event.code === 'DCS'}
        unit={f.symbol('volume')}
        language={language}
        offsetHours={offset}
        label={t('fuel.chart.label', { plate: event.plate, time: f.dateTime(event.start) })}
      />
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5 }}
        data-testid="level-chart-legend"
      >
        {(
          [
            [colors.level, 'line', t('fuel.chart.level')],
            [colors.evidence, 'dot', t('fuel.chart.evidence')],
            [colors.lines, 'dash', t('fuel.chart.before_after')],
            [colors.stop, 'box', t('fuel.chart.stopped')],
            [colors.event, 'box', t(`fuel.chart.change_${event.code}`)],
          ] as const
        ).map(([color, shape, text]) => (
          <Typography key={text} variant="caption" color="text.secondary">
            {swatch(color, shape)}
            {text}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * One refill, suspected theft or AdBlue refill: the level chart with the detector's evidence, the
 * figures, where it happened (the station when there is one) and, for a suspected theft, its
 * review.
 */
export function FuelEventDialog({
  event,
  f,
  onClose,
}: {
  event: FuelEvent;
  f: FleetFormat;
  onClose: () => void;
}) {
  const { t, language } = f;
  const place = eventPlace(event);
  const facts: [string, string][] = [
    [t('fuel.events.vehicle'), event.plate],
    [
      t('fuel.events.driver'),
      event.driverName && event.driverCode
        ? `${event.driverName} (${event.driverCode})`
        : (eventDriver(event) ?? '—'),
    ],
    [t('fuel.events.start'), f.dateTime(event.start) ?? '—'],
    [t('fuel.events.end'), f.dateTime(event.end) ?? '—'],
    [t('fuel.events.volume'), f.volume(event.volumeL) ?? '—'],
    [t('fuel.events.before'), levelText(f, event.levelBeforeL, event.levelBeforePct)],
    [t('fuel.events.after'), levelText(f, event.levelAfterL, event.levelAfterPct)],
    ...(event.code === 'AUR'
      ? []
      : ([[t('fuel.events.burnt'), f.volume(event.burntL) ?? '—']] as [string, string][])),
    [t('fuel.events.capacity'), f.volume(event.capacityL) ?? '—'],
    [
      t('fuel.events.station'),
      event.station
        ? t('fuel.events.station_at', {
            name: event.station.name,
            distance: formatNumber(event.station.distanceM, language).replace(/[.,]0$/, ''),
          })
        : t('fuel.events.no_station'),
    ],
    [t('fuel.events.place'), place || '—'],
  ];

  return (
    <PhoneDialog
      onClose={onClose}
      maxWidth="md"
      labelledBy="fuel-event-title"
      testId="fuel-event-dialog"
    >
      <DialogTitle
        id="fuel-event-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pr: 2 }}
      >
        <Box component="span" sx={{ flex: '1 1 auto', minWidth: 0 }}>
          {event.plate} · {f.dateTime(event.start)}
        </Box>
        <EventKindChip code={event.code} />
        <ReviewChip event={event} />
      </DialogTitle>
      <DialogContent dividers>
        <EventLevels event={event} f={f} />
        <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="fuel-event-explanation">
          {explanation(event, f)}
        </Typography>
        {event.code === 'DCS' ? <TheftReview event={event} f={f} /> : null}
        <Box
          sx={{
            mt: 2,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          <FactList facts={facts} testId="fuel-event-facts" />
          {event.lat !== null && event.lng !== null ? (
            <PlaceMap
              lat={event.lat}
              lng={event.lng}
              label={t('fuel.events.place_map', { plate: event.plate })}
              sx={{ height: { xs: 200, md: 240 } }}
            />
          ) : (
            <Alert severity="info">{t('fuel.events.no_place')}</Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button
          component={RouterLink}
          to={travelLink(event)}
          startIcon={<RouteIcon />}
          data-testid="fuel-event-travel"
        >
          {t('fuel.events.open_travel')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </PhoneDialog>
  );
}
