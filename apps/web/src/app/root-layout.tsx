import { useEffect } from 'react';
import { useTranslation } from '../shared/i18n/use-translation';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../shared/services';
import { Framed } from '../shared/ui/framed';
import { hideLoaderScreen } from '../shared/ui/loader-screen';
import { resolveNavigation } from './guard/resolve-navigation';
import { hasScreen, layoutOf, type RouteEntry } from './routes/route-table';
import { SnackbarHost } from './shell/snackbar-host';
import { UpdatePrompt } from './shell/update-prompt';

function setDocumentTitle(title: string): void {
  document.title = title;
}

/**
 * Starts loading a screen's code, and its layout's (the shell), at once: MUI's frame loads
 * beside them, not before them, so a framed screen costs no extra round trip.
 */
function preloadScreen(entry: RouteEntry): void {
  for (const route of [entry, layoutOf(entry)]) {
    if (route && hasScreen(route)) void route.screen().catch(() => undefined);
  }
}

/** Hides the start-up loader once the screen's frame is there (MUI's, or none). */
function LoaderDone() {
  useEffect(() => {
    hideLoaderScreen();
  }, []);
  return null;
}

/**
 * The navigation guard of spec §2 around every route, plus the hosts every screen shares. A
 * screen is drawn inside MUI's frame unless its route is plain (sign-in, decision 0062).
 */
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
  const entry = decision.action === 'render' ? decision.entry : undefined;
  const titleKey = entry?.titleKey;

  useEffect(() => {
    if (entry) preloadScreen(entry);
  }, [entry]);

  useEffect(() => {
    setDocumentTitle(titleKey ? `${t(titleKey)} · Rumbo` : 'Rumbo');
  }, [titleKey, t]);

  const hosts = (
    <>
      <SnackbarHost />
      <UpdatePrompt />
    </>
  );
  if (decision.action !== 'render') {
    return (
      <>
        {decision.action === 'redirect' ? <Navigate to={decision.to} replace /> : null}
        {hosts}
      </>
    );
  }
  const screen = (
    <>
      <LoaderDone />
      <Outlet />
      {hosts}
    </>
  );
  return hasScreen(decision.entry) && decision.entry.plain ? screen : <Framed>{screen}</Framed>;
}
