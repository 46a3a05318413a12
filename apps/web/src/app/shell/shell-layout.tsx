import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { createAppQueryClient, keepDataOnAbortAll } from '../../shared/api/query-client';
import { useAppStrings } from '../../shared/i18n/use-app-strings';
import { useServices } from '../../shared/services';
import { useResponsiveMode } from '../../shared/ui/use-responsive-mode';
import { ExportDialog } from './export-dialog';
import { LogoutDialog } from './logout-dialog';
import { NavDrawer } from './nav-drawer';
import { TopBar } from './top-bar';
import { VehiclePopupHost } from './vehicle-popup-host';

/**
 * Everything a signed-in operator lives in: top bar, drawer, screen, dialogs. `homePath` (the
 * router's) is the start view, as only a signed-in user sees the shell.
 */
// Its props are the router's ScreenProps, spelled out: the route table imports this file lazily.
export default function ShellLayout({ homePath }: { homePath: string }) {
  // The feature areas' strings come with the shell: the sign-in route loads only the base file.
  useAppStrings();
  const { ui, api } = useServices();
  const mode = useResponsiveMode();
  const [queryClient] = useState(createAppQueryClient);
  useEffect(() => keepDataOnAbortAll(api, queryClient), [api, queryClient]);
  const [logout, setLogout] = useState<null | 'one' | 'all'>(null);
  const compact = mode === 'mobile' || mode === 'small-mobile';
  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex', minHeight: '100dvh', overflowX: 'hidden' }} data-mode={mode}>
        <TopBar
          compact={compact}
          homePath={homePath}
          onMenu={() => ui.setState({ drawerOpen: true })}
          onLogout={() => setLogout('one')}
        />
        <NavDrawer
          mode={mode}
          onLogout={() => setLogout('one')}
          onLogoutAll={() => setLogout('all')}
        />
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
          <Toolbar variant="dense" sx={{ minHeight: 56 }} />
          <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1600, mx: 'auto', boxSizing: 'border-box' }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
      <LogoutDialog open={logout !== null} all={logout === 'all'} onClose={() => setLogout(null)} />
      <ExportDialog />
      <VehiclePopupHost />
    </QueryClientProvider>
  );
}
