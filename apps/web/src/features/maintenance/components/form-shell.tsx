import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { Vehicle } from '@rumbo/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { vehicleItems } from '../../../shared/ui/option-items';

/**
 * A maintenance form's submit: once tried, a missing required field shows its error
 * (`required(missing)` gives the field's `error` and `helperText`); while `invalid` nothing is
 * saved. `shell` goes to the FormShell.
 */
export function useFormSubmit(
  save: { isPending: boolean; mutate: (vars: undefined) => void },
  invalid: boolean,
) {
  const { t } = useTranslation();
  const [tried, setTried] = useState(false);
  return {
    tried,
    required: (missing: boolean) => ({
      error: tried && missing,
      helperText: tried && missing ? t('maintenance.common.required') : undefined,
    }),
    shell: {
      submitting: save.isPending,
      onSubmit: () => {
        setTried(true);
        if (!invalid) save.mutate(undefined);
      },
    },
  };
}

/** The vehicle a form is about (required): its plate chosen from the tenant's vehicles. */
export function VehicleField(props: {
  id: string;
  vehicles: readonly Vehicle[];
  value: number;
  onChange: (vehicleId: number) => void;
  error: boolean;
  helperText: string | undefined;
}) {
  const { t } = useTranslation();
  const { vehicles, onChange, value, ...field } = props;
  return (
    <TextField
      {...field}
      select
      required
      label={t('maintenance.fields.plate')}
      value={value || ''}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {vehicleItems(vehicles)}
    </TextField>
  );
}

/** A maintenance form in a dialog (full screen on phones): title, fields, cancel and save. */
export function FormShell(props: {
  name: string;
  title: string;
  submitting: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  maxWidth?: 'sm' | 'md';
  /** Extra buttons at the left of the actions (delete…). */
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      fullWidth
      fullScreen={isPhone}
      maxWidth={props.maxWidth ?? 'sm'}
      onClose={props.submitting ? undefined : props.onClose}
      aria-labelledby={`${props.name}-dialog-title`}
      data-testid={`${props.name}-dialog`}
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            props.onSubmit();
          },
        } as object,
      }}
    >
      <DialogTitle id={`${props.name}-dialog-title`}>{props.title}</DialogTitle>
      <DialogContent
        dividers
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '16px !important' }}
      >
        {props.children}
      </DialogContent>
      <DialogActions>
        {props.extraActions}
        <Button onClick={props.onClose} disabled={props.submitting} sx={{ ml: 'auto' }}>
          {t('maintenance.common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={props.submitting}
          data-testid={`${props.name}-save`}
        >
          {t('maintenance.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A number typed in a text field: '' is null, anything else a number (NaN when not one). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}
