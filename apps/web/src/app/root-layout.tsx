import { useEffect } from 'react';
import { useTranslation } from '../shared/i18n/use-translation';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../shared/services';
import { hideLoaderScreen } from '../shared/ui/loader-screen';
import { resolveNavigation } from './guard/resolve-navigation';
import { SnackbarHost } from './shell/snackbar-host';
import { UpdatePrompt } from './shell/update-prompt';

/** The navigation guard of spec §2 around every route, plus the hosts every screen shares. */
export function RootLayout() {
  const location = useLocation();
  const { t } = useTranslation();
  const session = useSession(
    useShallow((s) => ({ status: s.loginStatus, views: s.views, startOn: s.startOn })),
  );
  const decision = resolveNavigation({
    pathname: location.pathname,
    search: location.search,
    ...session,
  });
  const waiting = decision.action === 'wait';
  const titleKey = decision.action === 'render' ? decision.entry.titleKey : undefined;

  useEffect(() => {
    if (!waiting) hideLoaderScreen();
  }, [waiting]);
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · Rumbo` : 'Rumbo';
  }, [titleKey, t]);

  return (
    <>
      {decision.action === 'redirect' ? (
        <Navigate to={decision.to} replace />
      ) : decision.action === 'render' ? (
        <Outlet />
      ) : null}
      <SnackbarHost />
      <UpdatePrompt />
    </>
  );
}
