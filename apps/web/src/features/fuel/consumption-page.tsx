import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { FuelConsumptionRow } from '@rumbo/contracts';
import { useMemo } from 'react';
import { durationText } from '../../shared/analysis/indicator-format';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { formatNumber } from '../../shared/format/format';
import { ListOrMessage } from './fuel-screen';
import { PeriodScreen } from '../../shared/period/period-screen';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import { SearchField } from '../../shared/table/table-parts';
import { ExcelTableToolbar } from '../../shared/table/excel-toolbar';
import { matchesSearch } from '../../shared/table/table-model';
import { formatCo2 } from '../../shared/format/co2';
import { BalanceCell, BalanceDetail } from './balance-detail';
import { Co2Cell, EstimatedChip } from '../../shared/co2/co2-cell';
import { ConsumptionTrend } from './consumption-trend';
import {
  consumptionExportColumns,
  consumptionKey,
  consumptionTotals,
  driverText,
  hasFuelData,
  perHourText,
} from './consumption-rows';
import { useFuelConsumption } from './fuel-api';
import { measureColumn } from './fuel-columns';
import { FleetFilters, useRowsInGroup } from './fuel-filters';
import { FuelSummary, type SummaryFigure } from './fuel-summary';
import { useFuelParams } from './use-fuel-params';

type Row = FuelConsumptionRow & { groupId: number | null };

/** The switch reads like the app's other buttons (the theme's toggles are upper case). */
const SENTENCE_CASE = { textTransform: 'none', px: 2 } as const;

function columnsOf(f: FleetFormat, byDriver: boolean): TableColumn<Row>[] {
  const { t } = f;
  const volume = (id: string, label: string, get: (r: Row) => number | null) =>
    measureColumn(id, label, get, f.volume);
  const na = t('fuel.consumption.na');
  // A vehicle without fuel data (a phone, no CAN bus) reads N/D, never 0 L or 0 L/100 km.
  const rate = (id: string, label: string, get: (r: Row) => number | null) => ({
    ...measureColumn(id, label, get, f.consumption),
    render: (r: Row) => (hasFuelData(r) ? (f.consumption(get(r)) ?? '—') : na),
  });
  return [
    ...(byDriver
      ? [
          {
            id: 'driver',
            label: t('fuel.consumption.driver'),
            value: (r: Row) => driverText(r, t('fuel.consumption.unidentified')),
            wrap: true,
          },
        ]
      : []),
    { id: 'plate', label: t('fuel.events.vehicle'), value: (r) => r.plate },
    measureColumn('distance', t('fuel.consumption.distance'), (r: Row) => r.distanceKm, f.distance),
    {
      ...volume('fuel', t('fuel.consumption.fuel'), (r) => r.fuelL),
      render: (r: Row) => (hasFuelData(r) ? (f.volume(r.fuelL) ?? '—') : na),
    },
    rate('consumption', t('fuel.consumption.rate'), (r) => r.lPer100Km),
    rate('drivingRate', t('fuel.consumption.driving_rate'), (r) => r.drivingLPer100Km),
    {
      // Idle litres, rate and time in one column: three kept the balance off a 1440 px page.
      id: 'idle',
      label: t('fuel.consumption.idle'),
      value: (r: Row) => r.idleFuelL,
      render: (r: Row) => <IdleCell row={r} f={f} />,
      type: 'number' as const,
      align: 'right' as const,
    },
    {
      id: 'co2',
      label: t('co2.column'),
      value: (r: Row) => r.co2.ttwKg,
      render: (r: Row) => <Co2Cell co2={r.co2} f={f} />,
      type: 'number' as const,
      align: 'right' as const,
    },
    ...(byDriver
      ? []
      : [
          {
            id: 'balance',
            label: t('fuel.balance.title'),
            value: (r: Row) => r.balance?.residualL ?? null,
            render: (r: Row) => <BalanceCell balance={r.balance} f={f} />,
            type: 'number' as const,
            align: 'right' as const,
          },
        ]),
  ];
}

/** `3,0 L · 4,2 L/h` over the idle time, small. */
function IdleCell({ row, f }: { row: Row; f: FleetFormat }) {
  return (
    <>
      {f.volume(row.idleFuelL) ?? '—'} · {perHourText(f, row.idleLPerH)}
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block' }}
      >
        {durationText(row.idleS)}
      </Typography>
    </>
  );
}

function RowCard({ row, f, byDriver }: { row: Row; f: FleetFormat; byDriver: boolean }) {
  const { t } = f;
  return (
    <Box sx={{ minWidth: 0, display: 'grid', gap: 0.25 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, flex: '1 1 auto', minWidth: 0 }} noWrap>
          {byDriver ? driverText(row, t('fuel.consumption.unidentified')) : row.plate}
        </Typography>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {hasFuelData(row) ? (f.consumption(row.lPer100Km) ?? '—') : t('fuel.consumption.na')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {byDriver ? `${row.plate} · ` : ''}
        {f.distance(row.distanceKm)} ·{' '}
        {hasFuelData(row) ? f.volume(row.fuelL) : t('fuel.consumption.no_fuel_data')}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {t('fuel.consumption.idle_short', {
          litres: f.volume(row.idleFuelL),
          rate: perHourText(f, row.idleLPerH),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="div">
        {t('co2.title')} {formatCo2(row.co2.ttwKg, f.language)} ·{' '}
        {t('co2.wtw_short', { mass: formatCo2(row.co2.wtwKg, f.language) })}
        {row.co2.isEstimated ? <EstimatedChip f={f} /> : null}
      </Typography>
      {byDriver ? null : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('fuel.balance.title')}
          </Typography>
          <BalanceCell balance={row.balance} f={f} />
        </Box>
      )}
    </Box>
  );
}

/**
 * `fuel/consumtion`: consumption per vehicle or per driver over a period (ECU counter litres, the
 * user's consumption unit, driving against idle), the daily trend, and each vehicle's fuel balance
 * (flagged ones explained in the row).
 */
export default function ConsumptionPage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const params = useFuelParams(offset);
  const { period, update, filter } = params;
  const byDriver = params.get('by') === 'driver';
  const search = params.get('q');
  const consumption = useFuelConsumption(
    period.fromMs,
    period.toMs,
    byDriver ? 'driver' : 'vehicle',
    filter,
  );
  const columns = useMemo(() => columnsOf(f, byDriver), [f, byDriver]);
  const rows: Row[] = useRowsInGroup(consumption.data?.rows, params.group);
  const filtered = useMemo(
    () => rows.filter((r) => matchesSearch([r.plate, r.driverName, r.driverCode], search)),
    [rows, search],
  );
  const table = useSortedRows(filtered, columns, { column: 'fuel', direction: 'desc' }, language);
  const shown = table.rows;
  const totals = useMemo(() => consumptionTotals(rows), [rows]);
  // The server sends every UTC day the period touches; days not begun when it answered stay off
  // the chart.
  const answeredAt = consumption.dataUpdatedAt;
  const days = useMemo(
    () => (consumption.data?.days ?? []).filter((d) => d.day <= answeredAt),
    [consumption.data, answeredAt],
  );
  const figures: SummaryFigure[] = [
    {
      id: 'distance',
      label: t('fuel.consumption.distance'),
      value: f.distance(totals.distanceKm) ?? '',
    },
    { id: 'fuel', label: t('fuel.consumption.fuel'), value: f.volume(totals.fuelL) ?? '' },
    {
      id: 'rate',
      label: t('fuel.consumption.rate'),
      value: f.consumption(totals.lPer100Km) ?? '—',
    },
    {
      id: 'idle',
      label: t('fuel.consumption.idle_fuel'),
      value: f.volume(totals.idleFuelL) ?? '',
      ...(totals.idlePct === null
        ? {}
        : {
            note: t('fuel.consumption.idle_share', { pct: formatNumber(totals.idlePct, language) }),
          }),
    },
    {
      id: 'co2',
      label: t('co2.ttw'),
      value: formatCo2(totals.co2.ttwKg, language),
      note: [
        t('co2.wtw_short', { mass: formatCo2(totals.co2.wtwKg, language) }),
        ...(totals.co2.estimatedTtwKg > 0
          ? [
              t('co2.includes_estimated', {
                mass: formatCo2(totals.co2.estimatedTtwKg, language),
              }),
            ]
          : []),
      ].join(' · '),
    },
    ...(byDriver
      ? []
      : [
          {
            id: 'flagged',
            label: t('fuel.balance.flagged_count'),
            value: String(totals.flagged),
            ...(totals.flagged > 0 ? { tone: 'warning' as const } : {}),
          },
        ]),
  ];
  const title = t('fuel.consumption.title');

  return (
    <PeriodScreen
      testId="fuel-consumption-page"
      title={title}
      params={params}
      offset={offset}
      query={consumption}
      header={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={byDriver ? 'driver' : 'vehicle'}
          onChange={(_, value: string | null) => {
            if (value) update({ by: value === 'driver' ? 'driver' : null });
          }}
          aria-label={t('fuel.consumption.by')}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="vehicle" data-testid="by-vehicle" sx={SENTENCE_CASE}>
            {t('fuel.consumption.by_vehicle')}
          </ToggleButton>
          <ToggleButton value="driver" data-testid="by-driver" sx={SENTENCE_CASE}>
            {t('fuel.consumption.by_driver')}
          </ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <>
        <FuelSummary figures={figures} />
        {days.some((d) => d.fuelL > 0) ? <ConsumptionTrend days={days} f={f} /> : null}
        <ExcelTableToolbar
          kind={byDriver ? 'fuel-consumption-drivers' : 'fuel-consumption'}
          title={byDriver ? t('fuel.consumption.export_drivers') : title}
          columns={() => consumptionExportColumns(f, byDriver)}
          shown={shown}
          total={rows.length}
        >
          <SearchField
            value={search}
            onChange={(q) => update({ q })}
            placeholder={
              byDriver ? t('fuel.consumption.search_driver') : t('fuel.consumption.search')
            }
          />
          <FleetFilters params={params} language={language} />
        </ExcelTableToolbar>
        <ListOrMessage
          total={rows.length}
          shown={shown.length}
          emptyText={t('fuel.consumption.empty')}
        >
          <DataTable
            testId="fuel-consumption-table"
            {...table}
            rowKey={consumptionKey}
            renderCard={(r) => <RowCard row={r} f={f} byDriver={byDriver} />}
            {...(byDriver
              ? {}
              : {
                  renderExpanded: (r: Row) => <BalanceDetail balance={r.balance} f={f} />,
                  expandLabel: (r: Row, expanded: boolean) =>
                    t(expanded ? 'fuel.balance.hide' : 'fuel.balance.show', { plate: r.plate }),
                })}
          />
        </ListOrMessage>
      </>
    </PeriodScreen>
  );
}
