import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import type { TableColumn } from '../../shared/table/data-table';
import { instantCell } from '../../shared/table/table-model';
import { episodeFactsText } from './alert-details';
import { AlertIcon } from './alert-icons';
import {
  exportValue,
  formatAlertValue,
  rowPlace,
  type AlertRow,
  type TypeCount,
} from './alert-rows';

// The alerts screen's table: counts by type, columns, the Excel export's columns, a phone's card.

/** The counts by type, as chips that filter the list by their type. */
export function TypeCounts(props: {
  counts: TypeCount[];
  selected: string;
  total: number;
  onSelect: (code: string) => void;
}) {
  const { t } = useFleetFormat();
  if (props.counts.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('fleetAlerts.counts')}
      data-testid="alerts-counts"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        display: 'flex',
        gap: 1,
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: { xs: 'auto', sm: 'visible' },
        pb: { xs: 0.5, sm: 0 },
      }}
    >
      {props.counts.map((c) => {
        const active = props.selected.toUpperCase() === c.code;
        return (
          <Box component="li" key={c.code} sx={{ flexShrink: 0 }}>
            <Chip
              icon={<AlertIcon code={c.code} />}
              label={`${c.type} · ${c.count}`}
              title={c.code}
              color={active ? 'primary' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              onClick={() => props.onSelect(c.code)}
              aria-pressed={active}
              data-testid="alerts-count"
              data-code={c.code}
              data-count={c.count}
            />
          </Box>
        );
      })}
    </Box>
  );
}

/** The table's columns. */
export function alertColumns(f: FleetFormat): TableColumn<AlertRow>[] {
  const { t, units, language } = f;
  return [
    {
      id: 'type',
      label: t('fleetAlerts.columns.type'),
      value: (r) => r.type,
      wrap: true,
      render: (r) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-code={r.code}>
          <AlertIcon code={r.code} color="action" />
          <span>
            {r.type}
            <EpisodeLine row={r} f={f} />
          </span>
        </Box>
      ),
    },
    { id: 'plate', label: t('fleetAlerts.columns.plate'), value: (r) => r.plate },
    {
      id: 'driver',
      label: t('fleetAlerts.columns.driver'),
      value: (r) => r.driver,
      wrap: true,
      render: (r) => r.driver ?? '—',
    },
    {
      id: 'place',
      label: t('fleetAlerts.columns.place'),
      value: (r) => rowPlace(r),
      wrap: true,
      render: (r) => rowPlace(r) || '—',
    },
    {
      id: 'time',
      label: t('fleetAlerts.columns.time'),
      value: (r) => r.startTime,
      render: (r) => f.dateTime(r.startTime),
    },
    {
      id: 'value',
      label: t('fleetAlerts.columns.value'),
      value: (r) => r.value,
      align: 'right',
      render: (r) => formatAlertValue(r.code, r.value, units, language) ?? '—',
    },
    {
      id: 'handled',
      label: t('fleetAlerts.columns.handled'),
      value: (r) => (r.acknowledged ? 1 : 0),
      render: (r) =>
        r.acknowledged ? (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            icon={<CheckCircleIcon />}
            label={t('fleetAlerts.handled_done_short')}
          />
        ) : (
          <Chip size="small" color="warning" label={t('fleetAlerts.handled_pending_short')} />
        ),
    },
  ];
}

/** The Excel export's columns. */
export function exportColumns(f: FleetFormat) {
  const { t, units } = f;
  return [
    { id: 'code', label: t('fleetAlerts.columns.code'), value: (r: AlertRow) => r.code },
    { id: 'type', label: t('fleetAlerts.columns.type'), value: (r: AlertRow) => r.type },
    { id: 'plate', label: t('fleetAlerts.columns.plate'), value: (r: AlertRow) => r.plate },
    { id: 'group', label: t('fleet.common.group'), value: (r: AlertRow) => r.groupName },
    { id: 'driver', label: t('fleetAlerts.columns.driver'), value: (r: AlertRow) => r.driver },
    {
      id: 'driverCode',
      label: t('fleetAlerts.columns.driver_code'),
      value: (r: AlertRow) => r.driverCode,
    },
    {
      id: 'start',
      label: t('fleetAlerts.columns.time'),
      type: 'date' as const,
      value: (r: AlertRow) => instantCell(r.startTime),
    },
    {
      id: 'end',
      label: t('fleetAlerts.columns.end'),
      type: 'date' as const,
      value: (r: AlertRow) => instantCell(r.endTime),
    },
    { id: 'lat', label: 'Lat', type: 'number' as const, value: (r: AlertRow) => r.lat },
    { id: 'lng', label: 'Lng', type: 'number' as const, value: (r: AlertRow) => r.lng },
    {
      id: 'value',
      label: t('fleetAlerts.columns.value'),
      type: 'number' as const,
      value: (r: AlertRow) => exportValue(r.code, r.value, units).value,
    },
    {
      id: 'unit',
      label: t('fleetAlerts.columns.unit'),
      value: (r: AlertRow) => exportValue(r.code, r.value, units).unit,
    },
    {
      id: 'handled',
      label: t('fleetAlerts.columns.handled'),
      value: (r: AlertRow) =>
        r.acknowledged
          ? t('fleetAlerts.handled_done_short')
          : t('fleetAlerts.handled_pending_short'),
    },
    {
      id: 'handledBy',
      label: t('fleetAlerts.columns.handled_by'),
      value: (r: AlertRow) => r.acknowledgedBy,
    },
    {
      id: 'handledAt',
      label: t('fleetAlerts.columns.handled_at'),
      type: 'date' as const,
      value: (r: AlertRow) => instantCell(r.acknowledgedAt),
    },
    { id: 'comment', label: t('fleetAlerts.columns.comment'), value: (r: AlertRow) => r.comment },
  ];
}

/** An alert on a phone: its type, handling, vehicle, driver, time and value. */
export function AlertCard({ row, f }: { row: AlertRow; f: FleetFormat }) {
  const { t, units, language } = f;
  const value = formatAlertValue(row.code, row.value, units, language);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }} data-code={row.code}>
        <AlertIcon code={row.code} color="action" />
        <Typography sx={{ fontWeight: 700, flex: '1 1 auto', minWidth: 0 }} noWrap>
          {row.type}
        </Typography>
        {row.acknowledged ? (
          <CheckCircleIcon
            fontSize="small"
            color="success"
            aria-label={t('fleetAlerts.handled_done_short')}
          />
        ) : (
          <Chip size="small" color="warning" label={t('fleetAlerts.handled_pending_short')} />
        )}
      </Box>
      <Typography variant="body2">
        <strong>{row.plate}</strong>
        {row.driver ? ` · ${row.driver}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[f.dateTime(row.startTime), value].filter(Boolean).join(' · ')}
      </Typography>
      <EpisodeLine row={row} f={f} />
    </>
  );
}

/** What fired with the alert, under its type: "With: Over the vehicle's limit" (nothing if none). */
function EpisodeLine({ row, f }: { row: AlertRow; f: FleetFormat }) {
  const facts = episodeFactsText(row.details);
  if (!facts) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block' }}
      data-testid="alert-episode"
    >
      {f.t('alertEpisode.with', { facts })}
    </Typography>
  );
}
