import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { ScreenBoundary } from './screen-boundary';

/**
 * A lazily loaded screen: a spinner while its code loads, a clear message if it cannot. Both are
 * plain elements styled in index.html: they show before (or without) MUI, on every route.
 */
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
          <div className="rumbo-screen-loading">
            <span role="progressbar" aria-label={t('common.loading')} />
          </div>
        }
      >
        {children}
      </Suspense>
    </ScreenBoundary>
  );
}
