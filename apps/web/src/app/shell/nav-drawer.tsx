import CancelScheduleSend from '@mui/icons-material/CancelScheduleSend';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from 'zustand';
import { useServices, useSession } from '../../shared/services';
import { DRAWER_WIDTH, MINI_DRAWER_WIDTH } from '../../shared/ui/theme';
import type { ResponsiveMode } from '../../shared/ui/use-responsive-mode';
import { NavMenu } from './nav-menu';
import { UserPanel } from './user-panel';

/**
 * The left drawer: permanent on desktop, mini (55 px, expanding on hover) on tablet, temporary
 * on mobile where cancel-requests and logout appear as list items.
 */
export function NavDrawer({
  mode,
  onLogout,
  onLogoutAll,
}: {
  mode: ResponsiveMode;
  onLogout: () => void;
  onLogoutAll: () => void;
}) {
  const { t } = useTranslation();
  const { ui, api, pending } = useServices();
  const views = useSession((s) => s.views);
  const drawerOpen = useStore(ui, (s) => s.drawerOpen);
  const inFlight = useStore(pending, (s) => s.pending);
  const [hover, setHover] = useState(false);
  const mobile = mode === 'mobile' || mode === 'small-mobile';
  const mini = mode === 'tablet';
  const expanded = !mini || hover;
  const close = () => ui.setState({ drawerOpen: false });

  const content = (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}
      data-testid="nav-drawer"
      data-expanded={expanded}
    >
      {mobile ? null : <Toolbar variant="dense" sx={{ minHeight: 56 }} />}
      <UserPanel
        expanded={expanded}
        onLogoutAll={() => {
          if (mobile) close();
          onLogoutAll();
        }}
        onNavigate={mobile ? close : undefined}
      />
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <NavMenu views={views} expanded={expanded} onNavigate={mobile ? close : undefined} />
      </Box>
      {mobile ? (
        <>
          <Divider />
          <List dense>
            <ListItemButton
              disabled={inFlight === 0}
              onClick={() => api.abortAll()}
              data-testid="cancel-requests"
            >
              <ListItemIcon>
                <CancelScheduleSend />
              </ListItemIcon>
              <ListItemText primary={t('component.top_bar.cancel_requests')} />
            </ListItemButton>
            <ListItemButton
              onClick={() => {
                close();
                onLogout();
              }}
              data-testid="logout-button"
            >
              <ListItemIcon>
                <Logout />
              </ListItemIcon>
              <ListItemText primary={t('component.logout.title')} />
            </ListItemButton>
          </List>
        </>
      ) : null}
    </Box>
  );

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={drawerOpen}
        onClose={close}
        keepMounted
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH, maxWidth: '85vw' } } }}
      >
        {content}
      </Drawer>
    );
  }
  const width = mini ? (hover ? DRAWER_WIDTH : MINI_DRAWER_WIDTH) : DRAWER_WIDTH;
  return (
    <Drawer
      variant="permanent"
      onMouseEnter={mini ? () => setHover(true) : undefined}
      onMouseLeave={mini ? () => setHover(false) : undefined}
      sx={{ width: mini ? MINI_DRAWER_WIDTH : DRAWER_WIDTH, flexShrink: 0 }}
      slotProps={{
        paper: {
          sx: {
            width,
            overflowX: 'hidden',
            boxSizing: 'border-box',
            transition: (theme) =>
              theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
            boxShadow: mini && hover ? 8 : 0,
          },
        },
      }}
    >
      {content}
    </Drawer>
  );
}
