import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices, useSession } from '../../shared/services';

/** Spec §9: the logout dialog is 350 px wide. */
export const LOGOUT_DIALOG_WIDTH = 350;

/**
 * Logout confirmation (spec §2): cannot be dismissed while logging out, and accept shows
 * loading. `all` logs out every session of the user.
 */
export function LogoutDialog({
  open,
  all,
  onClose,
}: {
  open: boolean;
  all: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { session } = useServices();
  const loggingOut = useSession((s) => s.loggingOut);
  const prefix = all ? 'component.logout_all' : 'component.logout';
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!loggingOut) onClose();
      }}
      aria-labelledby="logout-title"
      slotProps={{ paper: { sx: { width: LOGOUT_DIALOG_WIDTH, maxWidth: 'calc(100vw - 32px)' } } }}
    >
      <DialogTitle id="logout-title">{t(`${prefix}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`${prefix}.text`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loggingOut}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={loggingOut}
          onClick={() => void session.logout(all)}
          data-testid="logout-accept"
        >
          {t('common.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
