import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from 'zustand';
import { useServices } from '../../shared/services';
import { SNACKBAR_TIMEOUT_MS } from '../../shared/ui/snackbar-store';

/** The notification snackbar (spec §2): type icons, hides after 4 s or on close. */
export default function SnackbarView() {
  const { t } = useTranslation();
  const { snackbar } = useServices();
  const { current, open } = useStore(snackbar.store);
  return (
    <Snackbar
      key={current?.id}
      open={open && current !== null}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') snackbar.close();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert
          severity={current.type}
          variant="filled"
          onClose={() => snackbar.close()}
          data-testid="snackbar"
          slotProps={{ closeButton: { title: t('common.close') } }}
          sx={{ width: '100%', alignItems: 'center' }}
        >
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
