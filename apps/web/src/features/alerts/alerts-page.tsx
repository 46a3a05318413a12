import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useUrlParams } from '../../shared/url/use-url-params';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { useFleetFormat } from '../../shared/fleet/fleet-format';
import { DataTable } from '../../shared/table/data-table';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import {
  SearchField,
  SelectFilter,
  TableLoading,
  TableMessage,
} from '../../shared/table/table-parts';
import { ExcelTableToolbar } from '../../shared/table/excel-toolbar';
import { AlertDialog } from './alert-dialog';
import { AlertIcon } from './alert-icons';
import { buildAlertRows, countByType, filterAlertRows, filtersFromParams } from './alert-rows';
import { AlertCard, alertColumns, exportColumns, TypeCounts } from './alert-table';
import { useAlertTypes, useEvents } from './alerts-api';
import { ALERT_PRESETS, alertPeriod, type AlertPeriodParams } from './alert-period';
import { PeriodBar } from '../../shared/period/period-bar';
import { SendMeThisButton } from '../../shared/reports/send-me-this-button';

const FILTER_KEYS = ['vehicle', 'group', 'typeGroup', 'type', 'handled'] as const;

/** `fleet/alerts`: the events of a period with filters, counts by type, export and handling. */
export default function AlertsPage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const { params, update } = useUrlParams();
  const [openedMs] = useState(() => Date.now());
  const period = alertPeriod(
    {
      period: params.get('period'),
      from: params.get('from'),
      to: params.get('to'),
    } satisfies AlertPeriodParams,
    openedMs,
    offset,
  );
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const events = useEvents(period.fromMs, period.toMs);
  const types = useAlertTypes(language);
  const vehicles = useVehicles();
  const [openId, setOpenId] = useState<number | null>(null);

  const rows = useMemo(
    () => buildAlertRows(events.data ?? [], types.data, vehicles.data),
    [events.data, types.data, vehicles.data],
  );
  const columns = useMemo(() => alertColumns(f), [f]);
  const filtered = useMemo(() => filterAlertRows(rows, filters), [rows, filters]);
  const table = useSortedRows(filtered, columns, { column: 'time', direction: 'desc' }, language);
  const shown = table.rows;
  const counts = useMemo(() => countByType(rows, filters), [rows, filters]);
  const opened = rows.find((row) => row.id === openId) ?? null;

  const vehicleOptions = useMemo(
    () =>
      (vehicles.data ?? [])
        .map((v) => ({ value: String(v.vehicleId), label: v.plate }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [vehicles.data, language],
  );
  const groupOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const v of vehicles.data ?? [])
      if (v.groupId !== null) seen.set(String(v.groupId), v.groupName ?? '');
    const list = [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    return [...list, { value: 'none', label: t('fleet.common.no_group') }];
  }, [vehicles.data, language, t]);
  const typeGroupOptions = useMemo(
    () =>
      (types.data?.groups ?? []).map((g) => ({
        value: g.code,
        label: t(`fleetAlerts.type_group.${g.code}`, { defaultValue: g.description }),
      })),
    [types.data, t],
  );
  const typeOptions = useMemo(() => {
    const groupId = types.data?.groups.find((g) => g.code === filters.typeGroup)?.ideventtypegroup;
    return (types.data?.types ?? [])
      .filter((type) => groupId === undefined || type.ideventtypegroup === groupId)
      .map((type) => ({
        value: type.code.toUpperCase(),
        label: (
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <AlertIcon code={type.code} />
            {`${type.code.toUpperCase()} · ${type.description}`}
          </Box>
        ),
      }));
  }, [types.data, filters.typeGroup]);

  const anyFilter = Object.values(filters).some(Boolean);
  const loading = events.isPending;

  return (
    // One grid column that may shrink to 0: the phone's one-line counts row scrolls inside the
    // page instead of widening it (and the cards below it) past the screen.
    <Box data-testid="alerts-page" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="h1" sx={{ flex: '1 1 auto' }}>
          {t('fleetAlerts.title')}
        </Typography>
        <SendMeThisButton
          report="alerts"
          filters={{
            ...(Number(filters.vehicle) > 0 ? { vehicles: [Number(filters.vehicle)] } : {}),
            ...(Number(filters.group) > 0 ? { groups: [Number(filters.group)] } : {}),
            ...(filters.type ? { codes: [filters.type] } : {}),
          }}
        />
        <Tooltip title={t('fleetAlerts.refresh')}>
          <span>
            <IconButton
              aria-label={t('fleetAlerts.refresh')}
              onClick={() => void events.refetch()}
              disabled={events.isFetching}
            >
              {events.isFetching ? <CircularProgress size={20} /> : <RefreshIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>

      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="alerts-period"
        sx={{ mb: 1.5 }}
      >
        {t('fleetAlerts.period_text', {
          from: f.dateTime(period.fromMs),
          to: f.dateTime(period.toMs),
        })}
      </Typography>
      <PeriodBar
        preset={period.preset}
        offset={offset}
        presets={ALERT_PRESETS}
        texts="fleetAlerts"
        idPrefix="fleetAlerts"
        label={t('fleetAlerts.period')}
        testId="alerts-period-bar"
        presetTestId="alerts-preset"
        fromMs={period.fromMs}
        toMs={period.toMs}
        onPreset={(preset) => update({ period: preset, from: null, to: null })}
        onDays={(fromMs, toMs) =>
          update({ period: 'custom', from: String(fromMs), to: String(toMs) })
        }
      />

      {events.isError ? (
        <TableMessage
          kind="error"
          text={`${t('fleetAlerts.load_error')} ${
            isAborted(events.error) ? t('fleet.common.cancelled') : errorMessage(events.error, t)
          }`}
          action={
            <Button variant="outlined" onClick={() => void events.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : loading ? (
        <TableLoading />
      ) : (
        <>
          <TypeCounts
            counts={counts}
            selected={filters.type}
            total={shown.length}
            onSelect={(code) => update({ type: code === filters.type ? null : code })}
          />
          <ExcelTableToolbar
            kind="fleet-alerts"
            title={t('fleetAlerts.export_title')}
            columns={() => exportColumns(f)}
            shown={shown}
            total={rows.length}
          >
            <SearchField
              value={filters.search}
              onChange={(value) => update({ q: value })}
              placeholder={t('fleetAlerts.search')}
            />
            <SelectFilter
              id="alerts-vehicle"
              label={t('fleetAlerts.vehicle')}
              allLabel={t('fleetAlerts.all_vehicles')}
              value={filters.vehicle}
              onChange={(value) => update({ vehicle: value })}
              options={vehicleOptions}
            />
            <SelectFilter
              id="alerts-group"
              label={t('fleet.common.group')}
              allLabel={t('fleet.common.all_groups')}
              value={filters.group}
              onChange={(value) => update({ group: value })}
              options={groupOptions}
            />
            <SelectFilter
              id="alerts-type-group"
              label={t('fleetAlerts.type_group_label')}
              allLabel={t('fleetAlerts.all_type_groups')}
              value={filters.typeGroup}
              onChange={(value) => update({ typeGroup: value, type: null })}
              options={typeGroupOptions}
            />
            <SelectFilter
              id="alerts-type"
              label={t('fleetAlerts.type')}
              allLabel={t('fleetAlerts.all_types')}
              value={filters.type}
              onChange={(value) => update({ type: value })}
              options={typeOptions}
            />
            <SelectFilter
              id="alerts-handled"
              label={t('fleetAlerts.handled')}
              allLabel={t('fleetAlerts.handled_all')}
              value={filters.handled}
              onChange={(value) => update({ handled: value })}
              options={[
                { value: 'pending', label: t('fleetAlerts.handled_pending') },
                { value: 'done', label: t('fleetAlerts.handled_done') },
              ]}
            />
          </ExcelTableToolbar>
          {rows.length === 0 ? (
            <TableMessage kind="empty" text={t('fleetAlerts.empty')} />
          ) : shown.length === 0 ? (
            <TableMessage
              kind="empty"
              text={t('fleet.common.no_match')}
              action={
                anyFilter ? (
                  <Button
                    variant="outlined"
                    onClick={() =>
                      update(Object.fromEntries([...FILTER_KEYS, 'q'].map((k) => [k, null])))
                    }
                  >
                    {t('fleet.common.clear_filters')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <DataTable
              testId="alerts-table"
              {...table}
              rowKey={(row) => row.id}
              onRowClick={(row) => setOpenId(row.id)}
              rowLabel={(row) => t('fleetAlerts.open', { type: row.type, plate: row.plate })}
              renderCard={(row) => <AlertCard row={row} f={f} />}
            />
          )}
        </>
      )}
      {opened ? <AlertDialog row={opened} f={f} onClose={() => setOpenId(null)} /> : null}
      {types.isError ? (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          {t('fleetAlerts.types_failed')}
        </Typography>
      ) : null}
    </Box>
  );
}
