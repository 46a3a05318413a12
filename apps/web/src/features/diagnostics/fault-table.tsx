import type { FaultRow } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { durationText } from '../../shared/analysis/indicator-format';
import { formatEngineHours } from '../../shared/fleet/vehicle-popup/popup-format';
import { formatDateTime, formatMeasure } from '../../shared/format/format';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import type { Format } from './fault-excel';
import { DateTimeCell, SeverityChip, StatusChip } from './fault-chips';
import { faultDurationS } from './fault-format';

/** The episodes shown, how they read, and what a row or card opens (its vehicle's timeline). */
interface FaultListProps {
  rows: readonly FaultRow[];
  fmt: Format;
  onVehicle: (id: number) => void;
}

/** Click and Enter on a card open its vehicle's timeline. */
function opens(r: FaultRow, onVehicle: (id: number) => void, label: string) {
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    onClick: () => onVehicle(r.vehicleId),
    onKeyDown: (event: { key: string; preventDefault(): void }) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onVehicle(r.vehicleId);
      }
    },
  };
}

/** The fault episodes as a table (wide screens); a row opens its vehicle's timeline. */
export function FaultTable({ rows, fmt, onVehicle }: FaultListProps) {
  const { t, language, units, offset, nowMs } = fmt;
  const columns = useMemo<TableColumn<FaultRow>[]>(
    () => [
      {
        id: 'vehicle',
        label: t('diagnostics.vehicle'),
        value: (r) => r.plate,
        cellSx: { fontWeight: 600 },
      },
      {
        id: 'code',
        label: t('diagnostics.code'),
        value: (r) => r.code,
        cellSx: { fontFamily: 'monospace' },
      },
      {
        id: 'description',
        label: t('diagnostics.description'),
        value: (r) => r.description,
        wrap: true,
        cellSx: { minWidth: 220 },
      },
      {
        id: 'severity',
        label: t('diagnostics.severity_label'),
        value: (r) => r.severity,
        render: (r) => <SeverityChip severity={r.severity} t={t} />,
      },
      {
        id: 'status',
        label: t('diagnostics.status_label'),
        value: (r) => (r.open ? 'open' : 'closed'),
        render: (r) => <StatusChip open={r.open} t={t} />,
      },
      {
        id: 'opened',
        label: t('diagnostics.opened'),
        value: (r) => r.start.time,
        render: (r) => (
          <>
            <DateTimeCell ms={r.start.time} language={language} offset={offset} />
            {r.start.place ? (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {r.start.place}
              </Typography>
            ) : null}
          </>
        ),
      },
      {
        id: 'closed_at',
        label: t('diagnostics.closed_at'),
        value: (r) => r.end?.time ?? null,
        render: (r) =>
          r.end ? <DateTimeCell ms={r.end.time} language={language} offset={offset} /> : '—',
      },
      {
        id: 'duration',
        label: t('diagnostics.duration'),
        value: (r) => faultDurationS(r, nowMs),
        render: (r) => durationText(faultDurationS(r, nowMs)),
      },
      {
        id: 'odometer_hours',
        label: t('diagnostics.odometer_hours'),
        value: (r) => r.start.odometerKm,
        render: (r) => (
          <>
            <div>
              {r.start.odometerKm === null
                ? '—'
                : formatMeasure('distance', r.start.odometerKm, units, language)}
            </div>
            <Typography variant="body2" color="text.secondary">
              {r.start.engineHours === null ? '' : formatEngineHours(r.start.engineHours, language)}
            </Typography>
          </>
        ),
      },
    ],
    [t, language, units, offset, nowMs],
  );
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      rowName={(r) => r.code}
      sort={null}
      paged={false}
      phone={false}
      testId="faults-table"
      onRowClick={(r) => onVehicle(r.vehicleId)}
      rowLabel={(r) => t('diagnostics.open_vehicle', { plate: r.plate, code: r.code })}
    />
  );
}

/** The fault episodes as cards (narrow screens); a card opens its vehicle's timeline. */
export function FaultCards({ rows, fmt, onVehicle }: FaultListProps) {
  const { t, language, units, offset, nowMs } = fmt;
  return (
    <Box data-testid="faults-cards" sx={{ display: 'grid', gap: 1 }}>
      {rows.map((r) => (
        <Paper
          key={r.id}
          variant="outlined"
          sx={{ p: 1.5, minWidth: 0, cursor: 'pointer' }}
          data-card={r.code}
          {...opens(r, onVehicle, t('diagnostics.open_vehicle', { plate: r.plate, code: r.code }))}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
            <Typography
              sx={{ fontWeight: 700, fontFamily: 'monospace', flex: '1 1 auto', minWidth: 0 }}
              noWrap
            >
              {r.code}
            </Typography>
            <SeverityChip severity={r.severity} t={t} />
          </Box>
          <Typography variant="body2" sx={{ my: 0.5 }}>
            {r.description}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {r.plate}
            </Typography>
            <StatusChip open={r.open} t={t} />
            <Typography variant="body2" color="text.secondary">
              {durationText(faultDurationS(r, nowMs))}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {formatDateTime(r.start.time, language, offset)}
            {r.end
              ? ` – ${formatDateTime(r.end.time, language, offset)}`
              : ` · ${t('diagnostics.still_open')}`}
            {r.start.place ? ` · ${r.start.place}` : ''}
          </Typography>
          {r.start.odometerKm !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('diagnostics.odometer_open')}:{' '}
              {formatMeasure('distance', r.start.odometerKm, units, language)}
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
