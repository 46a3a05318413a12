import { zodResolver } from '@hookform/resolvers/zod';
import { SCORE_SCALE_KEYS, SCORE_SETTINGS_DEFAULTS, type ScoreScaleKey } from '@rumbo/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type FieldError, type Resolver, type UseFormReturn } from 'react-hook-form';
import { isAborted } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices } from '../../../shared/services';
import {
  FLOOR_LISTS,
  isDefault,
  LETTERS,
  scoreSettingsApi,
  scoreSettingsFormSchema,
  scoreSettingsKey,
  toBody,
  toForm,
  type FloorList,
  type ScoreSettingsForm,
} from './score-settings-form';

type Form = UseFormReturn<ScoreSettingsForm>;

/**
 * The tenant's score letters (issue 22, decision 0034): each letter's lowest score for safe
 * driving and for the indicators, and each indicator's scale; save, discard, restore defaults.
 */
export function ScoreSettingsPanel() {
  const { t } = useTranslation();
  const { api, snackbar } = useServices();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: scoreSettingsKey,
    queryFn: ({ signal }) => scoreSettingsApi.get(api, signal),
  });
  const form = useForm<ScoreSettingsForm>({
    resolver: zodResolver(scoreSettingsFormSchema) as unknown as Resolver<ScoreSettingsForm>,
    mode: 'onChange',
    defaultValues: toForm(SCORE_SETTINGS_DEFAULTS),
  });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset(toForm(settings.data));
  }, [settings.data, reset]);
  const save = useMutation({
    mutationFn: (values: ScoreSettingsForm) => scoreSettingsApi.save(api, toBody(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(scoreSettingsKey, saved);
      reset(toForm(saved));
      snackbar.notify({ type: 'success', message: t('scoreSettings.saved') });
    },
    onError: (error) => {
      if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
  });

  if (settings.isError) {
    return (
      <Alert
        severity="error"
        data-testid="score-settings-error"
        action={
          <Button color="inherit" onClick={() => void settings.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('scoreSettings.load_failed')}
      </Alert>
    );
  }
  if (!settings.data) {
    return (
      <Stack spacing={1} data-testid="score-settings-loading">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  }
  const { isDirty, errors } = form.formState;
  const invalid = Object.keys(errors).length > 0;
  return (
    <Box
      component="form"
      noValidate
      data-testid="score-settings"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
    >
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
        {t('scoreSettings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('scoreSettings.intro')}
      </Typography>
      {isDefault(settings.data) ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="score-settings-defaults-note">
          {t('scoreSettings.defaults_in_use')}
        </Alert>
      ) : null}
      {FLOOR_LISTS.map((list) => (
        <FloorFields key={list} form={form} list={list} />
      ))}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1, mb: 1 }}>
        {t('scoreSettings.scales')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {SCORE_SCALE_KEYS.map((key) => (
          <ScaleFields key={key} form={form} indicator={key} />
        ))}
      </Box>
      {invalid && form.formState.isSubmitted ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('scoreSettings.invalid')}
        </Alert>
      ) : null}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 2, justifyContent: 'flex-end' }}
      >
        <Button
          disabled={save.isPending}
          onClick={() => reset(toForm(SCORE_SETTINGS_DEFAULTS), { keepDefaultValues: true })}
          data-testid="score-settings-restore"
        >
          {t('scoreSettings.restore_defaults')}
        </Button>
        <Button
          disabled={!isDirty || save.isPending}
          onClick={() => reset(toForm(settings.data))}
          data-testid="score-settings-discard"
        >
          {t('scoreSettings.discard')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          disabled={!isDirty || invalid}
          data-testid="score-settings-save"
        >
          {t('scoreSettings.save')}
        </Button>
      </Stack>
    </Box>
  );
}

/** A translated validation message (the schema's messages are translation keys). */
function useMessage() {
  const { t } = useTranslation();
  return (error: FieldError | undefined) => (error?.message ? t(error.message) : ' ');
}

/** One list of floors: the lowest score of A … F. */
function FloorFields({ form, list }: { form: Form; list: FloorList }) {
  const { t } = useTranslation();
  const message = useMessage();
  const errors = form.formState.errors[list];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t(`scoreSettings.${list === 'letterFloors' ? 'indicator_floors' : 'safety_floors'}`)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        {LETTERS.map((letter, i) => {
          const { ref, ...field } = form.register(`${list}.${i}`, { valueAsNumber: true });
          const error = errors?.[i];
          return (
            <TextField
              key={letter}
              {...field}
              inputRef={ref}
              type="number"
              size="small"
              label={t('scoreSettings.letter', { letter })}
              error={Boolean(error)}
              helperText={message(error)}
              slotProps={{
                htmlInput: { step: 'any', min: 0, max: 100, 'data-testid': `score-${list}-${i}` },
              }}
            />
          );
        })}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('scoreSettings.below_last')}
      </Typography>
    </Box>
  );
}

/** One indicator's scale: the value scoring 0 and the value scoring 100, in its unit. */
function ScaleFields({ form, indicator }: { form: Form; indicator: ScoreScaleKey }) {
  const { t } = useTranslation();
  const message = useMessage();
  const errors = form.formState.errors.scales?.[indicator];
  const unit =
    indicator === 'consumption'
      ? t('scoreSettings.consumption_unit')
      : t(`analysis.units.${indicator}`);
  const field = (end: 'zeroAt' | 'hundredAt') => {
    const { ref, ...rest } = form.register(`scales.${indicator}.${end}`, { valueAsNumber: true });
    return (
      <TextField
        {...rest}
        inputRef={ref}
        type="number"
        size="small"
        label={t(`scoreSettings.${end === 'zeroAt' ? 'zero_at' : 'hundred_at'}`)}
        error={Boolean(errors?.[end])}
        helperText={message(errors?.[end])}
        slotProps={{
          htmlInput: { step: 'any', min: 0, 'data-testid': `score-scale-${indicator}-${end}` },
        }}
      />
    );
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: '2fr 1fr 1fr' },
      }}
      data-testid={`score-scale-${indicator}`}
    >
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, pt: { md: 1 } }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`analysis.indicators.${indicator}`)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {unit}
        </Typography>
      </Box>
      {field('zeroAt')}
      {field('hundredAt')}
    </Box>
  );
}
