import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ANALYSIS_INDICATORS, type AnalysisRow } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAddressPeriod } from '../../shared/period/use-address-period';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { formatNumber } from '../../shared/format/format';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import { SearchField, SelectFilter, TableMessage } from '../../shared/table/table-parts';
import { ExcelTableToolbar } from '../../shared/table/excel-toolbar';
import { normalizeText } from '../../shared/table/table-model';
import { useFleetAnalysis } from '../../shared/analysis/analysis-api';
import { indicatorText, noLetterHint } from '../../shared/analysis/indicator-format';
import { PeriodScreen } from '../../shared/period/period-screen';
import { ProfileChip } from '../../shared/analysis/profile-chip';

/** A fleet row with the vehicle's plate and group. */
export interface FleetAnalysisRow extends AnalysisRow {
  plate: string;
  groupId: number | null;
}

function columnsOf(f: FleetFormat): TableColumn<FleetAnalysisRow>[] {
  const { t, language } = f;
  return [
    { id: 'plate', label: t('analysis.vehicle'), value: (r) => r.plate },
    {
      id: 'distance',
      label: `${t('analysis.distance')} (${f.symbol('distance')})`,
      value: (r) => r.odometers.distance,
      exportValue: (r) => f.inUnit('distance', r.odometers.distance),
      render: (r) => f.distance(r.odometers.distance),
      type: 'number',
      decimals: 1,
      align: 'right',
    },
    {
      id: 'fuel',
      label: `${t('analysis.fuel')} (L)`,
      value: (r) => r.consumption.totalFuel,
      render: (r) => formatNumber(r.consumption.totalFuel, language),
      type: 'number',
      decimals: 1,
      align: 'right',
    },
    ...ANALYSIS_INDICATORS.map((key): TableColumn<FleetAnalysisRow> => ({
      id: key,
      label: t(`analysis.indicators.${key}`),
      value: (r) => r.evaluation[key].score ?? r.evaluation[key].value,
      exportValue: (r) => r.evaluation[key].value,
      type: 'number',
      align: 'right',
      render: (r) => (
        <Box
          component="span"
          sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center', whiteSpace: 'nowrap' }}
        >
          {indicatorText(r.evaluation[key], language, t('analysis.na'))}
          <ProfileChip
            letter={r.evaluation[key].profile}
            hint={noLetterHint(key, r.evaluation[key], r.odometers.distance, t)}
          />
        </Box>
      ),
    })),
  ];
}

/** `analysis`: the fleet's ten indicators per vehicle, letters in colour; a row opens the vehicle. */
export default function AnalysisPage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const navigate = useNavigate();
  const { params, update, period } = useAddressPeriod(offset);
  const analysis = useFleetAnalysis(period.fromMs, period.toMs);
  const vehicles = useVehicles();
  const search = params.get('q') ?? '';
  const group = params.get('group') ?? '';

  const rows = useMemo<FleetAnalysisRow[]>(() => {
    const byId = new Map((vehicles.data ?? []).map((v) => [v.vehicleId, v]));
    return (analysis.data ?? []).map((r) => ({
      ...r,
      plate: byId.get(r.vehicleid)?.plate ?? `#${r.vehicleid}`,
      groupId: byId.get(r.vehicleid)?.groupId ?? null,
    }));
  }, [analysis.data, vehicles.data]);
  const columns = useMemo(() => columnsOf(f), [f]);
  const filtered = useMemo(() => {
    const needle = normalizeText(search);
    const filtered = rows.filter(
      (r) =>
        (!needle || normalizeText(r.plate).includes(needle)) &&
        (!group || String(r.groupId) === group),
    );
    return filtered;
  }, [rows, search, group]);
  const table = useSortedRows(
    filtered,
    columns,
    { column: 'averageEcoDriving', direction: 'desc' },
    language,
  );
  const shown = table.rows;
  const groupOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const v of vehicles.data ?? [])
      if (v.groupId !== null) seen.set(String(v.groupId), v.groupName ?? '');
    return [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [vehicles.data, language]);

  const open = (r: FleetAnalysisRow) =>
    void navigate(`/app/analysis/${r.vehicleid}/${period.fromMs}/${period.toMs}`);

  return (
    <PeriodScreen
      testId="analysis-page"
      title={t('analysis.title')}
      params={{ period, update }}
      offset={offset}
      query={analysis}
    >
      <>
        <ExcelTableToolbar
          kind="analysis"
          title={t('analysis.export_title')}
          columns={() => columns}
          shown={shown}
          total={rows.length}
        >
          <SearchField
            value={search}
            onChange={(value) => update({ q: value })}
            placeholder={t('analysis.search')}
          />
          <SelectFilter
            id="analysis-group"
            label={t('fleet.common.group')}
            allLabel={t('fleet.common.all_groups')}
            value={group}
            onChange={(value) => update({ group: value })}
            options={groupOptions}
          />
        </ExcelTableToolbar>
        {rows.length === 0 ? (
          <TableMessage kind="empty" text={t('analysis.empty')} />
        ) : (
          <DataTable
            testId="analysis-table"
            {...table}
            rowKey={(r) => r.vehicleid}
            onRowClick={open}
            rowLabel={(r) => t('analysis.open_vehicle', { plate: r.plate })}
            renderCard={(r) => <AnalysisCard row={r} f={f} />}
          />
        )}
      </>
    </PeriodScreen>
  );
}

function AnalysisCard({ row, f }: { row: FleetAnalysisRow; f: FleetFormat }) {
  const { t, language } = f;
  const eco = row.evaluation.averageEcoDriving;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, flex: '1 1 auto', minWidth: 0 }} noWrap>
          {row.plate}
        </Typography>
        <ProfileChip letter={eco.profile} />
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap>
        {f.distance(row.odometers.distance)} · {formatNumber(row.consumption.totalFuel, language)} L
        · {t('analysis.indicators.consumption')}{' '}
        {indicatorText(row.evaluation.consumption, language, t('analysis.na'))}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {ANALYSIS_INDICATORS.filter((k) => k !== 'averageEcoDriving').map((k) => (
          <Box
            key={k}
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <Typography component="span" variant="caption" color="text.secondary">
              {t(`analysis.indicators.${k}`)}
            </Typography>
            <ProfileChip letter={row.evaluation[k].profile} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
