import { createTheme, type Theme } from '@mui/material/styles';

/** Breakpoints of decisions.md: small-mobile < 600, mobile < 900, tablet < 1720, desktop. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1720, xl: 2400 } as const;
/** Spec §9: the mini drawer is 55 px wide. */
export const MINI_DRAWER_WIDTH = 55;
export const DRAWER_WIDTH = 272;

/** The light or dark theme of the app. */
export function createAppTheme(mode: 'light' | 'dark'): Theme {
  const dark = mode === 'dark';
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: { main: dark ? '#5aa7f0' : '#0b5cad' },
      secondary: { main: '#ffb020' },
      background: dark
        ? { default: '#0e1621', paper: '#152231' }
        : { default: '#f3f6f9', paper: '#ffffff' },
      success: { main: dark ? '#4caf50' : '#2e7d32' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.4rem', fontWeight: 600 },
      h3: { fontSize: '1.15rem', fontWeight: 600 },
    },
    components: {
      MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  });
}
