import CssBaseline from '@mui/material/CssBaseline';
import { useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useServices } from '../services';
import { FrameContext } from './frame-context';
import { createAppTheme } from './theme';
import { AppThemeProvider } from './theme-provider';

/**
 * MUI's frame: the user's light or dark theme and, for a whole screen, MUI's baseline styles.
 * Loaded with the first screen that uses MUI (every screen but sign-in, decision 0062).
 */
export default function MuiFrame({
  children,
  baseline = true,
}: {
  children: ReactNode;
  baseline?: boolean;
}) {
  const { prefs } = useServices();
  const darkMode = useStore(prefs, (s) => s.darkMode);
  const theme = useMemo(() => createAppTheme(darkMode ? 'dark' : 'light'), [darkMode]);
  return (
    <FrameContext.Provider value>
      <AppThemeProvider theme={theme}>
        {baseline ? <CssBaseline enableColorScheme /> : null}
        {children}
      </AppThemeProvider>
    </FrameContext.Provider>
  );
}
