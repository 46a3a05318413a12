import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from 'zustand';
import { useServices } from '../../shared/services';

/** Open while an Excel file is generated; cancel aborts it silently (spec §2, §8). */
export function ExportDialog() {
  const { t } = useTranslation();
  const { exporter } = useServices();
  const { open, title } = useStore(exporter.store);
  return (
    <Dialog
      open={open}
      aria-labelledby="export-title"
      slotProps={{ paper: { sx: { width: 360 } } }}
    >
      <DialogTitle id="export-title">{t('component.export.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('component.export.text', { title })}</Typography>
        <LinearProgress />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => exporter.cancel()}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
