import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

/**
 * Asks before a destructive action: a title, a text, cancel and a red confirm button. While
 * `busy` the dialog cannot be dismissed, cancel is disabled and the confirm button shows a
 * spinner (`busyStyle: 'loading'`) or is disabled (`'disabled'`).
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  titleId?: string;
  children: ReactNode;
  busy: boolean;
  busyStyle: 'loading' | 'disabled';
  cancelLabel: string;
  confirmLabel: string;
  testId: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={props.open}
      onClose={() => {
        if (!props.busy) props.onCancel();
      }}
      maxWidth="xs"
      fullWidth
      aria-labelledby={props.titleId}
      data-testid={props.testId}
    >
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy}>
          {props.cancelLabel}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={props.onConfirm}
          {...(props.busyStyle === 'loading' ? { loading: props.busy } : { disabled: props.busy })}
          data-testid={`${props.testId}-accept`}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The text of a confirmation, as its dialog shows it. */
export { default as ConfirmText } from '@mui/material/DialogContentText';
