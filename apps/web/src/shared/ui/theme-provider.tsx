import type { Theme } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
import { useMemo, type ReactNode } from 'react';

/**
 * MUI's ThemeProvider without its CSS-variables machinery, which Rumbo's themes do not use (it
 * renders exactly what MUI renders for a theme without `colorSchemes`).
 */
export function AppThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  const noVars = useMemo(() => ({ ...theme, vars: null }), [theme]);
  return <SystemThemeProvider theme={noVars}>{children}</SystemThemeProvider>;
}
