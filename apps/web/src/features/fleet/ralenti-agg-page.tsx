import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RalentiAggAnswer } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAddressPeriod } from '../../shared/period/use-address-period';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { formatNumber } from '../../shared/format/format';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import { SearchField, TableMessage } from '../../shared/table/table-parts';
import { ExcelTableToolbar } from '../../shared/table/excel-toolbar';
import { normalizeText } from '../../shared/table/table-model';
import { useRalentiAgg } from '../../shared/analysis/analysis-api';
import { durationText } from '../../shared/analysis/indicator-format';
import { PeriodScreen } from '../../shared/period/period-screen';
import { IdleChart } from '../../shared/analysis/analysis-charts';
import { SendMeThisButton } from '../../shared/reports/send-me-this-button';
import { FigureCard, FigureGrid } from '../../shared/ui/figure-cards';

type Item = RalentiAggAnswer['payload'][number] & { plate: string };

function columnsOf(f: FleetFormat): TableColumn<Item>[] {
  const { t, language } = f;
  const time = (id: 'min' | 'max' | 'total' | 'avg'): TableColumn<Item> => ({
    id,
    label: t(`analysis.ralenti.${id}`),
    value: (r) => r[id],
    render: (r) => durationText(r[id]),
    type: 'duration',
    align: 'right',
  });
  return [
    { id: 'plate', label: t('analysis.vehicle'), value: (r) => r.plate },
    {
      id: 'count',
      label: t('analysis.ralenti.count'),
      value: (r) => r.count,
      type: 'number',
      align: 'right',
    },
    time('min'),
    time('max'),
    time('total'),
    time('avg'),
    {
      id: 'idlePct',
      label: t('analysis.ralenti.idle_pct'),
      value: (r) => r.idlePct,
      render: (r) => (r.idlePct === null ? '—' : `${formatNumber(r.idlePct, language)} %`),
      type: 'number',
      align: 'right',
    },
    {
      id: 'fuel',
      label: `${t('analysis.ralenti.fuel')} (L)`,
      value: (r) => r.fuel,
      render: (r) => formatNumber(r.fuel, language),
      type: 'number',
      decimals: 1,
      align: 'right',
    },
  ];
}

/** `fleet/ralenti_agg`: idle per vehicle over a period; a row opens the vehicle's idle periods. */
export default function RalentiAggPage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const navigate = useNavigate();
  const { params, update, period } = useAddressPeriod(offset);
  const agg = useRalentiAgg(period.fromMs, period.toMs);
  const vehicles = useVehicles();
  const search = params.get('q') ?? '';
  const rows = useMemo<Item[]>(() => {
    const plates = new Map((vehicles.data ?? []).map((v) => [v.vehicleId, v.plate]));
    return (agg.data?.payload ?? []).map((r) => ({
      ...r,
      plate: plates.get(r.vehicle_id) ?? `#${r.vehicle_id}`,
    }));
  }, [agg.data, vehicles.data]);
  const columns = useMemo(() => columnsOf(f), [f]);
  const filtered = useMemo(() => {
    const needle = normalizeText(search);
    return rows.filter((r) => !needle || normalizeText(r.plate).includes(needle));
  }, [rows, search]);
  const table = useSortedRows(filtered, columns, { column: 'total', direction: 'desc' }, language);
  const shown = table.rows;
  const totals = useMemo(
    () => ({
      s: rows.reduce((a, r) => a + r.total, 0),
      l: rows.reduce((a, r) => a + r.fuel, 0),
      n: rows.reduce((a, r) => a + r.count, 0),
    }),
    [rows],
  );

  return (
    <PeriodScreen
      testId="ralenti-agg-page"
      title={t('analysis.ralenti.title')}
      params={{ period, update }}
      offset={offset}
      query={agg}
    >
      <>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <SendMeThisButton report="idle" />
        </Box>
        <FigureGrid
          columns={{
            // Two per row on a phone: a total such as "17 h 21 min" reads whole.
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(3, 220px)',
          }}
        >
          {[
            [t('analysis.ralenti.count'), String(totals.n)],
            [t('analysis.ralenti.total'), durationText(totals.s)],
            [t('analysis.ralenti.fuel'), `${formatNumber(totals.l, language)} L`],
          ].map(([label, value]) => (
            <FigureCard
              key={label}
              label={label}
              value={value}
              valueSx={{ overflowWrap: 'anywhere' }}
            />
          ))}
        </FigureGrid>
        <IdleChart f={f} rows={shown} />
        <ExcelTableToolbar
          kind="ralenti"
          title={t('analysis.ralenti.export_title')}
          columns={() => columns}
          shown={shown}
          total={rows.length}
        >
          <SearchField
            value={search}
            onChange={(value) => update({ q: value })}
            placeholder={t('analysis.search')}
          />
        </ExcelTableToolbar>
        {rows.length === 0 ? (
          <TableMessage kind="empty" text={t('analysis.ralenti.empty')} />
        ) : (
          <DataTable
            testId="ralenti-table"
            {...table}
            rowKey={(r) => r.vehicle_id}
            onRowClick={(r) =>
              void navigate(
                `/app/fleet/ralenti_vehicle/${r.vehicle_id}/${period.fromMs}/${period.toMs}`,
              )
            }
            rowLabel={(r) => t('analysis.ralenti.open_vehicle', { plate: r.plate })}
            renderCard={(r) => (
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, flex: '1 1 auto', minWidth: 0 }} noWrap>
                    {r.plate}
                  </Typography>
                  <Typography sx={{ fontWeight: 700 }}>{durationText(r.total)}</Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {t('analysis.ralenti.count')} {r.count} · {formatNumber(r.fuel, language)} L
                  {r.idlePct === null ? '' : ` · ${formatNumber(r.idlePct, language)} %`}
                </Typography>
              </Box>
            )}
          />
        )}
      </>
    </PeriodScreen>
  );
}
