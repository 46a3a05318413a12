import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** Asks before a geofence or a POI is deleted. */
export function ConfirmDeleteDialog({
  open,
  name,
  text,
  deleting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  name: string;
  text: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={deleting ? undefined : onCancel}
      data-testid="zone-confirm-delete"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>{t('geofences.confirm_delete_title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          {t('geofences.form.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={deleting}
          data-testid="zone-confirm-delete-accept"
        >
          {t('geofences.form.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
