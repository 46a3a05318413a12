import type { Device } from '@rumbo/contracts';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import { useCallback, useMemo, useState } from 'react';
import { ActionButton } from '../../shared/crud/action-button';
import { useApiQuery } from '../../shared/api/api-query';
import { useEditing } from '../../shared/crud/use-editing';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { adminKeys, devicesApi, vehiclesApi } from './admin-api';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { AssignDeviceDialog, DeviceDialog } from './components/device-dialogs';
import { RowActions } from './components/row-actions';
import { useAdminDelete } from './components/use-admin-delete';
import { isWaitingDevice, latestInstant } from './device-assignment';
import { useInstantText } from './use-admin-format';

/**
 * Devices of the tenant. Devices that registered themselves (group "Nuevos") stand out and
 * offer an assign-to-vehicle action.
 */
export default function AdminDevicesPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const instant = useInstantText();
  const devices = useApiQuery(adminKeys.devices, devicesApi.list);
  const vehicles = useApiQuery(adminKeys.vehicles, vehiclesApi.list);
  // The live fleet is newer than the stored state the device list reads.
  const lastInfo = useApiQuery(adminKeys.lastInfo, vehiclesApi.lastInfo, {
    refetchInterval: 15_000,
  });
  const liveConnection = useMemo(
    () => new Map((lastInfo.data ?? []).map((info) => [info.idvehiculo, info.lastConnection])),
    [lastInfo.data],
  );
  const editor = useEditing<Device>();
  const [assigning, setAssigning] = useState<Device | null>(null);
  const [onlyNew, setOnlyNew] = useState(false);
  const remove = useAdminDelete({
    remove: (device: Device) => devicesApi.remove(api, device.id),
    nameOf: (device) => device.uniqueId,
  });
  const vehicleList = useMemo(() => vehicles.data ?? [], [vehicles.data]);
  const waiting = useCallback((d: Device) => isWaitingDevice(d, vehicleList), [vehicleList]);
  const waitingCount = (devices.data ?? []).filter(waiting).length;
  const searchTexts = useCallback((d: Device) => [d.uniqueId, d.protocol, d.model, d.plate], []);

  const columns: AdminColumn<Device>[] = [
    {
      id: 'uniqueId',
      label: t('admin.devices.unique_id'),
      render: (d) => (
        <>
          {d.uniqueId}
          {waiting(d) ? (
            <Tooltip title={t('admin.devices.auto_hint')}>
              <Chip
                size="small"
                color="warning"
                label={t('admin.devices.auto')}
                sx={{ ml: 1 }}
                data-testid="device-new-chip"
              />
            </Tooltip>
          ) : null}
        </>
      ),
    },
    { id: 'protocol', label: t('admin.devices.protocol'), render: (d) => d.protocol },
    {
      id: 'model',
      label: t('admin.devices.model'),
      render: (d) => d.model ?? t('admin.common.none'),
    },
    {
      id: 'vehicle',
      label: t('admin.devices.vehicle'),
      render: (d) => d.plate ?? t('admin.devices.unassigned'),
    },
    {
      id: 'last',
      label: t('admin.devices.last_connection'),
      render: (d) =>
        instant(latestInstant(d.lastConnection, liveConnection.get(d.vehicleId ?? -1))),
    },
  ];

  return (
    <>
      <AdminTable
        name="devices"
        texts="admin.devices"
        onCreate={vehicles.data ? editor.create : undefined}
        query={devices}
        columns={columns}
        rowKey={(d) => d.id}
        searchTexts={searchTexts}
        preFilter={onlyNew ? waiting : undefined}
        rowSx={(d) =>
          waiting(d) ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12) } : undefined
        }
        banner={
          waitingCount > 0 ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="devices-waiting">
              {t('admin.devices.auto_count', { count: waitingCount })}
            </Alert>
          ) : null
        }
        filters={
          <FormControlLabel
            control={
              <Switch checked={onlyNew} onChange={(event) => setOnlyNew(event.target.checked)} />
            }
            label={t('admin.devices.only_new')}
          />
        }
        actions={(d) => (
          <RowActions
            label={d.uniqueId}
            onEdit={vehicles.data ? () => editor.edit(d) : undefined}
            onDelete={() => remove.ask(d)}
          >
            {vehicles.data ? (
              <ActionButton
                label={t('admin.devices.assign')}
                name={d.uniqueId}
                icon={<LinkIcon fontSize="small" />}
                onClick={() => setAssigning(d)}
                testId="row-assign"
                color={waiting(d) ? 'warning' : 'default'}
              />
            ) : null}
          </RowActions>
        )}
      />
      {editor.dialog((device, close) =>
        vehicles.data ? (
          <DeviceDialog device={device} vehicles={vehicles.data} onClose={close} />
        ) : null,
      )}
      {assigning && vehicles.data ? (
        <AssignDeviceDialog
          device={assigning}
          vehicles={vehicles.data}
          onClose={() => setAssigning(null)}
        />
      ) : null}
      {remove.dialog}
    </>
  );
}
