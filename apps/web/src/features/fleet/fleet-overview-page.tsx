import ListAltIcon from '@mui/icons-material/ListAlt';
import MapIcon from '@mui/icons-material/Map';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGroupsWithVehicles, useLastPositions } from '../../shared/fleet/fleet-queries';
import { StatusDot } from '../../shared/fleet/status-chip';
import {
  statusColor,
  VEHICLE_STATUSES,
  type VehicleStatus,
} from '../../shared/fleet/vehicle-status';
import { useSession } from '../../shared/services';
import { buildGroupRows, countByStatus, type GroupRow, type StatusCounts } from './fleet-rows';
import { useFleetFormat } from '../../shared/fleet/fleet-format';
import { FleetHeader, LiveNotice } from './fleet-header';
import { LoadError, SelectFilter, TableMessage } from '../../shared/table/table-parts';
import { useFleetLastInfo } from './use-live-overlay';
import { useTableParams } from './use-table-params';

/** Statuses in the order an operator scans them: moving first, silent last. */
const TILE_ORDER: readonly VehicleStatus[] = [
  'in-transit',
  'speeding',
  'idling',
  'off',
  'offline-in-transit',
  'offline-off',
  'undefined',
];

const vehiclesLink = (params: Record<string, string>) => {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v)).toString();
  return `/app/fleet/vehicles${query ? `?${query}` : ''}`;
};

/** `fleet`: the fleet or one group at a glance — vehicles by live status, with links. */
export default function FleetOverviewPage() {
  const { t } = useFleetFormat();
  const groups = useGroupsWithVehicles();
  const positions = useLastPositions();
  const lastInfo = useFleetLastInfo(positions.data);
  const params = useTableParams({ column: 'name', direction: 'asc' });
  const views = useSession((s) => s.views);
  const groupKey = params.get('group');
  const rows = useMemo(() => buildGroupRows(groups.data ?? [], lastInfo), [groups.data, lastInfo]);
  const selected = rows.filter((row) => !groupKey || row.key === groupKey);
  const counts = countByStatus(selected.flatMap((row) => row.vehicles.map((v) => v.status)));
  const total = selected.reduce((sum, row) => sum + row.vehicles.length, 0);
  const loading = groups.isPending || (positions.isPending && positions.fetchStatus !== 'idle');

  return (
    <>
      <FleetHeader title={t('fleet.overview.title')} positions={positions} />
      {groups.isError ? (
        <LoadError error={groups.error} onRetry={() => void groups.refetch()} />
      ) : loading ? (
        <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={40} sx={{ maxWidth: 320 }} />
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={200} />
        </Box>
      ) : rows.every((row) => row.vehicles.length === 0) ? (
        <TableMessage kind="empty" text={t('fleet.common.no_vehicles')} />
      ) : (
        <>
          <LiveNotice positions={positions} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
            <Box sx={{ display: 'flex', flex: { xs: '1 1 100%', sm: '0 1 280px' } }}>
              <SelectFilter
                id="overview-group"
                label={t('fleet.overview.group')}
                allLabel={t('fleet.common.all_groups')}
                value={groupKey}
                onChange={(value) => params.set('group', value)}
                options={rows.map((row) => ({ value: row.key, label: row.name }))}
              />
            </Box>
            <Box sx={{ flex: '1 0 auto', display: { xs: 'none', sm: 'block' } }} />
            <Button
              component={RouterLink}
              to={vehiclesLink({ group: groupKey })}
              startIcon={<ListAltIcon />}
            >
              {t('fleet.overview.see_vehicles')}
            </Button>
            <Button component={RouterLink} to="/app/fleet/groups" startIcon={<WorkspacesIcon />}>
              {t('fleet.overview.see_groups')}
            </Button>
            {views?.['map-fleet-location'] && (
              <Button component={RouterLink} to="/app/map/current_location" startIcon={<MapIcon />}>
                {t('fleet.overview.see_map')}
              </Button>
            )}
          </Box>
          <StatusTiles counts={counts} total={total} groupKey={groupKey} />
          <Typography variant="h2" sx={{ mt: 4, mb: 1.5 }}>
            {t('fleet.overview.groups_title')}
          </Typography>
          <GroupBars rows={selected} />
        </>
      )}
    </>
  );
}

/** The total and one tile per status; each opens the vehicles table filtered by it. */
function StatusTiles({
  counts,
  total,
  groupKey,
}: {
  counts: StatusCounts;
  total: number;
  groupKey: string;
}) {
  const { t } = useFleetFormat();
  const theme = useTheme();
  const mode = theme.palette.mode;
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const tile = (key: string, label: string, value: number, to: string, color?: string) => (
    <Card
      key={key}
      variant="outlined"
      data-tile={key}
      sx={{ borderLeft: color ? `4px solid ${color}` : undefined }}
    >
      <CardActionArea
        component={RouterLink}
        to={to}
        aria-label={`${label}: ${value}`}
        sx={{ p: 2, height: '100%' }}
      >
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ minHeight: { xs: '2.5em', sm: 0 } }}
          noWrap={!phone}
        >
          {label}
        </Typography>
        <Typography
          sx={{
            fontSize: '2rem',
            fontWeight: 700,
            lineHeight: 1.2,
            color: value === 0 ? 'text.disabled' : 'text.primary',
          }}
          data-count
        >
          {value}
        </Typography>
      </CardActionArea>
    </Card>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(4, minmax(0, 1fr))',
          lg: 'repeat(8, minmax(0, 1fr))',
        },
      }}
      data-testid="status-tiles"
    >
      {tile('total', t('fleet.overview.total'), total, vehiclesLink({ group: groupKey }))}
      {TILE_ORDER.map((status) =>
        tile(
          status,
          t(`vehicleStatus.${status}`),
          counts[status],
          vehiclesLink({ status, group: groupKey }),
          statusColor(status, mode),
        ),
      )}
    </Box>
  );
}

/** Each group as a stacked bar of its vehicles' statuses, linking to its vehicles. */
function GroupBars({ rows }: { rows: readonly GroupRow[] }) {
  const { t } = useFleetFormat();
  const mode = useTheme().palette.mode;
  return (
    <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row, index) => {
        const n = row.vehicles.length;
        const present = VEHICLE_STATUSES.filter((s) => row.counts[s] > 0);
        return (
          <Box
            component="li"
            key={row.key}
            data-group={row.key}
            sx={{
              px: 2,
              py: 1.5,
              borderTop: index === 0 ? undefined : 1,
              borderColor: 'divider',
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr', sm: '220px minmax(0, 1fr) 120px' },
              alignItems: 'center',
            }}
          >
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {row.name}
            </Typography>
            <Box>
              <Box
                role="img"
                aria-label={present
                  .map((s) => `${t(`vehicleStatus.${s}`)}: ${row.counts[s]}`)
                  .join(', ')}
                sx={{
                  display: 'flex',
                  height: 10,
                  borderRadius: 5,
                  overflow: 'hidden',
                  bgcolor: 'action.hover',
                }}
              >
                {present.map((s: VehicleStatus) => (
                  <Box
                    key={s}
                    sx={{ flex: `${row.counts[s]} 0 0`, bgcolor: statusColor(s, mode) }}
                  />
                ))}
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, mt: 0.5 }}>
                {present.map((s) => (
                  <Typography
                    key={s}
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                  >
                    <StatusDot status={s} size={8} />
                    {t(`vehicleStatus.${s}`)} {row.counts[s]}
                  </Typography>
                ))}
              </Box>
            </Box>
            <Button
              size="small"
              component={RouterLink}
              to={vehiclesLink({ group: row.key })}
              sx={{ justifySelf: { xs: 'start', sm: 'end' } }}
            >
              {t('fleet.groups.vehicle_count', { count: n })}
            </Button>
          </Box>
        );
      })}
    </Paper>
  );
}
