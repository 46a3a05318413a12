import type { Driver } from '@rumbo/contracts';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useApiQuery } from '../../shared/api/api-query';
import { useEditing } from '../../shared/crud/use-editing';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices, useSession } from '../../shared/services';
import { useUrlParams } from '../../shared/url/use-url-params';
import { adminKeys, driversApi, groupsApi } from './admin-api';
import { DriverDialog } from './components/driver-dialog';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { RowActions } from './components/row-actions';
import { useAdminDelete } from './components/use-admin-delete';
import { driverExcel, driverSearchTexts, formatDay, licenceState } from './driver-form';

const none = (
  <Typography component="span" color="text.secondary">
    —
  </Typography>
);

/** `driver/admin`: the tenant's drivers with search, group filter, create, edit, delete, export. */
export default function DriversPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const { api, exporter } = useServices();
  const offset = useSession((s) => s.user?.config.timeZone ?? 0);
  const drivers = useApiQuery(adminKeys.drivers, driversApi.list);
  const groups = useApiQuery(adminKeys.groups, groupsApi.list);
  const editor = useEditing<Driver>();
  // `?driver=id` (the top bar's search) opens that driver's dialog; closing it drops the parameter.
  const { params, drop } = useUrlParams();
  const wanted = params.has('driver') ? Number(params.get('driver')) : null;
  const linked = wanted === null ? undefined : drivers.data?.find((d) => d.driverId === wanted);
  const shown = editor.editing ?? linked ?? null;
  const close = () => {
    editor.close();
    if (wanted !== null) drop('driver');
  };
  const [group, setGroup] = useState('');
  const [nowMs] = useState(() => Date.now());
  const remove = useAdminDelete({
    remove: (driver: Driver) => driversApi.remove(api, driver.driverId),
    nameOf: (driver) => `${driver.nombre} ${driver.apellido}`.trim(),
  });
  const preFilter = useCallback(
    (d: Driver) =>
      group === '' || (group === 'none' ? d.groupId === null : String(d.groupId) === group),
    [group],
  );

  const columns = useMemo<AdminColumn<Driver>[]>(
    () => [
      {
        id: 'name',
        label: t('drivers.fields.name'),
        render: (d) => `${d.nombre} ${d.apellido}`.trim(),
      },
      {
        id: 'codigo',
        label: t('drivers.fields.codigo'),
        render: (d) =>
          d.codigo ? (
            <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
              {d.codigo}
            </Typography>
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('drivers.no_code')}
            </Typography>
          ),
      },
      { id: 'documento', label: t('drivers.fields.documento'), render: (d) => d.documento || none },
      { id: 'telefono', label: t('drivers.fields.telefono'), render: (d) => d.telefono || none },
      {
        id: 'licencia',
        label: t('drivers.fields.licencia'),
        hideOnPhone: true,
        render: (d) => d.licencia || none,
      },
      {
        id: 'licenciaVence',
        label: t('drivers.fields.licenciaVence'),
        render: (d) => {
          if (!d.licenciaVence) return none;
          const state = licenceState(d.licenciaVence, nowMs, offset);
          return (
            <>
              {formatDay(d.licenciaVence, language)}
              {state === 'expired' || state === 'soon' ? (
                <Chip
                  size="small"
                  color={state === 'expired' ? 'error' : 'warning'}
                  label={t(state === 'expired' ? 'drivers.expired' : 'drivers.expires_soon')}
                  sx={{ ml: 1, height: 20 }}
                  data-testid="licence-warning"
                />
              ) : null}
            </>
          );
        },
      },
      {
        id: 'group',
        label: t('drivers.fields.group'),
        render: (d) => d.groupName ?? none,
      },
    ],
    [t, language, nowMs, offset],
  );

  return (
    <>
      <AdminTable
        name="drivers"
        texts="drivers"
        createKey="create"
        onCreate={editor.create}
        query={drivers}
        columns={columns}
        rowKey={(d) => d.driverId}
        searchTexts={driverSearchTexts}
        preFilter={preFilter}
        exportLabel={t('drivers.export')}
        onExport={(rows) =>
          void exporter.exportExcel('drivers', driverExcel(rows, { t, language, nowMs, offset }))
        }
        filters={
          <TextField
            id="drivers-group"
            select
            size="small"
            label={t('drivers.fields.group')}
            value={group}
            onChange={(event) => setGroup(event.target.value)}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('drivers.all_groups')}</MenuItem>
            {(groups.data ?? []).map((g) => (
              <MenuItem key={g.id} value={String(g.id)}>
                {g.name}
              </MenuItem>
            ))}
            <MenuItem value="none">{t('drivers.no_group')}</MenuItem>
          </TextField>
        }
        actions={(d) => (
          <RowActions
            label={`${d.nombre} ${d.apellido}`.trim()}
            onEdit={() => editor.edit(d)}
            onDelete={() => remove.ask(d)}
          />
        )}
      />
      {shown !== null ? (
        <DriverDialog
          driver={shown === 'new' ? null : shown}
          groups={groups.data ?? []}
          onClose={close}
        />
      ) : null}
      {remove.dialog}
    </>
  );
}
