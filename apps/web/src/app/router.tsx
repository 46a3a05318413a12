import { useRoutes, type RouteObject } from 'react-router';
import { useSession } from '../shared/services';
import { lazyScreen } from '../shared/ui/lazy-screen';
import { Screen } from '../shared/ui/screen';
import { homePath } from './guard/resolve-navigation';
import { RootLayout } from './root-layout';
import { ROUTE_TABLE, type RouteEntry } from './routes/route-table';

const LoginPage = lazyScreen(() => import('../features/auth/login-page'));
const RecoveryPage = lazyScreen(() => import('../features/auth/recovery-page'));
const RecoveryTokenPage = lazyScreen(() => import('../features/auth/recovery-token-page'));
const OtpExpiredPage = lazyScreen(() => import('../features/auth/otp-expired-page'));
const NotFoundPage = lazyScreen(() => import('../features/errors/not-found-page'));
const ForbiddenPage = lazyScreen(() => import('../features/errors/forbidden-page'));
const ShellLayout = lazyScreen(() => import('./shell/shell-layout'));
const HomePage = lazyScreen(() => import('../features/home/home-page'));
const SettingsPage = lazyScreen(() => import('../features/settings/settings-page'));
const PlaceholderPage = lazyScreen(() => import('../features/placeholders/placeholder-page'));

/** Screens with their own module, by route pattern (each feature folder owns its screens). */
const SCREENS: Readonly<Record<string, ReturnType<typeof lazyScreen>>> = {
  '/app/map/current_location': lazyScreen(() => import('../features/map/current-location-page')),
  '/app/fleet': lazyScreen(() => import('../features/fleet/fleet-overview-page')),
  '/app/fleet/vehicles': lazyScreen(() => import('../features/fleet/vehicles-page')),
  '/app/fleet/groups': lazyScreen(() => import('../features/fleet/groups-page')),
  '/app/map/travel_consultation/:id?/:from?/:to?': lazyScreen(
    () => import('../features/travel/travel-consultation-page'),
  ),
  '/app/admin/users': lazyScreen(() => import('../features/admin/users-page')),
  '/app/admin/roles': lazyScreen(() => import('../features/admin/roles-page')),
  '/app/admin/vehicles': lazyScreen(() => import('../features/admin/vehicles-page')),
  '/app/admin/devices': lazyScreen(() => import('../features/admin/devices-page')),
  '/app/admin/groups': lazyScreen(() => import('../features/admin/groups-page')),
};

/** 403/404 need the home view of the current session for their back button. */
function ErrorScreen({ code }: { code: 403 | 404 }) {
  const home = useSession((s) =>
    homePath({ status: s.loginStatus, startOn: s.startOn, views: s.views }),
  );
  return (
    <Screen>
      {code === 403 ? <ForbiddenPage homePath={home} /> : <NotFoundPage homePath={home} />}
    </Screen>
  );
}

/** The screen of an /app route: its own screen where this issue has one, else a titled page. */
function appScreen(entry: RouteEntry) {
  if (entry.path === '/app/home') return <HomePage />;
  if (entry.path === '/app/user/settings') return <SettingsPage />;
  const Own = SCREENS[entry.path];
  if (Own) return <Own />;
  return <PlaceholderPage titleKey={entry.titleKey ?? 'menu.group.fleet'} />;
}

/** Every route of spec §2 (the guard in RootLayout decides who may see it). */
export function buildRoutes(): RouteObject[] {
  const appRoutes: RouteObject[] = ROUTE_TABLE.filter(
    (r) =>
      r.path.startsWith('/app/') &&
      (r.access === 'view' || r.access === 'signed-in' || r.access === 'fleet-group'),
  ).map((entry) => ({
    path: entry.path.slice('/app/'.length),
    element: <Screen>{appScreen(entry)}</Screen>,
  }));
  return [
    {
      element: <RootLayout />,
      children: [
        { index: true, element: null },
        {
          path: 'auth/login',
          element: (
            <Screen>
              <LoginPage />
            </Screen>
          ),
        },
        {
          path: 'auth/recovery',
          element: (
            <Screen>
              <RecoveryPage />
            </Screen>
          ),
        },
        {
          path: 'auth/recovery/:token',
          element: (
            <Screen>
              <RecoveryTokenPage />
            </Screen>
          ),
        },
        {
          path: 'auth/422',
          element: (
            <Screen>
              <OtpExpiredPage />
            </Screen>
          ),
        },
        { path: '403', element: <ErrorScreen code={403} /> },
        { path: '404', element: <ErrorScreen code={404} /> },
        {
          path: 'app',
          element: (
            <Screen>
              <ShellLayout />
            </Screen>
          ),
          children: [{ index: true, element: null }, ...appRoutes],
        },
        { path: '*', element: null },
      ],
    },
  ];
}

const ROUTES = buildRoutes();

/** The routes, rendered inside whichever router the app runs in (browser, or memory in tests). */
export function AppRoutes() {
  return useRoutes(ROUTES);
}
