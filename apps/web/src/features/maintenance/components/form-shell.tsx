import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';

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
