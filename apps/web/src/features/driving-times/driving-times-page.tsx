import { CountCards } from './count-cards';
import type { DriverDrivingTimesDto } from '@rumbo/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { leftBar, LEFT_KINDS } from '../../shared/driving-times/driving-left';
import { useDrivingTimes } from '../../shared/driving-times/driving-times-api';
import { useGroupsWithVehicles } from '../../shared/fleet/fleet-queries';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSession } from '../../shared/services';
import { ListTable } from '../../shared/table/list-table';
import { SelectFilter } from '../../shared/table/table-parts';
import type { SortState } from '../../shared/table/table-model';
import { useUrlParams } from '../../shared/url/use-url-params';
import { drivingTimesColumns, drivingTimesView } from './driving-times-columns';

type Row = DriverDrivingTimesDto;

/** `driver/driving-times` (issue 26): every driver now, their driving left, live. */
export default function DrivingTimesPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const zone = useSession((s) => s.user?.config.timeZone ?? 0);
  const list = useDrivingTimes();
  const groups = useGroupsWithVehicles();
  const { params, update } = useUrlParams();
  const groupParam = Number(params.get('group'));
  const groupId = Number.isInteger(groupParam) && groupParam > 0 ? groupParam : null;
  const [nowMs] = useState(() => Date.now());
  const columns = useMemo(
    () => drivingTimesColumns({ t, language, zone, nowMs }),
    [t, language, zone, nowMs],
  );
  const drivers = list.data?.drivers;
  const query = useMemo(
    () => ({
      data: drivers,
      isError: list.isError,
      error: list.error,
      // The list screen only calls it to retry; what it resolves to is not read.
      refetch: list.refetch as unknown as UseQueryResult<Row[]>['refetch'],
    }),
    [drivers, list.isError, list.error, list.refetch],
  );
  const view = useCallback(
    (rows: readonly Row[], search: string, sort: SortState | null) =>
      drivingTimesView(rows, { groupId, search, sort, columns, language }),
    [groupId, columns, language],
  );
  const counts = useMemo(() => summaryOf(drivers ?? []), [drivers]);
  return (
    <ListTable
      name="driving-times"
      testId="driving-times-page"
      title={t('drivingTimes.title')}
      subtitle={
        list.data
          ? t('drivingTimes.subtitle_rules', { rules: list.data.ruleSet.name })
          : t('drivingTimes.subtitle')
      }
      texts={{
        search: t('drivingTimes.search'),
        count: (count) => t('drivingTimes.count', { count }),
        failed: t('drivingTimes.load_error'),
        retry: t('common.retry'),
        empty: (search) =>
          search || groupId !== null ? t('drivingTimes.empty_filtered') : t('drivingTimes.empty'),
      }}
      query={query}
      columns={columns}
      rowKey={(row) => row.codigo}
      view={view}
      initialSort={{ column: 'left-break', direction: 'asc' }}
      banner={drivers && drivers.length > 0 ? <Summary counts={counts} /> : null}
      filters={
        <SelectFilter
          id="driving-times-group"
          testId="driving-times-group"
          label={t('drivingTimes.group')}
          value={groupId === null ? '' : String(groupId)}
          onChange={(value) => update({ group: value })}
          allLabel={t('drivingTimes.all_groups')}
          options={(groups.data ?? []).flatMap((g) =>
            g.groupId === null ? [] : [{ value: String(g.groupId), label: g.name }],
          )}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' }, minWidth: 0 }}
        />
      }
      rowSx={(row) => (row.activity === 'unknown' ? { opacity: 0.75 } : undefined)}
    />
  );
}

type Counts = Record<'driving' | 'near' | 'reached', number>;

/** Drivers driving now, near a limit (a bar amber) and at a limit (a bar red). */
export function summaryOf(rows: readonly Row[]): Counts {
  const counts: Counts = { driving: 0, near: 0, reached: 0 };
  for (const row of rows) {
    if (row.activity === 'drive') counts.driving += 1;
    const levels = LEFT_KINDS.map((kind) => leftBar(row, kind).level);
    if (levels.includes('red')) counts.reached += 1;
    else if (levels.includes('amber')) counts.near += 1;
  }
  return counts;
}

function Summary({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const color = { driving: 'text.primary', near: 'warning.main', reached: 'error.main' } as const;
  return (
    <CountCards
      testIdPrefix="dt-summary"
      cards={(Object.keys(counts) as (keyof Counts)[]).map((key) => ({
        key,
        label: t(`drivingTimes.summary.${key}`),
        count: counts[key],
        color: counts[key] > 0 ? color[key] : undefined,
      }))}
    />
  );
}
