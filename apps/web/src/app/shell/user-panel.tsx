import DarkMode from '@mui/icons-material/DarkMode';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Logout from '@mui/icons-material/Logout';
import Settings from '@mui/icons-material/Settings';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { NavLink } from 'react-router';
import { useStore } from 'zustand';
import type { LinkStatus } from '../../shared/realtime/socket-link';
import { useServices, useSession } from '../../shared/services';
import { SETTINGS_PATH } from '../routes/route-paths';
import { useState } from 'react';
import { AboutDialog } from './about-dialog';
import { useSaveDarkMode } from './use-save-dark-mode';

/** Spec §2: green when authenticated, red when offline, otherwise warning. */
export function statusColor(status: LinkStatus): 'success' | 'error' | 'warning' {
  if (status === 'authenticated') return 'success';
  if (status === 'offline') return 'error';
  return 'warning';
}

/** Avatar, full name, link status, settings link, logout of all sessions and dark mode. */
export function UserPanel({
  expanded,
  onLogoutAll,
  onNavigate,
}: {
  expanded: boolean;
  onLogoutAll: () => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { ui, prefs } = useServices();
  const user = useSession((s) => s.user);
  const avatar = useSession((s) => s.avatar);
  const linkStatus = useStore(ui, (s) => s.linkStatus);
  const darkMode = useStore(prefs, (s) => s.darkMode);
  const saveDarkMode = useSaveDarkMode();
  const [about, setAbout] = useState(false);
  const fullName = user
    ? `${user.personaFisica.nombre} ${user.personaFisica.apellido}`.trim() || user.usuario.nombre
    : '';
  const initials = fullName
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const color = statusColor(linkStatus);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: '11.5px', py: 1.5 }}>
        <Box sx={{ position: 'relative', flexShrink: 0 }}>
          <Avatar
            src={avatar ?? undefined}
            alt={fullName}
            sx={{ width: 32, height: 32, fontSize: '0.9rem', bgcolor: 'primary.main' }}
          >
            {initials}
          </Avatar>
          <Box
            data-testid="link-status"
            data-status={linkStatus}
            title={t(`component.user_panel.link.${linkStatus}`)}
            sx={{
              position: 'absolute',
              right: -2,
              bottom: -2,
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: `${color}.main`,
              border: 2,
              borderColor: 'background.paper',
            }}
          />
        </Box>
        <Box sx={{ minWidth: 0, opacity: expanded ? 1 : 0, transition: 'opacity 150ms' }}>
          <Typography noWrap sx={{ fontWeight: 600 }} data-testid="user-full-name">
            {fullName}
          </Typography>
          <Typography noWrap variant="caption" color="text.secondary" component="div">
            {user?.tenant.name ?? ''}
          </Typography>
        </Box>
      </Box>
      <List dense disablePadding>
        <ListItemButton
          component={NavLink}
          to={SETTINGS_PATH}
          onClick={onNavigate}
          sx={{ pl: '15.5px', minHeight: 40 }}
        >
          <ListItemIcon sx={{ minWidth: 0, mr: 2.5 }}>
            <Settings />
          </ListItemIcon>
          <ListItemText
            primary={t('component.user_panel.settings')}
            slotProps={{ primary: { noWrap: true } }}
          />
        </ListItemButton>
        <ListItemButton onClick={onLogoutAll} sx={{ pl: '15.5px', minHeight: 40 }}>
          <ListItemIcon sx={{ minWidth: 0, mr: 2.5 }}>
            <Logout />
          </ListItemIcon>
          <ListItemText
            primary={t('component.user_panel.logout_all')}
            slotProps={{ primary: { noWrap: true } }}
          />
        </ListItemButton>
        <ListItemButton
          onClick={() => saveDarkMode(!darkMode)}
          sx={{ pl: '15.5px', minHeight: 40 }}
          role="switch"
          aria-checked={darkMode}
          data-testid="dark-mode-switch"
        >
          <ListItemIcon sx={{ minWidth: 0, mr: 2.5 }}>
            <DarkMode />
          </ListItemIcon>
          <ListItemText
            primary={t('component.user_panel.dark_mode')}
            slotProps={{ primary: { noWrap: true } }}
          />
          <Switch
            edge="end"
            size="small"
            checked={darkMode}
            tabIndex={-1}
            slotProps={{ input: { 'aria-hidden': true } }}
            sx={{ visibility: expanded ? 'visible' : 'hidden' }}
          />
        </ListItemButton>
        <ListItemButton
          onClick={() => setAbout(true)}
          sx={{ pl: '15.5px', minHeight: 40 }}
          data-testid="about-button"
        >
          <ListItemIcon sx={{ minWidth: 0, mr: 2.5 }}>
            <InfoOutlined />
          </ListItemIcon>
          <ListItemText
            primary={t('component.user_panel.about')}
            slotProps={{ primary: { noWrap: true } }}
          />
        </ListItemButton>
      </List>
      <AboutDialog open={about} onClose={() => setAbout(false)} />
    </Box>
  );
}
