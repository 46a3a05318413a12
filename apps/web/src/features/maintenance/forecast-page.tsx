import type { ForecastRow, MaintenanceStatusCode } from '@rumbo/contracts';
import { MAINTENANCE_STATUSES } from '@rumbo/contracts';
import ListAltIcon from '@mui/icons-material/ListAlt';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useGroupsWithVehicles, useVehicles } from '../../shared/fleet/fleet-queries';
import { useServices } from '../../shared/services';
import { MaintTable, muted, type MaintColumn } from './components/maintenance-table';
import { PlansDialog } from './components/plan-dialog';
import { ServiceDialog } from './components/service-dialog';
import { StatusChip } from './components/status-chip';
import {
  forecastExcel,
  forecastSearchTexts,
  formatDay,
  formatKm,
  remainingText,
  STATUS_ORDER,
  urgencyOf,
} from './maintenance-format';
import { useFormatContext, useForecast } from './use-maintenance';
import { seededText } from '../../shared/i18n/seeded-text';
import { optionItems } from '../../shared/ui/option-items';

/** `maintenance/forecast`: what is due, by vehicle, with the axis that makes it due; plans. */
export default function ForecastPage() {
  const ctx = useFormatContext();
  const { t, language } = ctx;
  const { exporter } = useServices();
  const forecast = useForecast();
  const vehicles = useVehicles();
  const groupsQuery = useGroupsWithVehicles();
  const groups = useMemo(
    () =>
      (groupsQuery.data ?? []).flatMap((g) =>
        g.groupId === null ? [] : [{ groupId: g.groupId, name: g.name }],
      ),
    [groupsQuery.data],
  );
  const [status, setStatus] = useState<MaintenanceStatusCode | ''>('');
  const [group, setGroup] = useState('');
  const [plansOpen, setPlansOpen] = useState(false);
  const [marking, setMarking] = useState<ForecastRow | null>(null);
  const preFilter = useCallback(
    (r: ForecastRow) =>
      (status === '' || r.status === status) && (group === '' || String(r.groupId) === group),
    [status, group],
  );

  const columns = useMemo<MaintColumn<ForecastRow>[]>(
    () => [
      {
        id: 'plate',
        label: t('maintenance.fields.plate'),
        render: (r) => r.plate,
        sortValue: (r) => r.plate,
      },
      {
        id: 'item',
        label: t('maintenance.fields.item'),
        render: (r) => (
          <>
            {seededText(t, r.name)}
            <Typography component="div" variant="caption" color="text.secondary">
              {r.planName ? seededText(t, r.planName) : t('maintenance.list.title')}
            </Typography>
          </>
        ),
        sortValue: (r) => r.name,
      },
      {
        id: 'status',
        label: t('maintenance.fields.status'),
        render: (r) => <StatusChip status={r.status} />,
        sortValue: (r) => STATUS_ORDER[r.status],
      },
      {
        id: 'due',
        label: t('maintenance.fields.due'),
        render: (r) => (r.dueDate ? formatDay(r.dueDate, language) : muted('—')),
        sortValue: urgencyOf,
      },
      {
        id: 'axis',
        label: t('maintenance.fields.axis'),
        render: (r) => (r.axis ? t(`maintenance.axis.${r.axis}`) : muted('—')),
        sortValue: (r) => r.axis ?? '',
      },
      {
        id: 'remaining',
        label: t('maintenance.fields.remaining'),
        numeric: true,
        render: (r) => {
          const text = remainingText(r, ctx);
          return text ? (
            <Typography
              component="span"
              variant="body2"
              color={r.status === 'overdue' ? 'error' : undefined}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {text}
            </Typography>
          ) : (
            muted('—')
          );
        },
      },
      {
        id: 'last',
        label: t('maintenance.fields.last'),
        hideOnPhone: true,
        render: (r) => formatDay(r.lastDate, language),
        sortValue: (r) => r.lastDate,
      },
      {
        id: 'odometer',
        label: t('maintenance.fields.odometer'),
        numeric: true,
        hideOnPhone: true,
        render: (r) => (r.odometerKm === null ? muted('—') : formatKm(r.odometerKm, ctx)),
        sortValue: (r) => r.odometerKm ?? -1,
      },
      {
        id: 'fms',
        label: t('maintenance.fields.service_distance'),
        numeric: true,
        hideOnPhone: true,
        render: (r) =>
          r.serviceDistanceKm === null ? (
            muted('—')
          ) : (
            // The vehicle's own count: below 0 its service is overdue by that much.
            <Typography
              component="span"
              variant="body2"
              color={r.serviceDistanceKm < 0 ? 'error' : undefined}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {formatKm(r.serviceDistanceKm, ctx)}
            </Typography>
          ),
        sortValue: (r) => r.serviceDistanceKm ?? Number.MAX_SAFE_INTEGER,
      },
      {
        id: 'group',
        label: t('maintenance.fields.group'),
        hideOnPhone: true,
        render: (r) => r.groupName ?? muted('—'),
        sortValue: (r) => r.groupName ?? '',
      },
    ],
    [t, language, ctx],
  );

  return (
    <>
      <MaintTable
        name="forecast"
        title={t('maintenance.forecast.title')}
        subtitle={t('maintenance.forecast.subtitle')}
        query={forecast}
        columns={columns}
        rowKey={(r) => r.key}
        searchTexts={forecastSearchTexts}
        preFilter={preFilter}
        initialSort={{ id: 'due' }}
        emptyText={t('maintenance.forecast.empty')}
        headerActions={
          <Button
            variant="contained"
            startIcon={<ListAltIcon />}
            onClick={() => setPlansOpen(true)}
            data-testid="forecast-plans"
          >
            {t('maintenance.forecast.plans')}
          </Button>
        }
        onExport={(rows) =>
          void exporter.exportExcel('maintenance-forecast', forecastExcel(rows, ctx))
        }
        filters={
          <>
            <TextField
              id="forecast-status"
              select
              size="small"
              label={t('maintenance.fields.status')}
              value={status}
              onChange={(event) => setStatus(event.target.value as MaintenanceStatusCode | '')}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('maintenance.common.all_statuses')}</MenuItem>
              {optionItems(MAINTENANCE_STATUSES, (s) => t(`maintenance.status.${s}`))}
            </TextField>
            <TextField
              id="forecast-group"
              select
              size="small"
              label={t('maintenance.fields.group')}
              value={group}
              onChange={(event) => setGroup(event.target.value)}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('maintenance.common.all_groups')}</MenuItem>
              {groups.map((g) => (
                <MenuItem key={g.groupId} value={String(g.groupId)}>
                  {g.name}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
        actions={(r) => (
          <Tooltip title={t('maintenance.forecast.mark_done')}>
            <IconButton
              size="small"
              color="primary"
              aria-label={`${t('maintenance.forecast.mark_done')}: ${r.plate} ${r.name}`}
              onClick={() => setMarking(r)}
              data-testid="forecast-mark-done"
            >
              <TaskAltIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
      {plansOpen ? (
        <PlansDialog
          vehicles={vehicles.data ?? []}
          groups={groups}
          onClose={() => setPlansOpen(false)}
        />
      ) : null}
      {marking ? (
        <ServiceDialog forecast={forecast.data} preset={marking} onClose={() => setMarking(null)} />
      ) : null}
    </>
  );
}
