import TextField from '@mui/material/TextField';
import { useStore } from 'zustand';
import type { SnackbarAlerts } from '../../../shared/notifications/notifications-store';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices } from '../../../shared/services';
import { optionItems } from '../../../shared/ui/option-items';

const CHOICES: readonly SnackbarAlerts[] = ['critical', 'warning', 'all', 'none'];

/**
 * Which arriving alerts pop a snackbar on this device (issue 22): critical ones by default; every
 * alert still reaches the bell. Applied at once, kept with the device's other preferences.
 */
export function AlertPopupsField() {
  const { t } = useTranslation();
  const { prefs } = useServices();
  const value = useStore(prefs, (s) => s.snackbarAlerts);
  return (
    <TextField
      id="settings-alert-popups"
      select
      label={t('component.notifications.snackbar')}
      helperText={t('component.notifications.snackbar_help')}
      value={value}
      onChange={(e) => prefs.setState({ snackbarAlerts: e.target.value as SnackbarAlerts })}
      sx={{ gridColumn: '1 / -1' }}
    >
      {optionItems(CHOICES, (choice) => t(`component.notifications.snackbar_levels.${choice}`))}
    </TextField>
  );
}
