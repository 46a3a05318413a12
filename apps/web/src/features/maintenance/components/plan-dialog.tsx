import {
  MAINTENANCE_KINDS,
  type MaintenanceKind,
  type MaintenancePlan,
  type Vehicle,
} from '@rumbo/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useServices } from '../../../shared/services';
import { maintenanceApi } from '../maintenance-api';
import { intervalsText } from '../maintenance-format';
import { useFormatContext, useMaintenanceSave, usePlans } from '../use-maintenance';
import { FormShell, parseNumber, useFormSubmit } from './form-shell';
import { seededText } from '../../../shared/i18n/seeded-text';
import { optionItems } from '../../../shared/ui/option-items';

interface ItemDraft {
  id?: number;
  kind: MaintenanceKind;
  name: string;
  km: string;
  hours: string;
  days: string;
}

/** An item's intervals, in the order their fields show; days are whole. */
const INTERVALS: { key: 'km' | 'hours' | 'days'; whole: boolean }[] = [
  { key: 'km', whole: false },
  { key: 'hours', whole: false },
  { key: 'days', whole: true },
];

const text = (n: number | null) => (n === null ? '' : String(n));

/** The plans of the tenant: list, create, edit (items with intervals, vehicles, groups), delete. */
export function PlansDialog(props: {
  vehicles: readonly Vehicle[];
  groups: readonly { groupId: number; name: string }[];
  onClose: () => void;
}) {
  const ctx = useFormatContext();
  const { t } = ctx;
  const { api } = useServices();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const plans = usePlans();
  const [editing, setEditing] = useState<MaintenancePlan | 'new' | null>(null);
  const remove = useMaintenanceSave({
    mutationFn: (plan: MaintenancePlan) => maintenanceApi.removePlan(api, plan.id),
    success: t('maintenance.common.deleted'),
  });

  if (editing !== null) {
    return (
      <PlanEditor
        plan={editing === 'new' ? null : editing}
        vehicles={props.vehicles}
        groups={props.groups}
        onClose={() => setEditing(null)}
      />
    );
  }
  return (
    <Dialog
      open
      fullWidth
      fullScreen={isPhone}
      maxWidth="sm"
      onClose={props.onClose}
      data-testid="plans-dialog"
      aria-labelledby="plans-dialog-title"
    >
      <DialogTitle id="plans-dialog-title">{t('maintenance.plans.title')}</DialogTitle>
      <DialogContent dividers>
        {plans.data?.length === 0 ? (
          <Typography color="text.secondary">{t('maintenance.plans.empty')}</Typography>
        ) : null}
        <List dense disablePadding>
          {(plans.data ?? []).map((plan) => (
            <ListItem
              key={plan.id}
              disableGutters
              data-testid="plan-row"
              secondaryAction={
                <>
                  <IconButton
                    aria-label={`${t('maintenance.common.edit')} ${plan.name}`}
                    onClick={() => setEditing(plan)}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`${t('maintenance.common.delete')} ${plan.name}`}
                    onClick={() => {
                      if (
                        window.confirm(t('maintenance.common.confirm_delete', { name: plan.name }))
                      )
                        remove.mutate(plan);
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                primary={seededText(t, plan.name)}
                secondary={
                  <>
                    {t('maintenance.plans.summary', {
                      items: plan.items.length,
                      vehicles: plan.vehicleIds.length,
                      groups: plan.groupIds.length,
                    })}
                    <br />
                    {plan.items
                      .map((i) => `${seededText(t, i.name)}: ${intervalsText(i, ctx)}`)
                      .join(' · ')}
                  </>
                }
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="plan-create">
          {t('maintenance.plans.create')}
        </Button>
        <Button onClick={props.onClose} sx={{ ml: 'auto' }}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PlanEditor(props: {
  plan: MaintenancePlan | null;
  vehicles: readonly Vehicle[];
  groups: readonly { groupId: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useFormatContext();
  const { api } = useServices();
  const { plan } = props;
  const [name, setName] = useState(plan?.name ?? '');
  const [items, setItems] = useState<ItemDraft[]>(
    plan?.items.map((i) => ({
      id: i.id,
      kind: i.kind,
      name: i.name,
      km: text(i.intervalKm),
      hours: text(i.intervalHours),
      days: text(i.intervalDays),
    })) ?? [{ kind: 'oil', name: t('maintenance.kinds.oil'), km: '30000', hours: '', days: '365' }],
  );
  const [vehicleIds, setVehicleIds] = useState<number[]>(plan?.vehicleIds ?? []);
  const [groupIds, setGroupIds] = useState<number[]>(plan?.groupIds ?? []);
  const save = useMaintenanceSave({
    mutationFn: () =>
      maintenanceApi.savePlan(api, plan?.id ?? null, {
        name,
        items: items.map((i) => ({
          ...(i.id === undefined ? {} : { id: i.id }),
          kind: i.kind,
          name: i.name,
          intervalKm: parseNumber(i.km),
          intervalHours: parseNumber(i.hours),
          intervalDays: parseNumber(i.days),
        })),
        vehicleIds,
        groupIds,
      }),
    success: t('maintenance.common.saved'),
    onSuccess: props.onClose,
  });
  const badNumber = (s: string, whole = false) => {
    const n = parseNumber(s);
    return n !== null && (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n)));
  };
  const itemError = (i: ItemDraft) =>
    !i.name.trim()
      ? t('maintenance.common.required')
      : !i.km.trim() && !i.hours.trim() && !i.days.trim()
        ? t('maintenance.common.one_interval')
        : null;
  const form = useFormSubmit(
    save,
    !name.trim() ||
      items.length === 0 ||
      items.some(
        (i) =>
          itemError(i) !== null || INTERVALS.some(({ key, whole }) => badNumber(i[key], whole)),
      ),
  );
  const { tried } = form;
  const change = (index: number, patch: Partial<ItemDraft>) =>
    setItems((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const vehicleById = new Map(props.vehicles.map((v) => [v.vehicleId, v]));
  const groupById = new Map(props.groups.map((g) => [g.groupId, g]));

  return (
    <FormShell
      name="plan"
      maxWidth="md"
      title={plan ? t('maintenance.plans.edit') : t('maintenance.plans.create')}
      onClose={props.onClose}
      {...form.shell}
    >
      <TextField
        id="plan-name"
        label={t('maintenance.fields.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        {...form.required(!name.trim())}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Typography variant="subtitle2">{t('maintenance.plans.items')}</Typography>
      {items.map((item, index) => {
        const error = tried ? itemError(item) : null;
        return (
          <Paper
            key={item.id ?? `new-${index}`}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid="plan-item"
          >
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr 1fr', md: '1.2fr 1.6fr 1fr 1fr 1fr auto' },
                alignItems: 'start',
              }}
            >
              <TextField
                select
                size="small"
                label={t('maintenance.fields.kind')}
                value={item.kind}
                onChange={(event) => {
                  const kind = event.target.value as MaintenanceKind;
                  const wasDefault =
                    item.name === t(`maintenance.kinds.${item.kind}`) || !item.name;
                  change(index, {
                    kind,
                    ...(wasDefault ? { name: t(`maintenance.kinds.${kind}`) } : {}),
                  });
                }}
              >
                {optionItems(MAINTENANCE_KINDS, (k) => t(`maintenance.kinds.${k}`))}
              </TextField>
              <TextField
                size="small"
                label={t('maintenance.fields.name')}
                value={item.name}
                onChange={(event) => change(index, { name: event.target.value })}
                error={Boolean(error)}
                helperText={error ?? undefined}
                slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'plan-item-name' } }}
              />
              {INTERVALS.map(({ key, whole }) => (
                <TextField
                  key={key}
                  size="small"
                  label={t(`maintenance.fields.interval_${key}`)}
                  value={item[key]}
                  onChange={(event) => change(index, { [key]: event.target.value })}
                  error={badNumber(item[key], whole)}
                  slotProps={{ htmlInput: { inputMode: whole ? 'numeric' : 'decimal' } }}
                />
              ))}
              <IconButton
                aria-label={t('maintenance.plans.remove_item')}
                disabled={items.length === 1}
                onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          </Paper>
        );
      })}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            setItems((list) => [...list, { kind: 'other', name: '', km: '', hours: '', days: '' }])
          }
          data-testid="plan-add-item"
        >
          {t('maintenance.plans.add_item')}
        </Button>
      </Box>
      <Typography variant="subtitle2">{t('maintenance.plans.assigned')}</Typography>
      <Autocomplete
        multiple
        options={props.groups.map((g) => g.groupId)}
        getOptionLabel={(id) => groupById.get(id)?.name ?? String(id)}
        value={groupIds}
        onChange={(_event, value) => setGroupIds(value)}
        renderInput={(params) => (
          <TextField {...params} id="plan-groups" label={t('maintenance.fields.groups')} />
        )}
      />
      <Autocomplete
        multiple
        options={props.vehicles.map((v) => v.vehicleId)}
        getOptionLabel={(id) => vehicleById.get(id)?.plate ?? String(id)}
        value={vehicleIds}
        onChange={(_event, value) => setVehicleIds(value)}
        renderInput={(params) => (
          <TextField {...params} id="plan-vehicles" label={t('maintenance.fields.vehicles')} />
        )}
      />
    </FormShell>
  );
}
