import {
  MAINTENANCE_KINDS,
  type AdditionalMaintenance,
  type MaintenanceKind,
  type Vehicle,
} from '@rumbo/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback, useMemo, useState } from 'react';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { useServices } from '../../shared/services';
import { DayField } from '../../shared/ui/day-field';
import { FormShell, parseNumber, useFormSubmit, VehicleField } from './components/form-shell';
import { MaintTable, muted, type MaintColumn } from './components/maintenance-table';
import { maintenanceApi } from './maintenance-api';
import { additionalExcel, formatDay, formatKm } from './maintenance-format';
import { useAdditional, useFormatContext, useMaintenanceSave } from './use-maintenance';
import { seededText } from '../../shared/i18n/seeded-text';
import { optionItems } from '../../shared/ui/option-items';

/** `maintenance/list`: additional (one-off) maintenance — create, edit, delete, export. */
export default function ListPage() {
  const ctx = useFormatContext();
  const { t, language } = ctx;
  const { api, exporter } = useServices();
  const list = useAdditional();
  const vehicles = useVehicles();
  const [editing, setEditing] = useState<AdditionalMaintenance | 'new' | null>(null);
  const [state, setState] = useState<'' | 'pending' | 'done'>('');
  const remove = useMaintenanceSave({
    mutationFn: (a: AdditionalMaintenance) => maintenanceApi.removeAdditional(api, a.id),
    success: t('maintenance.common.deleted'),
  });
  const preFilter = useCallback(
    (a: AdditionalMaintenance) =>
      state === '' || (state === 'done' ? a.serviceId !== null : a.serviceId === null),
    [state],
  );
  const columns = useMemo<MaintColumn<AdditionalMaintenance>[]>(
    () => [
      {
        id: 'name',
        label: t('maintenance.fields.name'),
        render: (a) => seededText(t, a.name),
        sortValue: (a) => a.name,
      },
      {
        id: 'plate',
        label: t('maintenance.fields.plate'),
        render: (a) => a.plate,
        sortValue: (a) => a.plate,
      },
      {
        id: 'kind',
        label: t('maintenance.fields.kind'),
        render: (a) => t(`maintenance.kinds.${a.kind}`),
        sortValue: (a) => a.kind,
      },
      {
        id: 'dueDate',
        label: t('maintenance.fields.due_date'),
        render: (a) => (a.dueDate ? formatDay(a.dueDate, language) : muted('—')),
        sortValue: (a) => a.dueDate ?? '9999',
      },
      {
        id: 'dueKm',
        label: t('maintenance.fields.due_km'),
        numeric: true,
        render: (a) => (a.dueKm === null ? muted('—') : formatKm(a.dueKm, ctx)),
        sortValue: (a) => a.dueKm ?? Number.MAX_SAFE_INTEGER,
      },
      {
        id: 'state',
        label: t('maintenance.fields.state'),
        render: (a) =>
          a.doneDate ? (
            <Chip
              size="small"
              color="success"
              variant="outlined"
              label={t('maintenance.list.done_on', { date: formatDay(a.doneDate, language) })}
            />
          ) : (
            <Chip size="small" label={t('maintenance.list.pending')} />
          ),
        sortValue: (a) => a.doneDate ?? '',
      },
      {
        id: 'notes',
        label: t('maintenance.fields.notes'),
        hideOnPhone: true,
        render: (a) => a.notes || muted('—'),
      },
    ],
    [t, language, ctx],
  );

  return (
    <>
      <MaintTable
        name="additional"
        title={t('maintenance.list.title')}
        subtitle={t('maintenance.list.subtitle')}
        query={list}
        columns={columns}
        rowKey={(a) => a.id}
        searchTexts={(a) => [a.name, seededText(t, a.name), a.plate, a.notes]}
        preFilter={preFilter}
        initialSort={{ id: 'dueDate' }}
        emptyText={t('maintenance.list.empty')}
        createLabel={t('maintenance.list.create')}
        onCreate={() => setEditing('new')}
        onExport={(rows) =>
          void exporter.exportExcel('maintenance-additional', additionalExcel(rows, ctx))
        }
        filters={
          <TextField
            id="additional-state"
            select
            size="small"
            label={t('maintenance.fields.state')}
            value={state}
            onChange={(event) => setState(event.target.value as '' | 'pending' | 'done')}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('maintenance.common.all_statuses')}</MenuItem>
            <MenuItem value="pending">{t('maintenance.list.pending')}</MenuItem>
            <MenuItem value="done">{t('maintenance.status.ok')}</MenuItem>
          </TextField>
        }
        actions={(a) => (
          <>
            <IconButton
              size="small"
              aria-label={`${t('maintenance.common.edit')} ${a.name}`}
              onClick={() => setEditing(a)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`${t('maintenance.common.delete')} ${a.name}`}
              onClick={() => {
                if (window.confirm(t('maintenance.common.confirm_delete', { name: a.name })))
                  remove.mutate(a);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </>
        )}
      />
      {editing !== null ? (
        <AdditionalDialog
          item={editing === 'new' ? null : editing}
          vehicles={vehicles.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function AdditionalDialog(props: {
  item: AdditionalMaintenance | null;
  vehicles: readonly Vehicle[];
  onClose: () => void;
}) {
  const { t, language } = useFormatContext();
  const { api } = useServices();
  const { item } = props;
  const [vehicleId, setVehicleId] = useState(item?.vehicleId ?? 0);
  const [kind, setKind] = useState<MaintenanceKind>(item?.kind ?? 'other');
  const [name, setName] = useState(item?.name ?? '');
  const [dueDate, setDueDate] = useState(item?.dueDate ?? '');
  const [dueKm, setDueKm] = useState(item?.dueKm === null || !item ? '' : String(item.dueKm));
  const [notes, setNotes] = useState(item?.notes ?? '');
  const save = useMaintenanceSave({
    mutationFn: () =>
      maintenanceApi.saveAdditional(api, item?.id ?? null, {
        vehicleId,
        kind,
        name,
        dueDate: dueDate || null,
        dueKm: parseNumber(dueKm),
        notes,
      }),
    success: t('maintenance.common.saved'),
    onSuccess: props.onClose,
  });
  const km = parseNumber(dueKm);
  const badKm = km !== null && (!Number.isFinite(km) || km < 0);
  const noDue = !dueDate && km === null;
  const form = useFormSubmit(save, vehicleId === 0 || !name.trim() || badKm || noDue);
  const { tried } = form;
  return (
    <FormShell
      name="additional"
      title={item ? t('maintenance.list.edit') : t('maintenance.list.create')}
      onClose={props.onClose}
      {...form.shell}
    >
      <VehicleField
        id="additional-vehicle"
        vehicles={props.vehicles}
        value={vehicleId}
        onChange={setVehicleId}
        {...form.required(vehicleId === 0)}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 2 }}>
        <TextField
          id="additional-kind"
          select
          label={t('maintenance.fields.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as MaintenanceKind)}
        >
          {optionItems(MAINTENANCE_KINDS, (k) => t(`maintenance.kinds.${k}`))}
        </TextField>
        <TextField
          id="additional-name"
          required
          label={t('maintenance.fields.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...form.required(!name.trim())}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <DayField
          id="additional-due-date"
          label={t('maintenance.fields.due_date')}
          language={language}
          value={dueDate}
          onChange={setDueDate}
          error={tried && noDue}
          {...(tried && noDue ? { helperText: t('maintenance.common.one_due') } : {})}
        />
        <TextField
          id="additional-due-km"
          label={t('maintenance.fields.due_km')}
          value={dueKm}
          onChange={(event) => setDueKm(event.target.value)}
          error={badKm || (tried && noDue)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <TextField
        id="additional-notes"
        label={t('maintenance.fields.notes')}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormShell>
  );
}
