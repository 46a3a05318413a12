import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useGroupsWithVehicles, useLastPositions } from '../../shared/fleet/fleet-queries';
import { StatusDot } from '../../shared/fleet/status-chip';
import { useOpenVehiclePopup } from '../../shared/fleet/vehicle-popup';
import { VEHICLE_STATUSES } from '../../shared/fleet/vehicle-status';
import { useServices } from '../../shared/services';
import {
  bucketCount,
  buildGroupRows,
  STATUS_BUCKETS,
  type GroupRow,
  type StatusBucket,
} from './fleet-rows';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { FleetHeader } from './fleet-header';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { SearchField } from '../../shared/table/table-parts';
import { TableScreen } from './table/table-screen';
import { excelTable, viewRows, type ColumnModel } from '../../shared/table/table-model';
import { useFleetLastInfo } from './use-live-overlay';
import { useTableParams } from './use-table-params';

const BUCKETS = Object.keys(STATUS_BUCKETS) as StatusBucket[];
/** The status whose colour stands for a bucket. */
const BUCKET_COLOR = {
  moving: 'in-transit',
  idling: 'idling',
  off: 'off',
  offline: 'offline-off',
  unknown: 'undefined',
} as const;

/** `fleet/groups`: the groups with their vehicles' live statuses; a row lists its vehicles. */
export default function GroupsPage() {
  const f = useFleetFormat();
  const { t, language } = f;
  const { exporter } = useServices();
  const groups = useGroupsWithVehicles();
  const positions = useLastPositions();
  const lastInfo = useFleetLastInfo(positions.data);
  const params = useTableParams({ column: 'name', direction: 'asc' });
  const rows = useMemo(() => buildGroupRows(groups.data ?? [], lastInfo), [groups.data, lastInfo]);
  const columns = useMemo(() => groupColumns(f), [f]);
  const shown = useMemo(
    () =>
      viewRows(rows, {
        search: params.search,
        searchTexts: (row) => [row.name, ...row.vehicles.map((v) => v.plate)],
        columns,
        sort: params.sort,
        language,
      }),
    [rows, params.search, params.sort, columns, language],
  );
  return (
    <>
      <FleetHeader title={t('fleet.groups.title')} positions={positions} />
      <TableScreen
        query={groups}
        positions={positions}
        total={rows.length}
        shown={shown.length}
        emptyText={t('fleet.common.no_groups')}
        onClearFilters={params.clear}
        onExport={() =>
          void exporter.exportExcel(
            'fleet-groups',
            excelTable(t('fleet.groups.export_title'), exportColumns(f), shown),
          )
        }
        filters={
          <SearchField
            value={params.search}
            onChange={params.setSearch}
            placeholder={t('fleet.common.search_groups')}
          />
        }
      >
        <DataTable
          testId="groups-table"
          rows={shown}
          columns={columns}
          rowKey={(row) => row.key}
          sort={params.sort}
          onSort={params.setSort}
          renderCard={(row) => <GroupCard row={row} />}
          renderExpanded={(row) => <GroupVehicles row={row} />}
          expandLabel={(row, expanded) =>
            t(expanded ? 'fleet.groups.hide_vehicles' : 'fleet.groups.show_vehicles', {
              name: row.name,
            })
          }
        />
      </TableScreen>
    </>
  );
}

function BucketLabel({ bucket, label }: { bucket: StatusBucket; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <StatusDot status={BUCKET_COLOR[bucket]} />
      {label}
    </Box>
  );
}

function groupColumns(f: FleetFormat): TableColumn<GroupRow>[] {
  const { t } = f;
  return [
    {
      id: 'name',
      label: t('fleet.columns.name'),
      value: (row) => row.name,
      render: (row) => (
        <Box component="span" sx={{ fontWeight: 700 }}>
          {row.name}
        </Box>
      ),
      wrap: true,
    },
    {
      id: 'vehicles',
      label: t('fleet.columns.vehicles'),
      value: (row) => row.vehicles.length,
      align: 'right',
    },
    ...BUCKETS.map((bucket): TableColumn<GroupRow> => ({
      id: bucket,
      label: t(`fleet.buckets.${bucket}`),
      value: (row) => bucketCount(row.counts, bucket),
      render: (row) => {
        const count = bucketCount(row.counts, bucket);
        return count === 0 ? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            0
          </Box>
        ) : (
          <BucketLabel bucket={bucket} label={String(count)} />
        );
      },
      align: 'right',
    })),
    {
      id: 'last_connection',
      label: t('fleet.columns.last_report_group'),
      value: (row) => row.lastConnectionMs,
      render: (row) => f.dateTime(row.lastConnectionMs) ?? '—',
    },
  ];
}

/** Group name, vehicle count, one column per status and the plates. */
function exportColumns(f: FleetFormat): ColumnModel<GroupRow>[] {
  const { t } = f;
  return [
    { id: 'name', label: t('fleet.columns.name'), value: (r) => r.name },
    {
      id: 'vehicles',
      label: t('fleet.columns.vehicles'),
      value: (r) => r.vehicles.length,
      type: 'number',
    },
    ...VEHICLE_STATUSES.map((status): ColumnModel<GroupRow> => ({
      id: `status_${status}`,
      label: t(`vehicleStatus.${status}`),
      value: (r) => r.counts[status],
      type: 'number',
    })),
    {
      id: 'last_connection',
      label: t('fleet.columns.last_report_group'),
      value: (r) => r.lastConnectionMs,
      type: 'date',
    },
    {
      id: 'plates',
      label: t('fleet.columns.plates'),
      value: (r) => r.vehicles.map((v) => v.plate).join(', ') || null,
    },
  ];
}

/** The vehicles of a group as chips with their status; each opens the vehicle popup. */
function GroupVehicles({ row }: { row: GroupRow }) {
  const { t } = useFleetFormat();
  const openPopup = useOpenVehiclePopup();
  if (row.vehicles.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('fleet.groups.empty_group')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="group-vehicles">
      {row.vehicles.map((vehicle) => (
        <Chip
          key={vehicle.vehicleId}
          variant="outlined"
          icon={<StatusDot status={vehicle.status} />}
          label={vehicle.plate}
          title={t(`vehicleStatus.${vehicle.status}`)}
          aria-label={t('fleet.common.open_vehicle', { plate: vehicle.plate })}
          onClick={() => openPopup(vehicle.vehicleId)}
          sx={{ '& .MuiChip-icon': { ml: 1 } }}
        />
      ))}
    </Box>
  );
}

function GroupCard({ row }: { row: GroupRow }) {
  const { t } = useFleetFormat();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography sx={{ fontWeight: 700, flex: '1 1 auto' }}>{row.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('fleet.groups.vehicle_count', { count: row.vehicles.length })}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        {BUCKETS.map((bucket) => (
          <Typography key={bucket} variant="body2" component="span">
            <BucketLabel
              bucket={bucket}
              label={`${t(`fleet.buckets.${bucket}`)}: ${bucketCount(row.counts, bucket)}`}
            />
          </Typography>
        ))}
      </Box>
    </>
  );
}
