import CancelScheduleSend from '@mui/icons-material/CancelScheduleSend';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import Notifications from '@mui/icons-material/Notifications';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link as RouterLink } from 'react-router';
import { useStore } from 'zustand';
import { unreadCount } from '../../shared/notifications/notifications-store';
import { useServices } from '../../shared/services';
import { GlobalSearch } from './global-search';
import { NotificationsPanel } from './notifications-panel';

/**
 * Logo, menu button on small screens, cancel-requests, notifications and logout (spec §2).
 * On mobile, cancel-requests and logout move into the drawer as list items.
 */
export function TopBar({
  compact,
  homePath,
  onMenu,
  onLogout,
}: {
  compact: boolean;
  homePath: string;
  onMenu: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const { api, pending, notifications } = useServices();
  const inFlight = useStore(pending, (s) => s.pending);
  const unread = useStore(notifications.store, (s) => unreadCount(s.items));
  const [bell, setBell] = useState<HTMLElement | null>(null);
  return (
    <AppBar
      position="fixed"
      color="primary"
      sx={(theme) => ({
        // Above the permanent drawer; below the temporary one, which has its own header.
        zIndex: compact ? theme.zIndex.appBar : theme.zIndex.drawer + 1,
        ...(theme.palette.mode === 'dark' && {
          bgcolor: '#10263d',
          color: theme.palette.common.white,
          borderBottom: `1px solid ${theme.palette.divider}`,
        }),
      })}
    >
      <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56 }}>
        {compact ? (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('component.top_bar.menu')}
            onClick={onMenu}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Box
          component={RouterLink}
          to={homePath}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
          }}
        >
          <Box component="img" src="/logo.svg" alt="" sx={{ width: 30, height: 30 }} />
          <Typography
            component="span"
            sx={{ fontWeight: 700, fontSize: '1.2rem', display: compact ? 'none' : 'inline' }}
          >
            Rumbo
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', minWidth: 0, mx: 1 }}>
          <GlobalSearch compact={compact} />
        </Box>
        {!compact ? (
          <Tooltip title={t('component.top_bar.cancel_requests')}>
            <span>
              <IconButton
                color="inherit"
                aria-label={t('component.top_bar.cancel_requests')}
                disabled={inFlight === 0}
                onClick={() => api.abortAll()}
                data-testid="cancel-requests"
              >
                <CancelScheduleSend />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
        <Tooltip title={t('component.notifications.title')}>
          <IconButton
            color="inherit"
            aria-label={t('component.notifications.bell', { count: unread })}
            onClick={(e) => setBell(e.currentTarget)}
            data-testid="notifications-bell"
          >
            <Badge badgeContent={unread} color="secondary" max={99}>
              <Notifications />
            </Badge>
          </IconButton>
        </Tooltip>
        {!compact ? (
          <Tooltip title={t('component.logout.title')}>
            <IconButton
              color="inherit"
              edge="end"
              aria-label={t('component.logout.title')}
              onClick={onLogout}
              data-testid="logout-button"
            >
              <Logout />
            </IconButton>
          </Tooltip>
        ) : null}
      </Toolbar>
      {inFlight > 0 ? (
        <LinearProgress
          color="secondary"
          aria-label={t('common.loading')}
          data-testid="progress-bar"
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 3 }}
        />
      ) : null}
      <NotificationsPanel anchor={bell} onClose={() => setBell(null)} />
    </AppBar>
  );
}
