import type { LastInfo, Vehicle } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useCallback, useMemo, useState } from 'react';
import { seededDescription } from '../../shared/i18n/seeded-text';
import { useApiQuery } from '../../shared/api/api-query';
import { useEditing } from '../../shared/crud/use-editing';
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
  const vehicles = useApiQuery(adminKeys.vehicles, vehiclesApi.list);
  const groups = useApiQuery(adminKeys.groups, groupsApi.list);
  const trailerKinds = useApiQuery(adminKeys.trailerKinds, vehiclesApi.trailerKinds, {
    staleTime: 10 * 60_000,
  });
  const lastInfo = useApiQuery(adminKeys.lastInfo, vehiclesApi.lastInfo, {
    refetchInterval: LIVE_REFRESH_MS,
  });
  const live = useMemo(
    () => new Map<number, LastInfo>((lastInfo.data ?? []).map((info) => [info.idvehiculo, info])),
    [lastInfo.data],
  );
  const editor = useEditing<Vehicle>();
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
        texts="admin.vehicles"
        onCreate={ready ? editor.create : undefined}
        query={vehicles}
        columns={columns}
        rowKey={(v) => v.vehicleId}
        searchTexts={searchTexts}
        actions={(v) => (
          <RowActions
            label={v.plate}
            onEdit={ready ? () => editor.edit(v) : undefined}
            onDelete={() => remove.ask(v)}
          >
            <TanksButton vehicle={v} onClick={() => setTanksOf(v)} />
          </RowActions>
        )}
      />
      {editor.dialog((vehicle, close) =>
        groups.data && trailerKinds.data ? (
          <VehicleDialog
            vehicle={vehicle}
            groups={groups.data}
            trailerKinds={trailerKinds.data}
            onClose={close}
          />
        ) : null,
      )}
      {tanksOf ? <VehicleTanksDialog vehicle={tanksOf} onClose={() => setTanksOf(null)} /> : null}
      {remove.dialog}
    </>
  );
}
