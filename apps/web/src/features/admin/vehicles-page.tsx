import type { LastInfo, Vehicle } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { seededDescription } from '../../shared/i18n/seeded-text';
import { useTranslation } from '../../shared/i18n/use-translation';
import { statusColor } from '../../shared/fleet/vehicle-status';
import { useServices } from '../../shared/services';
import { adminKeys, groupsApi, vehiclesApi } from './admin-api';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { RowActions } from './components/row-actions';
import { useAdminDelete } from './components/use-admin-delete';
import { VehicleDialog } from './components/vehicle-dialog';
import { TanksButton, VehicleTanksDialog } from './components/vehicle-tanks-dialog';
import { useInstantText } from './use-admin-format';

/** Live status refresh of the list (last_position is kept current by the server). */
const LIVE_REFRESH_MS = 15_000;

/** Vehicles of the tenant with their device and live state; create, edit, delete. */
export default function AdminVehiclesPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const theme = useTheme();
  const instant = useInstantText();
  const vehicles = useQuery({
    queryKey: adminKeys.vehicles,
    queryFn: ({ signal }) => vehiclesApi.list(api, signal),
  });
  const groups = useQuery({
    queryKey: adminKeys.groups,
    queryFn: ({ signal }) => groupsApi.list(api, signal),
  });
  const trailerKinds = useQuery({
    queryKey: adminKeys.trailerKinds,
    queryFn: ({ signal }) => vehiclesApi.trailerKinds(api, signal),
    staleTime: 10 * 60_000,
  });
  const lastInfo = useQuery({
    queryKey: adminKeys.lastInfo,
    queryFn: ({ signal }) => vehiclesApi.lastInfo(api, signal),
    refetchInterval: LIVE_REFRESH_MS,
  });
  const live = useMemo(
    () => new Map<number, LastInfo>((lastInfo.data ?? []).map((info) => [info.idvehiculo, info])),
    [lastInfo.data],
  );
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  const [tanksOf, setTanksOf] = useState<Vehicle | null>(null);
  const remove = useAdminDelete({
    remove: (vehicle: Vehicle) => vehiclesApi.remove(api, vehicle.vehicleId),
    nameOf: (vehicle) => vehicle.plate,
    hintOf: () => t('admin.vehicles.delete_hint'),
  });
  const kindText = useCallback(
    (v: Vehicle) =>
      [t(`admin.vehicles.kinds.${v.kind}`), seededDescription(t, v.description)]
        .filter(Boolean)
        .join(' · '),
    [t],
  );
  const searchTexts = useCallback(
    (v: Vehicle) => [v.plate, v.vim, kindText(v), v.brand, v.model, v.groupName, v.deviceUniqueId],
    [kindText],
  );
  const mode = theme.palette.mode;

  const columns: AdminColumn<Vehicle>[] = [
    { id: 'plate', label: t('admin.vehicles.plate'), render: (v) => v.plate },
    { id: 'kind', label: t('admin.vehicles.kind'), render: kindText },
    {
      id: 'brand',
      label: `${t('admin.vehicles.brand')} / ${t('admin.vehicles.model')}`,
      render: (v) =>
        [v.brand, v.model, v.modelYear].filter(Boolean).join(' ') || t('admin.common.none'),
      hideOnPhone: true,
    },
    {
      id: 'group',
      label: t('admin.vehicles.group'),
      render: (v) => v.groupName ?? t('admin.vehicles.no_group'),
    },
    {
      id: 'device',
      label: t('admin.vehicles.device'),
      render: (v) => v.deviceUniqueId ?? t('admin.vehicles.no_device'),
    },
    {
      id: 'last',
      label: t('admin.vehicles.last_connection'),
      render: (v) => {
        const info = live.get(v.vehicleId);
        return (
          <Box
            component="span"
            data-testid="vehicle-last-connection"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
          >
            {info ? (
              <Box
                component="span"
                title={t(`vehicleStatus.${info.status}`)}
                aria-label={t(`vehicleStatus.${info.status}`)}
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  flexShrink: 0,
                  bgcolor: statusColor(info.status, mode),
                }}
              />
            ) : null}
            {instant(info?.lastConnection)}
          </Box>
        );
      },
    },
  ];

  const ready = groups.data && trailerKinds.data;
  return (
    <>
      <AdminTable
        name="vehicles"
        title={t('admin.vehicles.title')}
        subtitle={t('admin.vehicles.subtitle')}
        createLabel={t('admin.vehicles.new')}
        onCreate={ready ? () => setEditing('new') : undefined}
        query={vehicles}
        columns={columns}
        rowKey={(v) => v.vehicleId}
        searchTexts={searchTexts}
        emptyText={t('admin.vehicles.empty')}
        actions={(v) => (
          <RowActions
            label={v.plate}
            onEdit={ready ? () => setEditing(v) : undefined}
            onDelete={() => remove.ask(v)}
          >
            <TanksButton vehicle={v} onClick={() => setTanksOf(v)} />
          </RowActions>
        )}
      />
      {editing !== null && groups.data && trailerKinds.data ? (
        <VehicleDialog
          vehicle={editing === 'new' ? null : editing}
          groups={groups.data}
          trailerKinds={trailerKinds.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {tanksOf ? <VehicleTanksDialog vehicle={tanksOf} onClose={() => setTanksOf(null)} /> : null}
      {remove.dialog}
    </>
  );
}
