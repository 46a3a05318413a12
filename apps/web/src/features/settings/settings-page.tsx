import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSession } from '../../shared/services';
import { AvatarCard } from './components/avatar-card';
import { BrowserNotificationsCard } from './components/browser-notifications-card';
import { PreferencesCard } from './components/preferences-card';
import { ProfileCard } from './components/profile-card';
import { AllowedAddressesCard } from './reports/allowed-addresses-card';
import { ScheduledReportsCard } from './reports/scheduled-reports-card';

/**
 * User settings (spec §1): profile, avatar, language, time zone, units, map, dark mode; scheduled
 * reports, and for administrators the outside addresses those may go to.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  // The tenant's allow-list is administration (the server's `admin-users` view guards it).
  const admin = useSession((s) => s.views?.['admin-users'] === true);
  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('view.settings.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <ProfileCard />
          {user ? (
            <PreferencesCard
              key={JSON.stringify(user.config) + String(user.darkMode)}
              initial={{ ...user.config, darkMode: user.darkMode }}
            />
          ) : null}
          <ScheduledReportsCard />
          {admin ? <AllowedAddressesCard /> : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <AvatarCard />
          <BrowserNotificationsCard />
        </Box>
      </Box>
    </>
  );
}
