import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/** The four responsive modes of spec §2. */
export type ResponsiveMode = 'desktop' | 'tablet' | 'mobile' | 'small-mobile';

export function useResponsiveMode(): ResponsiveMode {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const tablet = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const mobile = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  if (desktop) return 'desktop';
  if (tablet) return 'tablet';
  if (mobile) return 'mobile';
  return 'small-mobile';
}
