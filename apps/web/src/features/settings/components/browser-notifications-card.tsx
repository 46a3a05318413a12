import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import {
  browserNotificationState,
  requestBrowserNotifications,
} from '../../../shared/notifications/browser-notifications';

/** Asks for browser notifications (alerts while the tab is hidden); only ever from this click. */
export function BrowserNotificationsCard() {
  const { t } = useTranslation();
  const [state, setState] = useState(browserNotificationState);
  return (
    <Card data-testid="browser-notifications">
      <CardContent>
        <Typography variant="h3" sx={{ mb: 1 }}>
          {t('alerts.browser.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('alerts.browser.text')}
        </Typography>
        {state === 'unsupported' ? (
          <Typography color="text.secondary">{t('alerts.browser.unsupported')}</Typography>
        ) : state === 'denied' ? (
          <Typography color="warning.main">{t('alerts.browser.denied')}</Typography>
        ) : (
          <Button
            variant="outlined"
            startIcon={<NotificationsActive />}
            disabled={state === 'granted'}
            onClick={() => void requestBrowserNotifications().then(setState)}
          >
            {state === 'granted' ? t('alerts.browser.enabled') : t('alerts.browser.enable')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
