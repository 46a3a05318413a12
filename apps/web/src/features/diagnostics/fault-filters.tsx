import {
  FAULT_SEVERITY_VALUES,
  type FaultSeverityValue,
  type TimeZoneSetting,
  type Vehicle,
} from '@rumbo/contracts';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SelectFilter } from '../../shared/table/table-parts';
import { DayField } from '../../shared/ui/day-field';
import type { UrlChanges } from '../../shared/url/use-url-params';
import type { FaultsFilter } from './diagnostics-api';
import { dayOf, PRESETS, type periodOf } from './fault-period';
import { optionItems } from '../../shared/ui/option-items';

/** A filter of the fault screen: its id is its input's test id; empty shows the label alone. */
function Select(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <SelectFilter
      {...props}
      testId={props.id}
      sx={{ flex: { xs: '1 1 45%', sm: '0 1 200px' }, minWidth: 0 }}
    />
  );
}

type Period = ReturnType<typeof periodOf>;

/** The faults' filter the address names (`status`, `severity`, `vehicle`, `group`) over a period. */
export function filterOf(params: URLSearchParams, period: Period): FaultsFilter {
  const num = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const severityParam = params.get('severity') ?? '';
  const statusParam = params.get('status') ?? '';
  return {
    fromMs: period.fromMs,
    toMs: period.toMs,
    status: statusParam === 'open' || statusParam === 'closed' ? statusParam : 'all',
    severity: (FAULT_SEVERITY_VALUES as readonly string[]).includes(severityParam)
      ? (severityParam as FaultSeverityValue)
      : '',
    vehicleId: num('vehicle'),
    groupId: num('group'),
  };
}

/** The fault screen's filter bar: period, group, vehicle, severity, status and Excel. */
export function FaultFilters({
  period,
  offset,
  filter,
  vehicles,
  update,
  canExport,
  onExport,
}: {
  period: Period;
  offset: TimeZoneSetting;
  filter: FaultsFilter;
  vehicles: readonly Vehicle[];
  update: (changes: UrlChanges) => void;
  canExport: boolean;
  onExport: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const groups = useMemo(() => {
    const byId = new Map<number, string>();
    for (const v of vehicles)
      if (v.groupId !== null) byId.set(v.groupId, v.groupName ?? `#${v.groupId}`);
    return [...byId.entries()].sort((a, b) => a[1].localeCompare(b[1], language));
  }, [vehicles, language]);
  return (
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
        {optionItems(PRESETS, (p) => t(`diagnostics.preset.${p}`))}
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
        {vehicles.map((v) => (
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
        {optionItems(FAULT_SEVERITY_VALUES, (s) => t(`diagnostics.severity.${s}`))}
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
        disabled={!canExport}
        data-testid="table-export"
        onClick={onExport}
        sx={{ ml: { sm: 'auto' }, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        Excel
      </Button>
    </Box>
  );
}
