import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ADBLUE_RATIO, type AdBlueRow } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { formatNumber } from '../../shared/format/format';
import { ListOrMessage } from './fuel-screen';
import { PeriodScreen } from '../../shared/period/period-screen';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import { SelectFilter } from '../../shared/table/table-parts';
import { ExcelTableToolbar } from '../../shared/table/excel-toolbar';
import { adBlueExportColumns, adBlueTotals, LOW_ADBLUE_PCT, ratioTone } from './adblue-rows';
import { useAdBlue } from './fuel-api';
import { measureColumn } from './fuel-columns';
import { FleetFilters, useRowsInGroup } from './fuel-filters';
import { FuelSummary } from './fuel-summary';
import { useFuelParams } from './use-fuel-params';

type Row = AdBlueRow & { groupId: number | null };

/** The AdBlue level now: a bar, the % and the litres. */
function LevelCell({ row, f }: { row: AdBlueRow; f: FleetFormat }) {
  if (row.levelPct === null) return <>—</>;
  const low = row.levelPct < LOW_ADBLUE_PCT;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 150 }}>
      <LinearProgress
        variant="determinate"
        value={Math.max(0, Math.min(100, row.levelPct))}
        color={low ? 'warning' : 'info'}
        aria-hidden
        sx={{ flex: '1 1 60px', height: 8, borderRadius: 4 }}
      />
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {formatNumber(row.levelPct, f.language)} %
        {row.levelL === null ? '' : ` · ${f.volume(row.levelL)}`}
      </Typography>
    </Box>
  );
}

function RatioCell({ row, f }: { row: AdBlueRow; f: FleetFormat }) {
  const { t } = f;
  const tone = ratioTone(row);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}
      data-flag={row.flag ?? ''}
    >
      <Typography
        component="span"
        variant="body2"
        color={tone === 'ok' ? 'success.main' : tone === 'flag' ? 'error.main' : 'text.primary'}
        sx={{ fontWeight: tone === 'flag' ? 700 : 400, whiteSpace: 'nowrap' }}
      >
        {row.ratioPct === null ? '—' : `${formatNumber(row.ratioPct, f.language)} %`}
      </Typography>
      {row.flag ? (
        <Chip
          size="small"
          color={row.flag === 'low' ? 'error' : 'warning'}
          icon={<WarningAmberIcon fontSize="small" />}
          label={t(`fuel.adblue.flag.${row.flag}`)}
        />
      ) : null}
    </Box>
  );
}

function columnsOf(f: FleetFormat): TableColumn<Row>[] {
  const { t } = f;
  const litres = (id: string, label: string, get: (r: Row) => number | null) =>
    measureColumn(id, label, get, f.volume);
  return [
    { id: 'plate', label: t('fuel.events.vehicle'), value: (r) => r.plate },
    {
      id: 'level',
      label: t('fuel.adblue.level'),
      value: (r) => r.levelPct,
      render: (r) => <LevelCell row={r} f={f} />,
      type: 'number',
    },
    {
      id: 'levelAt',
      label: t('fuel.adblue.level_at'),
      value: (r) => r.levelAt,
      render: (r) => f.dateTime(r.levelAt) ?? '—',
      type: 'number',
    },
    {
      id: 'refills',
      label: t('fuel.adblue.refills'),
      value: (r) => r.refills,
      render: (r) => (r.refills === 0 ? '0' : `${r.refills} · ${f.volume(r.refillsL)}`),
      type: 'number',
      align: 'right',
    },
    litres('used', t('fuel.adblue.used'), (r) => r.usedL),
    litres('diesel', t('fuel.adblue.diesel'), (r) => r.dieselL),
    measureColumn('distance', t('fuel.consumption.distance'), (r: Row) => r.distanceKm, f.distance),
    {
      id: 'ratio',
      label: t('fuel.adblue.ratio'),
      value: (r) => r.ratioPct,
      render: (r) => <RatioCell row={r} f={f} />,
      type: 'number',
    },
  ];
}

function RowCard({ row, f }: { row: Row; f: FleetFormat }) {
  const { t } = f;
  return (
    <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
      {/* The flag wraps under the plate on a phone: plate and ratio are never cut. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, flex: '1 1 auto', minWidth: 'max-content' }}>
          {row.plate}
        </Typography>
        <RatioCell row={row} f={f} />
      </Box>
      <LevelCell row={row} f={f} />
      <Typography variant="body2" color="text.secondary">
        {t('fuel.adblue.card', {
          refills: row.refills,
          used: f.volume(row.usedL) ?? '—',
          diesel: f.volume(row.dieselL) ?? '—',
        })}
      </Typography>
    </Box>
  );
}

const FLAG_FILTERS = ['flagged', 'low', 'high'] as const;

/**
 * `fuel/catalyst`: AdBlue per vehicle — the level now, the period's refills and use, and the
 * AdBlue/diesel ratio with its flags (an emulator or a stuck sensor reads too little; too much
 * does not add up either).
 */
export default function CatalystPage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const params = useFuelParams(offset);
  const { period, update, filter } = params;
  const flag = params.get('flag');
  const adBlue = useAdBlue(period.fromMs, period.toMs, filter);
  const columns = useMemo(() => columnsOf(f), [f]);
  const rows: Row[] = useRowsInGroup(adBlue.data?.rows, params.group);
  const filtered = useMemo(
    () => rows.filter((r) => (flag === 'flagged' ? r.flag !== null : !flag || r.flag === flag)),
    [rows, flag],
  );
  const table = useSortedRows(filtered, columns, { column: 'ratio', direction: 'asc' }, language);
  const shown = table.rows;
  const totals = useMemo(() => adBlueTotals(rows), [rows]);
  const title = t('fuel.adblue.title');

  return (
    <PeriodScreen
      testId="fuel-catalyst-page"
      title={title}
      params={params}
      offset={offset}
      query={adBlue}
    >
      <>
        <FuelSummary
          figures={[
            {
              id: 'ratio',
              label: t('fuel.adblue.fleet_ratio'),
              value:
                totals.ratioPct === null ? '—' : `${formatNumber(totals.ratioPct, language)} %`,
            },
            { id: 'used', label: t('fuel.adblue.used'), value: f.volume(totals.usedL) ?? '' },
            {
              id: 'refills',
              label: t('fuel.adblue.refills'),
              value: `${totals.refills} · ${f.volume(totals.refillsL) ?? ''}`,
            },
            {
              id: 'low_level',
              label: t('fuel.adblue.low_level'),
              value: String(totals.lowLevel),
              ...(totals.lowLevel > 0 ? { tone: 'warning' as const } : {}),
            },
            {
              id: 'flagged',
              label: t('fuel.adblue.flagged'),
              value: String(totals.flagged),
              ...(totals.flagged > 0 ? { tone: 'error' as const } : {}),
            },
          ]}
        />
        <Alert severity="info" sx={{ mb: 2 }} data-testid="adblue-rule">
          {t('fuel.adblue.rule', {
            min: ADBLUE_RATIO.expectedMin,
            max: ADBLUE_RATIO.expectedMax,
            low: ADBLUE_RATIO.low,
            km: f.distance(ADBLUE_RATIO.lowMinKm)?.replace(/[.,]0 /, ' ') ?? '',
            high: ADBLUE_RATIO.high,
          })}
        </Alert>
        <ExcelTableToolbar
          kind="fuel-adblue"
          title={title}
          columns={() => adBlueExportColumns(f)}
          shown={shown}
          total={rows.length}
        >
          <FleetFilters params={params} language={language} />
          <SelectFilter
            id="fuel-flag"
            label={t('fuel.adblue.flag_filter')}
            value={flag}
            allLabel={t('fuel.adblue.all_flags')}
            options={FLAG_FILTERS.map((k) => ({
              value: k,
              label: t(`fuel.adblue.flag_choice.${k}`),
            }))}
            onChange={(value) => update({ flag: value })}
          />
        </ExcelTableToolbar>
        <ListOrMessage total={rows.length} shown={shown.length} emptyText={t('fuel.adblue.empty')}>
          <DataTable
            testId="fuel-adblue-table"
            {...table}
            rowKey={(r) => r.vehicleId}
            renderCard={(r) => <RowCard row={r} f={f} />}
          />
        </ListOrMessage>
      </>
    </PeriodScreen>
  );
}
