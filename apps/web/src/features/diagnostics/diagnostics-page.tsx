import { instantOfWallClock, wallClockOf } from '@rumbo/contracts';
import type { TimeZoneSetting } from '@rumbo/contracts';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_UNITS,
  FAULT_SEVERITY_VALUES,
  type FaultRow,
  type FaultSeverityValue,
  type GenerateExcelBody,
  type Language,
  type Units,
} from '@rumbo/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useUrlParams } from '../../shared/url/use-url-params';
import { durationText } from '../../shared/analysis/indicator-format';
import { errorMessage } from '../../shared/api/error-message';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { formatEngineHours } from '../../shared/fleet/vehicle-popup/popup-format';
import { formatDate, formatDateTime, formatMeasure, formatTime } from '../../shared/format/format';
import { presetPeriod, startOfDay } from '../../shared/format/period';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices, useSession } from '../../shared/services';
import { DayField } from '../../shared/ui/day-field';
import { useResponsiveMode } from '../../shared/ui/use-responsive-mode';
import { convertFromBase, unitSymbol } from '../../shared/units/units';
import { useFaults, type FaultsFilter } from './diagnostics-api';
import { SEVERITY_COLOR, faultDurationS, litLamps } from './fault-format';
import { FaultTimeline } from './fault-timeline';

const PRESETS = ['today', 'yesterday', 'last7d', 'last30d', 'custom'] as const;
type Preset = (typeof PRESETS)[number];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `yyyy-MM-dd` of an instant in the user's offset. */
function dayOf(ms: number, offset: TimeZoneSetting): string {
  return new Date(wallClockOf(offset, ms)).toISOString().slice(0, 10);
}
/** Midnight of a `yyyy-MM-dd` in the user's offset. */
function msOfDay(day: string, offset: TimeZoneSetting): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m
    ? instantOfWallClock(offset, Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
    : null;
}

/** The period the address names: a preset (last 7 days by default) or two days. */
function periodOf(params: URLSearchParams, nowMs: number, offset: TimeZoneSetting) {
  const preset = (PRESETS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as Preset)
    : 'last7d';
  if (preset !== 'custom') return { preset, ...presetPeriod(preset, nowMs, offset) };
  const from = msOfDay(params.get('from') ?? '', offset) ?? startOfDay(nowMs, offset) - 6 * DAY;
  const toDay = msOfDay(params.get('to') ?? '', offset);
  const to = toDay === null ? nowMs : toDay + DAY;
  return { preset, fromMs: from, toMs: Math.max(to, from + HOUR) };
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ flex: { xs: '1 1 45%', sm: '0 1 200px' }, minWidth: 0 }}
      slotProps={{ htmlInput: { 'data-testid': id } }}
    >
      {children}
    </TextField>
  );
}

function SeverityChip({ severity, t }: { severity: FaultSeverityValue; t: TFunction }) {
  return (
    <Chip
      size="small"
      color={SEVERITY_COLOR[severity]}
      variant={severity === 'critical' ? 'filled' : 'outlined'}
      label={t(`diagnostics.severity.${severity}`)}
      data-severity={severity}
    />
  );
}

function StatusChip({ open, t }: { open: boolean; t: TFunction }) {
  return (
    <Chip
      size="small"
      variant={open ? 'filled' : 'outlined'}
      color={open ? 'primary' : 'default'}
      label={t(open ? 'diagnostics.status.open' : 'diagnostics.status.closed')}
    />
  );
}

interface Format {
  t: TFunction;
  language: Language;
  units: Units;
  offset: TimeZoneSetting;
  nowMs: number;
}

function excelOf(rows: readonly FaultRow[], f: Format): GenerateExcelBody {
  const { t, units, nowMs } = f;
  const km = (v: number | null) =>
    v === null ? null : Math.round(convertFromBase('distance', v, units.distance) * 10) / 10;
  const distance = unitSymbol('distance', units.distance);
  return {
    title: t('diagnostics.export_title'),
    columns: [
      { key: 'plate', label: t('diagnostics.vehicle') },
      { key: 'code', label: t('diagnostics.code') },
      { key: 'description', label: t('diagnostics.description') },
      { key: 'severity', label: t('diagnostics.severity_label') },
      { key: 'status', label: t('diagnostics.status_label') },
      { key: 'start', label: t('diagnostics.opened'), type: 'date' },
      { key: 'end', label: t('diagnostics.closed_at'), type: 'date' },
      { key: 'duration', label: `${t('diagnostics.duration')} (h)`, type: 'duration' },
      { key: 'odoStart', label: `${t('diagnostics.odometer_open')} (${distance})`, type: 'number' },
      { key: 'odoEnd', label: `${t('diagnostics.odometer_close')} (${distance})`, type: 'number' },
      { key: 'hours', label: t('diagnostics.hours_open'), type: 'number' },
      { key: 'lamps', label: t('diagnostics.lamps') },
      { key: 'occurrences', label: t('diagnostics.occurrences'), type: 'number' },
      { key: 'place', label: t('fleetAlerts.columns.place') },
      { key: 'lat', label: 'Lat', type: 'number' },
      { key: 'lng', label: 'Lng', type: 'number' },
    ],
    rows: rows.map((r) => ({
      plate: r.plate,
      code: r.code,
      description: r.description,
      severity: t(`diagnostics.severity.${r.severity}`),
      status: t(r.open ? 'diagnostics.status.open' : 'diagnostics.status.closed'),
      start: r.start.time,
      end: r.end ? r.end.time : null,
      duration: faultDurationS(r, nowMs),
      odoStart: km(r.start.odometerKm),
      odoEnd: km(r.end?.odometerKm ?? null),
      hours: r.start.engineHours,
      lamps: litLamps(r)
        .map((lamp) => t(`diagnostics.lamp.${lamp}`))
        .join(', '),
      occurrences: r.occurrences,
      place: r.start.place ?? null,
      lat: r.start.lat,
      lng: r.start.lng,
    })),
  };
}

/** `diagnostic/history` (issue 15): fault episodes of the fleet or one vehicle over a period. */
export default function DiagnosticsPage() {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  const config = useSession((s) => s.user?.config);
  const units: Units = config?.units ?? DEFAULT_UNITS;
  const offset = config?.timeZone ?? 0;
  const { exporter } = useServices();
  const mode = useResponsiveMode();
  const narrow = mode === 'mobile' || mode === 'small-mobile';
  const { params, update } = useUrlParams();
  const [nowMs] = useState(() => Date.now());
  const period = periodOf(params, nowMs, offset);
  const vehicles = useVehicles();
  const groups = useMemo(() => {
    const byId = new Map<number, string>();
    for (const v of vehicles.data ?? [])
      if (v.groupId !== null) byId.set(v.groupId, v.groupName ?? `#${v.groupId}`);
    return [...byId.entries()].sort((a, b) => a[1].localeCompare(b[1], language));
  }, [vehicles.data, language]);
  const num = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const severityParam = params.get('severity') ?? '';
  const statusParam = params.get('status') ?? '';
  const filter: FaultsFilter = {
    fromMs: period.fromMs,
    toMs: period.toMs,
    status: statusParam === 'open' || statusParam === 'closed' ? statusParam : 'all',
    severity: (FAULT_SEVERITY_VALUES as readonly string[]).includes(severityParam)
      ? (severityParam as FaultSeverityValue)
      : '',
    vehicleId: num('vehicle'),
    groupId: num('group'),
  };
  const faults = useFaults(filter);
  const rows = useMemo(() => faults.data?.faults ?? [], [faults.data]);
  const vehicle = (vehicles.data ?? []).find((v) => v.vehicleId === filter.vehicleId);
  const fmt: Format = { t, language, units, offset, nowMs };
  const filtered =
    filter.status !== 'all' ||
    filter.severity !== '' ||
    filter.vehicleId !== null ||
    filter.groupId !== null;

  /** A row opens its vehicle's timeline (the vehicle filter). */
  const openVehicle = (id: number) => update({ vehicle: String(id), group: null });

  const summary = [
    ['total', rows.length],
    ['open', rows.filter((r) => r.open).length],
    ['critical', rows.filter((r) => r.severity === 'critical').length],
    ['vehicles', new Set(rows.map((r) => r.vehicleId)).size],
  ] as const;

  return (
    <Box
      data-testid="diagnostics-page"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('diagnostics.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        <Select
          id="fault-period"
          label={t('diagnostics.period')}
          value={period.preset}
          onChange={(value) =>
            update(
              value === 'custom'
                ? {
                    period: value,
                    from: dayOf(period.fromMs, offset),
                    to: dayOf(period.toMs - 1, offset),
                  }
                : { period: value, from: null, to: null },
            )
          }
        >
          {PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`diagnostics.preset.${p}`)}
            </MenuItem>
          ))}
        </Select>
        {period.preset === 'custom' && (
          <>
            <DayField
              id="fault-from"
              label={t('diagnostics.from')}
              language={language}
              value={dayOf(period.fromMs, offset)}
              onChange={(day) => update({ from: day })}
              sx={{ flex: { xs: '1 1 45%', sm: '0 1 180px' } }}
            />
            <DayField
              id="fault-to"
              label={t('diagnostics.to')}
              language={language}
              value={dayOf(period.toMs - 1, offset)}
              onChange={(day) => update({ to: day })}
              sx={{ flex: { xs: '1 1 45%', sm: '0 1 180px' } }}
            />
          </>
        )}
        <Select
          id="fault-group"
          label={t('diagnostics.group')}
          value={filter.groupId === null ? '' : String(filter.groupId)}
          onChange={(value) => update({ group: value })}
        >
          <MenuItem value="">{t('diagnostics.all_groups')}</MenuItem>
          {groups.map(([id, name]) => (
            <MenuItem key={id} value={String(id)}>
              {name}
            </MenuItem>
          ))}
        </Select>
        <Select
          id="fault-vehicle"
          label={t('diagnostics.vehicle')}
          value={filter.vehicleId === null ? '' : String(filter.vehicleId)}
          onChange={(value) => update({ vehicle: value })}
        >
          <MenuItem value="">{t('diagnostics.all_vehicles')}</MenuItem>
          {(vehicles.data ?? []).map((v) => (
            <MenuItem key={v.vehicleId} value={String(v.vehicleId)}>
              {v.plate}
            </MenuItem>
          ))}
        </Select>
        <Select
          id="fault-severity"
          label={t('diagnostics.severity_label')}
          value={filter.severity}
          onChange={(value) => update({ severity: value })}
        >
          <MenuItem value="">{t('diagnostics.all_severities')}</MenuItem>
          {FAULT_SEVERITY_VALUES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`diagnostics.severity.${s}`)}
            </MenuItem>
          ))}
        </Select>
        <Select
          id="fault-status"
          label={t('diagnostics.status_label')}
          value={filter.status === 'all' ? '' : filter.status}
          onChange={(value) => update({ status: value })}
        >
          <MenuItem value="">{t('diagnostics.all_statuses')}</MenuItem>
          <MenuItem value="open">{t('diagnostics.status.open')}</MenuItem>
          <MenuItem value="closed">{t('diagnostics.status.closed')}</MenuItem>
        </Select>
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          disabled={rows.length === 0}
          data-testid="table-export"
          onClick={() => void exporter.exportExcel('diagnostics', excelOf(rows, fmt))}
          sx={{ ml: { sm: 'auto' }, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          Excel
        </Button>
      </Box>

      {faults.isError ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="faults-error">
          <ErrorOutlineIcon color="error" />
          <Typography sx={{ my: 1 }}>{t('diagnostics.load_error')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {errorMessage(faults.error, t)}
          </Typography>
          <Button variant="contained" onClick={() => void faults.refetch()}>
            {t('diagnostics.retry')}
          </Button>
        </Paper>
      ) : faults.isPending ? (
        <Box data-testid="faults-loading">
          <Skeleton variant="rounded" height={72} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              mb: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 200px)' },
            }}
          >
            {summary.map(([key, value]) => (
              <Paper
                key={key}
                variant="outlined"
                sx={{ p: 1.5, minWidth: 0 }}
                data-testid={`fault-summary-${key}`}
              >
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {t(`diagnostics.summary.${key}`)}
                </Typography>
                <Typography sx={{ fontWeight: 700, fontSize: '1.2rem' }}>{value}</Typography>
              </Paper>
            ))}
          </Box>
          {faults.data?.truncated && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('diagnostics.truncated', { count: rows.length })}
            </Alert>
          )}
          {rows.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="faults-empty">
              <Typography color="text.secondary">
                {t(filtered ? 'diagnostics.empty_filtered' : 'diagnostics.empty')}
              </Typography>
            </Paper>
          ) : (
            <>
              <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
                <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
                  {vehicle
                    ? t('diagnostics.timeline_of', { plate: vehicle.plate })
                    : t('diagnostics.timeline')}
                </Typography>
                <FaultTimeline
                  faults={rows}
                  fromMs={period.fromMs}
                  toMs={period.toMs}
                  nowMs={nowMs}
                  byCode={vehicle !== undefined}
                  language={language}
                  offset={offset}
                />
              </Paper>
              {narrow ? (
                <FaultCards rows={rows} fmt={fmt} onVehicle={openVehicle} />
              ) : (
                <FaultTable rows={rows} fmt={fmt} onVehicle={openVehicle} />
              )}
            </>
          )}
        </>
      )}
    </Box>
  );
}

function DateTimeCell({
  ms,
  language,
  offset,
}: {
  ms: number;
  language: Language;
  offset: TimeZoneSetting;
}) {
  return (
    <>
      <div>{formatDate(ms, language, offset)}</div>
      <Typography variant="body2" color="text.secondary">
        {formatTime(ms, offset)}
      </Typography>
    </>
  );
}

/** Click and Enter on a row or card open its vehicle's timeline. */
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

function FaultTable({
  rows,
  fmt,
  onVehicle,
}: {
  rows: readonly FaultRow[];
  fmt: Format;
  onVehicle: (id: number) => void;
}) {
  const { t, language, units, offset, nowMs } = fmt;
  const head = [
    'vehicle',
    'code',
    'description',
    'severity_label',
    'status_label',
    'opened',
    'closed_at',
    'duration',
    'odometer_hours',
  ];
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="faults-table">
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((key) => (
              <TableCell key={key} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {t(`diagnostics.${key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.id}
              data-row={r.code}
              hover
              sx={{ cursor: 'pointer' }}
              {...opens(
                r,
                onVehicle,
                t('diagnostics.open_vehicle', { plate: r.plate, code: r.code }),
              )}
            >
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{r.plate}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>{r.code}</TableCell>
              <TableCell sx={{ minWidth: 220 }}>{r.description}</TableCell>
              <TableCell>
                <SeverityChip severity={r.severity} t={t} />
              </TableCell>
              <TableCell>
                <StatusChip open={r.open} t={t} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DateTimeCell ms={r.start.time} language={language} offset={offset} />
                {r.start.place ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {r.start.place}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {r.end ? <DateTimeCell ms={r.end.time} language={language} offset={offset} /> : '—'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {durationText(faultDurationS(r, nowMs))}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <div>
                  {r.start.odometerKm === null
                    ? '—'
                    : formatMeasure('distance', r.start.odometerKm, units, language)}
                </div>
                <Typography variant="body2" color="text.secondary">
                  {r.start.engineHours === null
                    ? ''
                    : formatEngineHours(r.start.engineHours, language)}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function FaultCards({
  rows,
  fmt,
  onVehicle,
}: {
  rows: readonly FaultRow[];
  fmt: Format;
  onVehicle: (id: number) => void;
}) {
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
