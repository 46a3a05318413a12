import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** A create/edit dialog holding a form; full screen on phones; can't be dismissed while saving. */
export function FormDialog(props: {
  name: string;
  open: boolean;
  title: string;
  submitting: boolean;
  canSubmit?: boolean;
  /** Read-only dialogs show only a close button. */
  readOnly?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const close = () => {
    if (!props.submitting) props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
      aria-labelledby={`${props.name}-dialog-title`}
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: props.onSubmit,
          'data-testid': `${props.name}-dialog`,
        } as object,
      }}
    >
      <DialogTitle id={`${props.name}-dialog-title`}>{props.title}</DialogTitle>
      <DialogContent dividers>{props.children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {props.readOnly ? (
          <Button onClick={close}>{t('common.close')}</Button>
        ) : (
          <>
            <Button onClick={close} disabled={props.submitting}>
              {t('admin.common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={props.submitting}
              disabled={props.canSubmit === false}
              data-testid={`${props.name}-save`}
            >
              {t('admin.common.save')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
