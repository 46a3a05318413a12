import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useLastPositions, useVehicles } from '../../shared/fleet/fleet-queries';
import { StatusChip, StatusDot } from '../../shared/fleet/status-chip';
import { useOpenVehiclePopup } from '../../shared/fleet/vehicle-popup';
import { VEHICLE_STATUSES } from '../../shared/fleet/vehicle-status';
import { useServices } from '../../shared/services';
import { buildVehicleRows, type VehicleRow } from './fleet-rows';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { FleetHeader } from './fleet-header';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { SearchField, SelectFilter } from '../../shared/table/table-parts';
import { TableScreen } from './table/table-screen';
import { excelTable, viewRows, type ColumnModel } from '../../shared/table/table-model';
import { useFleetLastInfo } from './use-live-overlay';
import { useTableParams } from './use-table-params';
import { seededDescription, seededParts } from '../../shared/i18n/seeded-text';
import { FactList } from '../../shared/ui/fact-list';

const groupKey = (row: { groupId: number | null }) =>
  row.groupId === null ? 'none' : `g${row.groupId}`;

/** `fleet/vehicles`: every vehicle with its live status; a row opens the vehicle popup. */
export default function VehiclesPage() {
  const f = useFleetFormat();
  const { t, language } = f;
  const { exporter } = useServices();
  const openPopup = useOpenVehiclePopup();
  const vehicles = useVehicles();
  const positions = useLastPositions();
  const lastInfo = useFleetLastInfo(positions.data);
  const params = useTableParams({ column: 'plate', direction: 'asc' });
  const status = params.get('status');
  const group = params.get('group');

  const rows = useMemo(
    () => buildVehicleRows(vehicles.data ?? [], lastInfo),
    [vehicles.data, lastInfo],
  );
  const columns = useMemo(() => vehicleColumns(f), [f]);
  const groupOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const row of rows) seen.set(groupKey(row), row.groupName ?? t('fleet.common.no_group'));
    return [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) =>
        a.value === 'none' ? 1 : b.value === 'none' ? -1 : a.label.localeCompare(b.label, language),
      );
  }, [rows, t, language]);
  const shown = useMemo(
    () =>
      viewRows(rows, {
        search: params.search,
        searchTexts: (row) => [
          row.plate,
          row.vim,
          row.brand,
          row.model,
          seededDescription(t, row.description),
          row.groupName,
          seededParts(t, row.implement),
          row.driverCode,
          t(`fleet.kind.${row.kind}`),
        ],
        filters: [
          (row) => !status || row.status === status,
          (row) => !group || groupKey(row) === group,
        ],
        columns,
        sort: params.sort,
        language,
      }),
    [rows, params.search, params.sort, status, group, columns, t, language],
  );

  return (
    <>
      <FleetHeader title={t('fleet.vehicles.title')} positions={positions} />
      <TableScreen
        query={vehicles}
        positions={positions}
        total={rows.length}
        shown={shown.length}
        emptyText={t('fleet.common.no_vehicles')}
        onClearFilters={params.clear}
        onExport={() =>
          void exporter.exportExcel(
            'fleet-vehicles',
            excelTable(t('fleet.vehicles.export_title'), exportColumns(f), shown),
          )
        }
        filters={
          <>
            <SearchField
              value={params.search}
              onChange={params.setSearch}
              placeholder={t('fleet.common.search_vehicles')}
            />
            <SelectFilter
              id="filter-status"
              label={t('fleet.common.status')}
              allLabel={t('fleet.common.all_statuses')}
              value={status}
              onChange={(value) => params.set('status', value)}
              options={VEHICLE_STATUSES.map((s) => ({
                value: s,
                label: (
                  <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <StatusDot status={s} />
                    {t(`vehicleStatus.${s}`)}
                  </Box>
                ),
              }))}
            />
            <SelectFilter
              id="filter-group"
              label={t('fleet.common.group')}
              allLabel={t('fleet.common.all_groups')}
              value={group}
              onChange={(value) => params.set('group', value)}
              options={groupOptions}
            />
          </>
        }
      >
        <DataTable
          testId="vehicles-table"
          rows={shown}
          columns={columns}
          rowKey={(row) => row.vehicleId}
          sort={params.sort}
          onSort={params.setSort}
          onRowClick={(row) => openPopup(row.vehicleId)}
          rowLabel={(row) => t('fleet.common.open_vehicle', { plate: row.plate })}
          renderCard={(row) => <VehicleCard row={row} f={f} />}
        />
      </TableScreen>
    </>
  );
}

const dash = (text: string | null) => text ?? '—';
/** A CAN-bus value: said plainly when the vehicle's device (a phone) never sends it. */
const canValue = (row: VehicleRow, text: string | null, f: FleetFormat) =>
  row.noCan ? f.t('fleet.common.no_can') : dash(text);

function kindText(row: VehicleRow, f: FleetFormat): string {
  const kind = f.t(`fleet.kind.${row.kind}`);
  const description = seededDescription(f.t, row.description.trim());
  return description ? `${kind} · ${description}` : kind;
}

function brandText(row: VehicleRow): string | null {
  const parts = [row.brand, row.model, row.modelYear === null ? null : String(row.modelYear)];
  const text = parts.filter(Boolean).join(' ');
  return text || null;
}

/** The columns drawn (and sorted and searched). */
function vehicleColumns(f: FleetFormat): TableColumn<VehicleRow>[] {
  const { t } = f;
  const statusLabel = (row: VehicleRow) => t(`vehicleStatus.${row.status}`);
  return [
    {
      id: 'status',
      label: t('fleet.columns.status'),
      value: statusLabel,
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      id: 'plate',
      label: t('fleet.columns.plate'),
      value: (row) => row.plate,
      render: (row) => (
        <Box component="span" sx={{ fontWeight: 700 }}>
          {row.plate}
        </Box>
      ),
    },
    { id: 'group', label: t('fleet.columns.group'), value: (row) => row.groupName, wrap: true },
    {
      id: 'vehicle',
      label: t('fleet.columns.vehicle'),
      value: (row) => brandText(row) ?? kindText(row, f),
      render: (row) => (
        <>
          <Box>{brandText(row) ?? '—'}</Box>
          <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{kindText(row, f)}</Box>
        </>
      ),
      wrap: true,
    },
    {
      id: 'last_connection',
      label: t('fleet.columns.last_connection'),
      value: (row) => row.lastConnectionMs,
      render: (row) => dash(f.dateTime(row.lastConnectionMs)),
    },
    {
      id: 'speed',
      label: t('fleet.columns.speed'),
      value: (row) => row.speedKmh,
      render: (row) => dash(f.speed(row.speedKmh)),
      align: 'right',
    },
    {
      id: 'odometer',
      label: t('fleet.columns.odometer'),
      value: (row) => row.odometerKm,
      render: (row) => canValue(row, f.distance(row.odometerKm), f),
      align: 'right',
    },
    {
      id: 'engine_hours',
      label: t('fleet.columns.engine_hours'),
      value: (row) => row.engineHours,
      render: (row) => canValue(row, f.hours(row.engineHours), f),
      align: 'right',
    },
    {
      id: 'urea',
      label: t('fleet.columns.urea'),
      value: (row) => row.ureaPct,
      render: (row) => canValue(row, f.urea(row.ureaPct), f),
      align: 'right',
    },
  ];
}

/** Every field, one per Excel column, numbers in the user's units. */
export function exportColumns(f: FleetFormat): ColumnModel<VehicleRow>[] {
  const { t } = f;
  const num = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return [
    { id: 'plate', label: t('fleet.columns.plate'), value: (r) => r.plate },
    { id: 'vim', label: t('fleet.columns.vim'), value: (r) => r.vim || null },
    { id: 'kind', label: t('fleet.columns.kind'), value: (r) => t(`fleet.kind.${r.kind}`) },
    {
      id: 'description',
      label: t('fleet.columns.description'),
      value: (r) => seededDescription(t, r.description) || null,
    },
    { id: 'brand', label: t('fleet.columns.brand'), value: (r) => r.brand },
    { id: 'model', label: t('fleet.columns.model'), value: (r) => r.model },
    {
      id: 'model_year',
      label: t('fleet.columns.model_year'),
      value: (r) => r.modelYear,
      type: 'number',
    },
    {
      id: 'group',
      label: t('fleet.columns.group'),
      value: (r) => r.groupName ?? t('fleet.common.no_group'),
    },
    {
      id: 'implement',
      label: t('fleet.columns.implement'),
      value: (r) => seededParts(t, r.implement),
    },
    {
      id: 'status',
      label: t('fleet.columns.status'),
      value: (r) => t(`vehicleStatus.${r.status}`),
    },
    {
      id: 'last_connection',
      label: t('fleet.columns.last_connection'),
      value: (r) => r.lastConnectionMs,
      type: 'date',
    },
    {
      id: 'speed',
      label: `${t('fleet.columns.speed')} (${f.symbol('speed')})`,
      value: (r) => f.inUnit('speed', r.speedKmh),
      type: 'number',
    },
    {
      id: 'odometer',
      label: `${t('fleet.columns.odometer')} (${f.symbol('distance')})`,
      value: (r) => f.inUnit('distance', r.odometerKm),
      type: 'number',
    },
    {
      id: 'engine_hours',
      label: `${t('fleet.columns.engine_hours')} (hs)`,
      value: (r) => num(r.engineHours),
      type: 'number',
    },
    {
      id: 'urea',
      label: `${t('fleet.columns.urea')} (%)`,
      value: (r) => num(r.ureaPct),
      type: 'number',
    },
    { id: 'driver', label: t('fleet.columns.driver'), value: (r) => r.driverCode },
  ];
}

function VehicleCard({ row, f }: { row: VehicleRow; f: FleetFormat }) {
  const { t } = f;
  const facts: [string, string][] = [
    [t('fleet.columns.group'), row.groupName ?? t('fleet.common.no_group')],
    [t('fleet.columns.last_connection'), dash(f.dateTime(row.lastConnectionMs))],
    [t('fleet.columns.speed'), dash(f.speed(row.speedKmh))],
    [t('fleet.columns.odometer'), canValue(row, f.distance(row.odometerKm), f)],
  ];
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography sx={{ fontWeight: 700, flex: '1 1 auto' }}>{row.plate}</Typography>
        <StatusChip status={row.status} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {[kindText(row, f), brandText(row)].filter(Boolean).join(' · ')}
      </Typography>
      <FactList facts={facts} dense />
    </>
  );
}
