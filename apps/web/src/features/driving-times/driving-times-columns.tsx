import type { DriverDrivingTimesDto, Language, TimeZoneSetting } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ActivityLabel } from '../../shared/driving-times/activity';
import { leftOf, type LeftKind } from '../../shared/driving-times/driving-left';
import { LeftBarCell } from '../../shared/driving-times/left-bar';
import { formatDateTime, formatTime } from '../../shared/format/format';
import type { TFunction } from '../../shared/i18n/i18n';
import type { ListColumn } from '../../shared/table/list-table';
import { matchesSearch, sortRows, type SortState } from '../../shared/table/table-model';

type Row = DriverDrivingTimesDto;

/** Where a driver's page is (null for a card no driver of the tenant carries). */
export const driverPath = (row: Pick<Row, 'driverId'>) =>
  row.driverId === null ? null : `/app/driver/driving-times/${row.driverId}`;

/** The next rest a driver owes: the break when one is due, else the daily rest. */
export function nextRestOf(row: Pick<Row, 'nextBreakDue' | 'nextDailyRestDue'>): {
  kind: 'break' | 'daily';
  atMs: number;
} | null {
  const breakMs = row.nextBreakDue ? Date.parse(row.nextBreakDue) : NaN;
  const dailyMs = row.nextDailyRestDue ? Date.parse(row.nextDailyRestDue) : NaN;
  if (Number.isFinite(breakMs) && !(dailyMs <= breakMs)) return { kind: 'break', atMs: breakMs };
  if (Number.isFinite(dailyMs)) return { kind: 'daily', atMs: dailyMs };
  return null;
}

const ACTIVITY_ORDER = { drive: 0, work: 1, available: 2, rest: 3, unknown: 4 } as const;

export interface ColumnContext {
  t: TFunction;
  language: Language;
  zone: TimeZoneSetting;
  nowMs: number;
}

/** A bar column of driving left, sorted by the seconds left. */
function leftColumn(kind: LeftKind, t: TFunction): ListColumn<Row> {
  return {
    id: `left-${kind}`,
    label: t(`drivingTimes.left.${kind}`),
    render: (row) => <LeftBarCell row={row} kind={kind} />,
    sortValue: (row) => leftOf(row, kind),
  };
}

/** The driving-times table's columns: driver, activity, truck, three bars, the next rest. */
export function drivingTimesColumns({
  t,
  language,
  zone,
  nowMs,
}: ColumnContext): ListColumn<Row>[] {
  // A time within the day as HH:mm; further away with its date.
  const when = (ms: number) =>
    Math.abs(ms - nowMs) < 20 * 3_600_000
      ? formatTime(ms, zone).slice(0, 5)
      : formatDateTime(ms, language, zone).slice(0, -3);
  return [
    {
      id: 'driver',
      label: t('drivingTimes.columns.driver'),
      sortValue: (row) => row.nombre || row.codigo,
      render: (row) => {
        const path = driverPath(row);
        const name = row.nombre || t('drivers.unknown_code', { code: row.codigo });
        return (
          <Box sx={{ minWidth: 0 }}>
            {path ? (
              <Link
                component={RouterLink}
                to={path}
                sx={{ fontWeight: 600 }}
                data-testid="dt-driver-link"
              >
                {name}
              </Link>
            ) : (
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
            )}
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', fontFamily: 'monospace' }}
            >
              {row.codigo}
            </Typography>
          </Box>
        );
      },
    },
    {
      id: 'activity',
      label: t('drivingTimes.columns.activity'),
      sortValue: (row) => ACTIVITY_ORDER[row.activity],
      render: (row) => (
        <Box>
          <ActivityLabel kind={row.activity} />
          {row.activitySince && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('drivingTimes.since', { time: when(Date.parse(row.activitySince)) })}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'truck',
      label: t('drivingTimes.columns.truck'),
      sortValue: (row) => row.plate ?? '',
      render: (row) => row.plate ?? '—',
    },
    leftColumn('break', t),
    leftColumn('day', t),
    leftColumn('week', t),
    {
      id: 'next-rest',
      label: t('drivingTimes.columns.next_rest'),
      sortValue: (row) => nextRestOf(row)?.atMs ?? '',
      render: (row) => {
        const next = nextRestOf(row);
        if (!next) return '—';
        return (
          <Box>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {when(next.atMs)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`drivingTimes.next.${next.kind}`)}
            </Typography>
          </Box>
        );
      },
    },
  ];
}

/** The rows shown: the group's, matching the search, sorted by a column (least break left first). */
export function drivingTimesView(
  rows: readonly Row[],
  options: {
    groupId: number | null;
    search: string;
    sort: SortState | null;
    columns: readonly ListColumn<Row>[];
    language: Language;
  },
): Row[] {
  const kept = rows.filter(
    (row) =>
      (options.groupId === null || row.groupId === options.groupId) &&
      matchesSearch([row.nombre, row.codigo, row.plate], options.search),
  );
  const sort = options.sort ?? { column: 'left-break', direction: 'asc' as const };
  const column = options.columns.find((c) => c.id === sort.column);
  const sortValue = column?.sortValue;
  return sortValue
    ? sortRows(
        kept,
        { id: sort.column, label: '', value: sortValue },
        sort.direction,
        options.language,
      )
    : kept;
}
