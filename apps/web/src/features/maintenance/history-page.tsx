import type { MaintenanceAttachment, MaintenanceService } from '@rumbo/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useMemo, useRef, useState } from 'react';
import { downloadBlob } from '../../shared/export/export-excel';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { errorMessage } from '../../shared/api/error-message';
import { useServices } from '../../shared/services';
import { MaintTable, muted, type MaintColumn } from './components/maintenance-table';
import { ServiceDialog } from './components/service-dialog';
import { maintenanceApi } from './maintenance-api';
import { formatDay, formatInteger, formatKm, servicesExcel } from './maintenance-format';
import {
  useForecast,
  useFormatContext,
  useMaintenanceSave,
  useServiceHistory,
} from './use-maintenance';
import { seededText } from '../../shared/i18n/seeded-text';

/** `maintenance/history`: services done, their attachments (upload, download), record one. */
export default function HistoryPage() {
  const ctx = useFormatContext();
  const { t, language } = ctx;
  const { api, exporter, snackbar } = useServices();
  const services = useServiceHistory();
  const forecast = useForecast();
  const vehicles = useVehicles();
  const [creating, setCreating] = useState(false);
  const [vehicle, setVehicle] = useState('');
  const uploadFor = useRef<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const remove = useMaintenanceSave({
    mutationFn: (s: MaintenanceService) => maintenanceApi.removeService(api, s.id),
    success: t('maintenance.common.deleted'),
  });
  const upload = useMaintenanceSave({
    mutationFn: ({ serviceId, file }: { serviceId: number; file: File }) =>
      maintenanceApi.upload(api, serviceId, file),
    success: t('maintenance.history.uploaded'),
  });
  const download = useCallback(
    async (attachment: MaintenanceAttachment) => {
      try {
        downloadBlob(await maintenanceApi.download(api, attachment), attachment.name);
      } catch (error) {
        snackbar.notify({ type: 'error', message: errorMessage(error, t) });
      }
    },
    [api, snackbar, t],
  );
  const preFilter = useCallback(
    (s: MaintenanceService) => vehicle === '' || String(s.vehicleId) === vehicle,
    [vehicle],
  );
  const columns = useMemo<MaintColumn<MaintenanceService>[]>(
    () => [
      {
        id: 'date',
        label: t('maintenance.fields.date'),
        render: (s) => `${formatDay(s.date, language)} · ${s.plate}`,
        sortValue: (s) => s.date,
      },
      {
        id: 'done',
        label: t('maintenance.fields.done'),
        render: (s) =>
          s.done.length === 0 ? (
            muted('—')
          ) : (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {s.done.map((d) => (
                <Chip key={`${d.source}-${d.id}`} size="small" label={seededText(t, d.name)} />
              ))}
            </Box>
          ),
      },
      {
        id: 'odometer',
        label: t('maintenance.fields.odometer'),
        numeric: true,
        render: (s) => (s.odometerKm === null ? muted('—') : formatKm(s.odometerKm, ctx)),
        sortValue: (s) => s.odometerKm ?? -1,
      },
      {
        id: 'hours',
        label: t('maintenance.fields.hours'),
        numeric: true,
        hideOnPhone: true,
        render: (s) =>
          s.engineHours === null ? muted('—') : `${formatInteger(s.engineHours, language)} h`,
        sortValue: (s) => s.engineHours ?? -1,
      },
      {
        id: 'cost',
        label: t('maintenance.fields.cost'),
        numeric: true,
        render: (s) => (s.cost === null ? muted('—') : formatInteger(s.cost, language)),
        sortValue: (s) => s.cost ?? -1,
      },
      {
        id: 'workshop',
        label: t('maintenance.fields.workshop'),
        render: (s) => s.workshop || muted('—'),
        sortValue: (s) => s.workshop,
      },
      {
        id: 'notes',
        label: t('maintenance.fields.notes'),
        hideOnPhone: true,
        render: (s) => s.notes || muted('—'),
      },
      {
        id: 'attachments',
        label: t('maintenance.fields.attachments'),
        render: (s) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {s.attachments.map((a) => (
              <Chip
                key={a.id}
                size="small"
                variant="outlined"
                icon={<AttachFileIcon />}
                label={a.name}
                onClick={() => void download(a)}
                data-testid="attachment"
              />
            ))}
          </Box>
        ),
      },
    ],
    [t, language, ctx, download],
  );

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept="application/pdf,image/jpeg,image/png"
        data-testid="history-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          const serviceId = uploadFor.current;
          event.target.value = '';
          if (file && serviceId !== null) upload.mutate({ serviceId, file });
        }}
      />
      <MaintTable
        name="history"
        title={t('maintenance.history.title')}
        subtitle={t('maintenance.history.subtitle')}
        query={services}
        columns={columns}
        rowKey={(s) => s.id}
        searchTexts={(s) => [s.plate, s.workshop, s.notes, ...s.done.map((d) => d.name)]}
        preFilter={preFilter}
        initialSort={{ id: 'date', desc: true }}
        emptyText={t('maintenance.history.empty')}
        createLabel={t('maintenance.history.create')}
        onCreate={() => setCreating(true)}
        onExport={(rows) =>
          void exporter.exportExcel('maintenance-history', servicesExcel(rows, ctx))
        }
        filters={
          <TextField
            id="history-vehicle"
            select
            size="small"
            label={t('maintenance.fields.plate')}
            value={vehicle}
            onChange={(event) => setVehicle(event.target.value)}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('maintenance.common.all_vehicles')}</MenuItem>
            {(vehicles.data ?? []).map((v) => (
              <MenuItem key={v.vehicleId} value={String(v.vehicleId)}>
                {v.plate}
              </MenuItem>
            ))}
          </TextField>
        }
        actions={(s) => (
          <>
            <Tooltip title={t('maintenance.history.upload_hint')}>
              <IconButton
                size="small"
                aria-label={`${t('maintenance.history.upload')} ${s.plate}`}
                onClick={() => {
                  uploadFor.current = s.id;
                  fileInput.current?.click();
                }}
                data-testid="history-upload"
              >
                <UploadFileIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <IconButton
              size="small"
              aria-label={`${t('maintenance.common.delete')} ${s.plate} ${s.date}`}
              onClick={() => {
                if (
                  window.confirm(
                    t('maintenance.common.confirm_delete', {
                      name: `${s.plate} ${formatDay(s.date, language)}`,
                    }),
                  )
                )
                  remove.mutate(s);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </>
        )}
      />
      {creating ? (
        <ServiceDialog forecast={forecast.data} onClose={() => setCreating(false)} />
      ) : null}
    </>
  );
}
