import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { ScreenBoundary } from './screen-boundary';

/** A lazily loaded screen: a spinner while its code loads, a clear message if it cannot. */
export function Screen({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ScreenBoundary
      timeoutText={t('common.screen_timeout')}
      failedText={t('common.screen_failed')}
      retryText={t('common.retry')}
    >
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        }
      >
        {children}
      </Suspense>
    </ScreenBoundary>
  );
}
