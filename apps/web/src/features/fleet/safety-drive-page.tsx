import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PROFILE_LETTERS, type SafetyDriveAnswer } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useAddressPeriod } from '../../shared/period/use-address-period';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { formatDate, formatNumber } from '../../shared/format/format';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import type { SortState } from '../../shared/table/table-model';
import {
  LoadError,
  SelectFilter,
  TableLoading,
  TableMessage,
} from '../../shared/table/table-parts';
import { useSafetyDrive } from '../../shared/analysis/analysis-api';
import { previousPeriod } from '../../shared/period/analysis-period';
import { ScoreTrendChart } from '../../shared/analysis/analysis-charts';
import { PeriodHeading } from '../../shared/period/period-bar';
import { ProfileChip } from '../../shared/analysis/profile-chip';
import { SendMeThisButton } from '../../shared/reports/send-me-this-button';
import { FigureGrid } from '../../shared/ui/figure-cards';

type Item = SafetyDriveAnswer['vehicles'][number]['items'][number];

interface ScoreRow {
  key: string;
  name: string;
  distance: number;
  score: number | null;
  perfil: SafetyDriveAnswer['fleet']['perfil'];
  items: Item[];
}

function itemsText(f: FleetFormat, items: readonly Item[]): string {
  const { t, language } = f;
  const costly = items.filter((i) => i.penalty >= 0.05).sort((a, b) => b.penalty - a.penalty);
  if (costly.length === 0) return t('analysis.safety.no_items');
  return costly
    .map((i) => {
      const count = i.code.startsWith('speeding')
        ? `${formatNumber(i.rate, language)} %`
        : String(i.count);
      return `${t(`analysis.safety.item.${i.code}`)} ${count} (−${formatNumber(i.penalty, language)})`;
    })
    .join(' · ');
}

function scoreColumns(f: FleetFormat, nameLabel: string): TableColumn<ScoreRow>[] {
  const { t, language } = f;
  return [
    { id: 'name', label: nameLabel, value: (r) => r.name },
    {
      id: 'distance',
      label: `${t('analysis.distance')} (${f.symbol('distance')})`,
      value: (r) => r.distance,
      render: (r) => f.distance(r.distance),
      type: 'number',
      align: 'right',
    },
    {
      id: 'score',
      label: t('analysis.safety.score'),
      value: (r) => r.score,
      type: 'number',
      align: 'right',
      render: (r) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
          {r.score === null ? t('analysis.safety.na') : formatNumber(r.score, language)}
          <ProfileChip
            letter={r.perfil}
            hint={
              r.score === null
                ? t(r.distance >= 100 ? 'analysis.safety.na_no_input' : 'analysis.safety.na_hint')
                : undefined
            }
          />
        </Box>
      ),
    },
    {
      id: 'items',
      label: t('analysis.safety.items'),
      value: (r) => itemsText(f, r.items),
      wrap: true,
      sortable: false,
    },
  ];
}

/** Both tables start with the lowest scores. */
const BY_SCORE: SortState = { column: 'score', direction: 'asc' };

/** `fleet/safety_drive`: the fleet's safe-driving score against the four previous periods. */
export default function SafetyDrivePage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const { params, update, period } = useAddressPeriod(offset);
  const group = params.get('group') ?? '';
  const vehicles = useVehicles();
  const groupVehicles = useMemo(
    () =>
      group
        ? (vehicles.data ?? []).filter((v) => String(v.groupId) === group).map((v) => v.vehicleId)
        : undefined,
    [vehicles.data, group],
  );
  // Six calls (spec §7): the fleet, the filtered fleet, and the four previous equal periods.
  const fleet = useSafetyDrive({ from: period.fromMs, to: period.toMs });
  const filtered = useSafetyDrive({
    from: period.fromMs,
    to: period.toMs,
    ...(groupVehicles ? { vehicles: groupVehicles } : {}),
  });
  const p1 = previousPeriod(period, 1);
  const p2 = previousPeriod(period, 2);
  const p3 = previousPeriod(period, 3);
  const p4 = previousPeriod(period, 4);
  const previous = [
    useSafetyDrive({ from: p1.fromMs, to: p1.toMs }),
    useSafetyDrive({ from: p2.fromMs, to: p2.toMs }),
    useSafetyDrive({ from: p3.fromMs, to: p3.toMs }),
    useSafetyDrive({ from: p4.fromMs, to: p4.toMs }),
  ];
  const periods = [p1, p2, p3, p4];

  const plates = useMemo(
    () => new Map((vehicles.data ?? []).map((v) => [v.vehicleId, v.plate])),
    [vehicles.data],
  );
  const answer = filtered.data;
  const vehicleRows = useMemo<ScoreRow[]>(
    () =>
      (answer?.vehicles ?? []).map((v) => ({
        key: String(v.idVehicle),
        name: plates.get(v.idVehicle) ?? `#${v.idVehicle}`,
        distance: v.distance,
        score: v.score,
        perfil: v.perfil,
        items: v.items,
      })),
    [answer, plates],
  );
  const driverRows = useMemo<ScoreRow[]>(
    () =>
      (answer?.drivers ?? []).map((d) => ({
        key: d.driverCode,
        name: d.name ?? t('analysis.safety.unknown_driver', { code: d.driverCode }),
        distance: d.distance,
        score: d.score,
        perfil: d.perfil,
        items: d.items,
      })),
    [answer, t],
  );
  const vColumns = useMemo(() => scoreColumns(f, t('analysis.vehicle')), [f, t]);
  const dColumns = useMemo(() => scoreColumns(f, t('analysis.driver')), [f, t]);
  const vTable = useSortedRows(vehicleRows, vColumns, BY_SCORE, language);
  const dTable = useSortedRows(driverRows, dColumns, BY_SCORE, language);
  const groupOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const v of vehicles.data ?? [])
      if (v.groupId !== null) seen.set(String(v.groupId), v.groupName ?? '');
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [vehicles.data]);

  const current = fleet.data?.fleet.valor ?? null;
  const prevScores = previous.map((q) => q.data?.fleet.valor ?? null);
  const prevKnown = prevScores.filter((s): s is number => s !== null);
  const mean =
    prevKnown.length > 0 ? prevKnown.reduce((a, b) => a + b, 0) / prevKnown.length : null;
  const delta = (a: number | null, b: number | null) =>
    a === null || b === null ? '—' : `${a - b > 0 ? '+' : ''}${formatNumber(a - b, language)}`;

  return (
    <Box
      data-testid="safety-drive-page"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <PeriodHeading
        title={t('analysis.safety.title')}
        period={period}
        offset={offset}
        update={update}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <SendMeThisButton report="safe-driving" />
      </Box>
      {fleet.isError ? (
        <LoadError error={fleet.error} onRetry={() => void fleet.refetch()} />
      ) : (
        <FigureGrid
          columns={{ xs: 'repeat(2, minmax(0, 1fr))', md: '2fr repeat(4, minmax(0, 1fr))' }}
        >
          <Paper
            variant="outlined"
            data-testid="safety-fleet-score"
            sx={{
              p: 2,
              display: 'flex',
              gap: 2,
              alignItems: 'center',
              gridColumn: { xs: '1 / -1', md: 'auto' },
            }}
          >
            {fleet.isPending ? (
              <Skeleton variant="rounded" width="100%" height={56} />
            ) : (
              <>
                <ProfileChip letter={fleet.data.fleet.perfil} size="large" />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('analysis.safety.fleet_score')}
                  </Typography>
                  <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.1 }}>
                    {current === null ? t('analysis.safety.na') : formatNumber(current, language)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('analysis.safety.vs_previous', {
                      delta: delta(current, prevScores[0] ?? null),
                    })}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('analysis.safety.vs_mean', { delta: delta(current, mean) })}
                  </Typography>
                </Box>
              </>
            )}
          </Paper>
          {previous.map((q, k) => (
            <Paper
              key={k}
              variant="outlined"
              sx={{ p: 1.5, minWidth: 0 }}
              data-testid={`safety-previous-${k + 1}`}
            >
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {formatDate(periods[k]!.fromMs, language, offset)} –{' '}
                {formatDate(periods[k]!.toMs - 1, language, offset)}
              </Typography>
              {q.isPending ? (
                <Skeleton height={32} />
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography sx={{ fontSize: '1.4rem', fontWeight: 700 }}>
                    {q.data?.fleet.valor == null
                      ? t('analysis.safety.na')
                      : formatNumber(q.data.fleet.valor, language)}
                  </Typography>
                  <ProfileChip letter={q.data?.fleet.perfil} />
                </Box>
              )}
            </Paper>
          ))}
        </FigureGrid>
      )}
      {fleet.data && (
        <ScoreTrendChart
          f={f}
          periods={[
            ...periods.map((p, k) => ({ p, score: prevScores[k] ?? null })).reverse(),
            {
              p: period,
              score: current,
            },
          ].map(({ p, score }) => ({
            label: `${formatDate(p.fromMs, language, offset).slice(0, 5)}–${formatDate(p.toMs - 1, language, offset).slice(0, 5)}`,
            score,
          }))}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <SelectFilter
          id="safety-group"
          label={t('fleet.common.group')}
          allLabel={t('fleet.common.all_groups')}
          value={group}
          onChange={(value) => update({ group: value })}
          options={groupOptions}
        />
        {answer && (
          <Box
            sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}
            aria-label={t('analysis.safety.profiles')}
            data-testid="safety-profiles"
          >
            <Typography variant="body2" color="text.secondary">
              {t('analysis.safety.profiles')}:
            </Typography>
            {PROFILE_LETTERS.map((l) => (
              <Box
                key={l}
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
              >
                <ProfileChip letter={l} />
                <Typography variant="body2">{answer.profiles[l]}</Typography>
              </Box>
            ))}
            <Typography variant="body2" color="text.secondary">
              {t('analysis.safety.na')} {answer.profiles.NA}
            </Typography>
          </Box>
        )}
      </Box>
      {filtered.isError ? (
        <LoadError error={filtered.error} onRetry={() => void filtered.refetch()} />
      ) : filtered.isPending ? (
        <TableLoading />
      ) : vehicleRows.length === 0 ? (
        <TableMessage kind="empty" text={t('analysis.safety.empty')} />
      ) : (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
            {t('analysis.safety.vehicles')}
          </Typography>
          <DataTable
            testId="safety-vehicles"
            {...vTable}
            rowKey={(r) => r.key}
            renderCard={(r) => <ScoreCard f={f} row={r} />}
          />
          {driverRows.length > 0 && (
            <>
              <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mt: 3, mb: 1 }}>
                {t('analysis.safety.drivers')}
              </Typography>
              <DataTable
                testId="safety-drivers"
                {...dTable}
                rowKey={(r) => r.key}
                renderCard={(r) => <ScoreCard f={f} row={r} />}
              />
            </>
          )}
        </>
      )}
    </Box>
  );
}

function ScoreCard({ f, row }: { f: FleetFormat; row: ScoreRow }) {
  const { t, language } = f;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, flex: '1 1 auto', minWidth: 0 }} noWrap>
          {row.name}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>
          {row.score === null ? t('analysis.safety.na') : formatNumber(row.score, language)}
        </Typography>
        <ProfileChip letter={row.perfil} />
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap>
        {f.distance(row.distance)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {itemsText(f, row.items)}
      </Typography>
    </Box>
  );
}
