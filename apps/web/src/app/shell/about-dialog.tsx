import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';

/** About Rumbo and the credits of the data it ships (GeoNames is CC BY: issue 23). */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="about-title" data-testid="about-dialog">
      <DialogTitle id="about-title">{t('component.user_panel.about_title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>{t('component.user_panel.about_body')}</Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('component.user_panel.credits')}
        </Typography>
        <Typography variant="body2" component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.75 } }}>
          <li data-testid="credit-geonames">
            {t('component.user_panel.credit_geonames')}{' '}
            <Link
              href="https://creativecommons.org/licenses/by/4.0/"
              target="_blank"
              rel="noopener"
            >
              CC BY 4.0
            </Link>
          </li>
          <li>{t('component.user_panel.credit_countries')}</li>
          <li>{t('component.user_panel.credit_osm')}</li>
          <li>{t('component.user_panel.credit_map')}</li>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
