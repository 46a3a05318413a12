import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from 'zustand';
import { useServices } from '../../shared/services';

/** A persistent message with an update button while a new version waits (spec §2, §9). */
export default function UpdatePromptView() {
  const { t } = useTranslation();
  const services = useServices();
  const waiting = useStore(services.ui, (s) => s.updateWaiting);
  return (
    <Snackbar
      open={waiting}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={t('component.update.message')}
      data-testid="update-prompt"
      action={
        <Button color="secondary" size="small" onClick={() => services.applyUpdate()}>
          {t('component.update.button')}
        </Button>
      }
    />
  );
}
