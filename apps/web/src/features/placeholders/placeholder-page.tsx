import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';

/** A titled empty page for routes whose screens arrive with later issues. */
export default function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t(titleKey)}
      </Typography>
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('common.coming_soon')}</Typography>
      </Paper>
    </>
  );
}
