import AddIcon from '@mui/icons-material/Add';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LocalGasStationOutlinedIcon from '@mui/icons-material/LocalGasStationOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Vehicle, VehicleTanks } from '@rumbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type UseFormReturn,
} from 'react-hook-form';
import { errorMessage } from '../../../shared/api/error-message';
import { formatNumber } from '../../../shared/format/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices } from '../../../shared/services';
import { adminKeys, vehiclesApi } from '../admin-api';
import { numberOrNull } from '../admin-forms';
import {
  defaultPoints,
  parsePastedPoints,
  TANK_LIMITS,
  tanksFormSchema,
  tanksToForm,
  toTanksBody,
  type TanksForm,
} from '../tanks-form';
import { useAdminForm } from '../use-admin-form';
import { FormDialog } from './admin-dialogs';
import { RetryAlert } from '../../../shared/ui/retry-alert';

const decimal = { htmlInput: { inputMode: 'decimal' } } as const;

/** One tank's calibration table: % → litres rows, add and remove, or paste a whole table. */
function CalibrationTable({ control, index }: { control: Control<TanksForm>; index: number }) {
  const { t } = useTranslation();
  const points = useFieldArray({ control, name: `tanks.${index}.points` });
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState('');
  const parsed = useMemo(() => parsePastedPoints(pasted), [pasted]);
  return (
    <Box data-testid={`tank-${index}-calibration`} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('fuel.tanks.calibration_hint')}
      </Typography>
      <Box
        role="table"
        aria-label={t('fuel.tanks.calibration_of', { n: index + 1 })}
        sx={{ display: 'grid', gap: 1, maxWidth: 420 }}
      >
        {points.fields.map((field, i) => (
          <Box
            key={field.id}
            role="row"
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 1 }}
          >
            {(['pct', 'litres'] as const).map((part) => (
              <Controller
                key={part}
                control={control}
                name={`tanks.${index}.points.${i}.${part}`}
                render={({ field: input, fieldState }) => (
                  <TextField
                    {...input}
                    size="small"
                    role="cell"
                    id={`tank-${index}-point-${i}-${part}`}
                    label={part === 'pct' ? t('fuel.tanks.level_pct') : t('fuel.tanks.litres')}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    slotProps={decimal}
                  />
                )}
              />
            ))}
            <IconButton
              aria-label={t('fuel.tanks.remove_point', { n: i + 1 })}
              onClick={() => points.remove(i)}
              sx={{ alignSelf: 'start' }}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <PointsError control={control} index={index} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={points.fields.length >= TANK_LIMITS.points}
          onClick={() => points.append({ pct: '', litres: '' })}
        >
          {t('fuel.tanks.add_point')}
        </Button>
        <Button size="small" startIcon={<ContentPasteIcon />} onClick={() => setPasting((p) => !p)}>
          {t('fuel.tanks.paste')}
        </Button>
      </Box>
      {pasting ? (
        <Box sx={{ display: 'grid', gap: 1, maxWidth: 420 }}>
          <TextField
            id={`tank-${index}-paste`}
            label={t('fuel.tanks.paste_label')}
            placeholder={'0;0\n50;280\n100;600'}
            multiline
            minRows={4}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            helperText={t('fuel.tanks.paste_found', { count: parsed.length })}
          />
          <Button
            variant="outlined"
            size="small"
            disabled={parsed.length < 2}
            onClick={() => {
              points.replace(parsed);
              setPasting(false);
              setPasted('');
            }}
            sx={{ justifySelf: 'start' }}
          >
            {t('fuel.tanks.paste_apply', { count: parsed.length })}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** The table-level complaint (too few points), which has no input of its own. */
function PointsError({ control, index }: { control: Control<TanksForm>; index: number }) {
  return (
    <Controller
      control={control}
      name={`tanks.${index}.points`}
      render={({ fieldState }) =>
        fieldState.error?.message ? (
          <Typography variant="caption" color="error" role="alert">
            {fieldState.error.message}
          </Typography>
        ) : (
          <></>
        )
      }
    />
  );
}

function TankCard({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturn<TanksForm>;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { control, register, getValues, setValue } = form;
  const calibrated = useWatch({ control, name: `tanks.${index}.calibrated` });
  const error = form.formState.errors.tanks?.[index]?.capacityL;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      data-testid={`tank-${index}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {t('fuel.tanks.tank_n', { n: index + 1 })}
        </Typography>
        <Button size="small" color="error" startIcon={<DeleteOutlinedIcon />} onClick={onRemove}>
          {t('fuel.tanks.remove_tank')}
        </Button>
      </Box>
      <TextField
        {...register(`tanks.${index}.capacityL`)}
        id={`tank-${index}-capacity`}
        label={t('fuel.tanks.capacity')}
        required
        error={Boolean(error)}
        helperText={error?.message}
        slotProps={decimal}
        sx={{ maxWidth: 240 }}
      />
      <FormControlLabel
        control={
          <Switch
            checked={calibrated}
            onChange={(event) => {
              setValue(`tanks.${index}.calibrated`, event.target.checked);
              if (event.target.checked && getValues(`tanks.${index}.points`).length === 0)
                setValue(
                  `tanks.${index}.points`,
                  defaultPoints(getValues(`tanks.${index}.capacityL`)),
                );
            }}
          />
        }
        label={t('fuel.tanks.calibrated')}
      />
      {calibrated ? (
        <CalibrationTable control={control} index={index} />
      ) : (
        <Typography id={`tank-${index}-linear`} variant="body2" color="text.secondary">
          {t('fuel.tanks.linear_hint')}
        </Typography>
      )}
    </Paper>
  );
}

const EMPTY: VehicleTanks = { tanks: [], adBlueCapacityL: null };

/**
 * A vehicle's fuel tanks — capacity of each and, for a tank that is not linear, its calibration
 * table (level % → litres, rising) — and its AdBlue tank. The form fills in once the stored tanks
 * arrive (one dialog throughout: no second one opening over a loading one).
 */
export function VehicleTanksDialog({
  vehicle,
  onClose,
}: {
  vehicle: Vehicle;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const stored = useQuery({
    queryKey: adminKeys.tanks(vehicle.vehicleId),
    queryFn: ({ signal }) => vehiclesApi.tanks(api, vehicle.vehicleId, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const schema = useMemo(() => tanksFormSchema(t), [t]);
  const { form, mutation, onSubmit } = useAdminForm({
    schema,
    defaultValues: tanksToForm(EMPTY),
    save: (values: TanksForm) => vehiclesApi.saveTanks(api, vehicle.vehicleId, toTanksBody(values)),
    success: t('admin.common.saved'),
    onClose,
  });
  const { reset } = form;
  useEffect(() => {
    if (stored.data) reset(tanksToForm(stored.data));
  }, [stored.data, reset]);
  const tanks = useFieldArray({ control: form.control, name: 'tanks' });
  const values = useWatch({ control: form.control, name: 'tanks' });
  const total = values.reduce((sum, tank) => sum + (numberOrNull(tank.capacityL) ?? 0), 0);
  const adBlueError = form.formState.errors.adBlueCapacityL;
  const totalError =
    form.formState.errors.tanks?.root?.message ?? form.formState.errors.tanks?.message;
  const loaded = Boolean(stored.data);
  return (
    <FormDialog
      name="tanks"
      open
      maxWidth="sm"
      title={t('fuel.tanks.title', { plate: vehicle.plate })}
      submitting={mutation.isPending}
      canSubmit={loaded}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      {stored.isError ? (
        <RetryAlert onRetry={() => void stored.refetch()} retryLabel={t('common.retry')}>
          {errorMessage(stored.error, t)}
        </RetryAlert>
      ) : !loaded ? (
        <Skeleton variant="rounded" height={160} aria-label={t('common.loading')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {tanks.fields.length === 0 ? <Alert severity="info">{t('fuel.tanks.none')}</Alert> : null}
          {tanks.fields.map((field, index) => (
            <TankCard
              key={field.id}
              form={form}
              index={index}
              onRemove={() => tanks.remove(index)}
            />
          ))}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button
              startIcon={<AddIcon />}
              variant="outlined"
              disabled={tanks.fields.length >= TANK_LIMITS.tanks}
              onClick={() => tanks.append({ capacityL: '', calibrated: false, points: [] })}
              data-testid="tank-add"
            >
              {t('fuel.tanks.add_tank')}
            </Button>
            <Typography variant="body2" color="text.secondary" data-testid="tanks-total">
              {t('fuel.tanks.total', {
                litres: formatNumber(total, i18n.language === 'en' ? 'en' : 'es'),
              })}
            </Typography>
          </Box>
          {totalError ? (
            <Alert severity="error" role="alert">
              {totalError}
            </Alert>
          ) : null}
          <TextField
            {...form.register('adBlueCapacityL')}
            id="tanks-adblue"
            label={t('fuel.tanks.adblue')}
            error={Boolean(adBlueError)}
            helperText={adBlueError?.message ?? t('fuel.tanks.adblue_hint')}
            slotProps={decimal}
            sx={{ maxWidth: 240 }}
          />
        </Box>
      )}
    </FormDialog>
  );
}

/** The row action opening a vehicle's tanks. */
export function TanksButton({ vehicle, onClick }: { vehicle: Vehicle; onClick: () => void }) {
  const { t } = useTranslation();
  const label = t('fuel.tanks.open', { plate: vehicle.plate });
  return (
    <Tooltip title={t('fuel.tanks.action')}>
      <IconButton size="small" aria-label={label} onClick={onClick} data-testid="row-tanks">
        <LocalGasStationOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
