import type { ComponentType } from 'react';
import type { ViewName } from '@rumbo/contracts';

/** How the guard treats a route (spec §2, decisions.md). */
export type RouteAccess = ScreenAccess | GuardAccess;

/** Accesses whose routes render a screen. */
type ScreenAccess =
  /** `/auth/login`: public; a signed-in user goes to the start view. */
  | 'login'
  /** Other public routes (recovery, OTP expired, 403, 404). */
  | 'public'
  /** `/app`: the layout route (the shell around every `/app/…` screen); goes to the start view. */
  | 'layout'
  /** Needs sign-in, always allowed (user settings). */
  | 'signed-in'
  /** Needs sign-in and `view` allowed. */
  | 'view'
  /** `/app/fleet`: allowed when any fleet-… view is. */
  | 'fleet-group';

/** Accesses the guard answers by itself, without a screen. */
type GuardAccess =
  /** `/`: goes to login or the start view. */
  | 'index'
  /** Group names that are placeholders: always 404. */
  | 'not-found'
  /** An alias that redirects to `to`. */
  | 'redirect';

/** What the router gives every screen (a screen uses what it needs). */
export interface ScreenProps {
  /** Translation key of the route's title. */
  titleKey: string;
  /** Where a back-to-start button goes: the start view when signed in, else login. */
  homePath: string;
}

/** Loads a screen's module (a lazy chunk); its default export is the screen. */
export type ScreenLoader = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** The screen of a route whose own screen is not built yet: a titled "coming soon" page. */
export const placeholder: ScreenLoader = () =>
  import('../../features/placeholders/placeholder-page');

interface RouteBase {
  /** React Router pattern, absolute. */
  path: string;
  view?: ViewName;
  /** Params that must be whole non-negative numbers (ids, epoch ms). */
  numeric?: readonly string[];
  /** Translation key of the screen title. */
  titleKey?: string;
}

/** A route that renders a screen: its module is declared here and nowhere else. */
export interface ScreenRoute extends RouteBase {
  access: ScreenAccess;
  screen: ScreenLoader;
  /**
   * Drawn without MUI: the screen brings its own styles, so its first load carries no UI kit
   * (sign-in, decision 0062). Its snackbar and update prompt load MUI when they show.
   */
  plain?: true;
}

/** A route the guard answers (index, 404 group names, aliases): no screen. */
export interface GuardRoute extends RouteBase {
  access: GuardAccess;
  /** Target of a redirect entry. */
  to?: string;
  screen?: never;
}

export type RouteEntry = ScreenRoute | GuardRoute;

/** Whether a route renders a screen (the others are answered by the guard). */
export function hasScreen(entry: RouteEntry): entry is ScreenRoute {
  return entry.screen !== undefined;
}

/** The layout route a screen renders inside (`/app/…` → the shell), if any. */
export function layoutOf(
  entry: RouteEntry,
  table: readonly RouteEntry[] = ROUTE_TABLE,
): ScreenRoute | undefined {
  return table.find(
    (route): route is ScreenRoute =>
      hasScreen(route) && route.access === 'layout' && entry.path.startsWith(`${route.path}/`),
  );
}

const view = (
  path: string,
  v: ViewName,
  screen: ScreenLoader,
  numeric?: readonly string[],
): ScreenRoute => ({
  path: `/app/${path}`,
  access: 'view',
  view: v,
  titleKey: `menu.${v}`,
  screen,
  ...(numeric ? { numeric } : {}),
});

/**
 * Every route of spec §2 with its view name (decisions.md), plus Rumbo's admin screens. A route
 * that renders declares its screen here, once; `placeholder` marks a screen not built yet.
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/', access: 'index' },
  {
    path: '/auth/login',
    access: 'login',
    titleKey: 'view.login.title',
    screen: () => import('../../features/auth/login-page'),
    plain: true,
  },
  {
    path: '/auth/recovery',
    access: 'public',
    titleKey: 'view.recovery.title',
    screen: () => import('../../features/auth/recovery-page'),
  },
  {
    path: '/auth/recovery/:token',
    access: 'public',
    titleKey: 'view.recovery_token.title',
    screen: () => import('../../features/auth/recovery-token-page'),
  },
  {
    path: '/auth/422',
    access: 'public',
    titleKey: 'view.otp_expired.title',
    screen: () => import('../../features/auth/otp-expired-page'),
  },
  {
    path: '/403',
    access: 'public',
    titleKey: 'view.forbidden.title',
    screen: () => import('../../features/errors/forbidden-page'),
  },
  {
    path: '/404',
    access: 'public',
    titleKey: 'view.not_found.title',
    screen: () => import('../../features/errors/not-found-page'),
  },
  { path: '/app', access: 'layout', screen: () => import('../shell/shell-layout') },
  view('home', 'dashboard', () => import('../../features/home/home-page')),
  {
    path: '/app/user/settings',
    access: 'signed-in',
    titleKey: 'view.settings.title',
    screen: () => import('../../features/settings/settings-page'),
  },
  {
    path: '/app/fleet',
    access: 'fleet-group',
    titleKey: 'menu.group.fleet',
    screen: () => import('../../features/fleet/fleet-overview-page'),
  },
  view('fleet/vehicles', 'fleet-vehicles', () => import('../../features/fleet/vehicles-page')),
  view('fleet/groups', 'fleet-groups', () => import('../../features/fleet/groups-page')),
  view('fleet/alerts', 'fleet-alerts', () => import('../../features/alerts/alerts-page')),
  view(
    'fleet/safety_drive',
    'fleet-safety-drive',
    () => import('../../features/fleet/safety-drive-page'),
  ),
  view(
    'fleet/ralenti_agg',
    'fleet-ralenti-agg',
    () => import('../../features/fleet/ralenti-agg-page'),
  ),
  view(
    'fleet/ralenti_vehicle/:id/:from/:to',
    'fleet-ralenti-agg',
    () => import('../../features/fleet/ralenti-vehicle-page'),
    ['id', 'from', 'to'],
  ),
  view(
    'map/travel_consultation/:id?/:from?/:to?',
    'map-travel-consultation',
    () => import('../../features/travel/travel-consultation-page'),
    ['id', 'from', 'to'],
  ),
  view(
    'map/current_location',
    'map-fleet-location',
    () => import('../../features/map/current-location-page'),
  ),
  view('analysis', 'analysis-fleet', () => import('../../features/analysis/analysis-page')),
  view(
    'analysis/:id/:from/:to/:comparativeFrom?/:comparativeTo?',
    'analysis-fleet',
    () => import('../../features/analysis/vehicle-analysis-page'),
    ['id', 'from', 'to', 'comparativeFrom', 'comparativeTo'],
  ),
  view('fuel/refuel', 'fuel-refuel', () => import('../../features/fuel/refuel-page')),
  view('fuel/catalyst', 'fuel-catalyst', () => import('../../features/fuel/catalyst-page')),
  view('fuel/add', 'fuel-add', () => import('../../features/fuel/urea-refills-page')),
  view('fuel/consumtion', 'fuel-analysis', () => import('../../features/fuel/consumption-page')),
  view(
    'maintenance/forecast',
    'maintenance-forecast',
    () => import('../../features/maintenance/forecast-page'),
  ),
  view(
    'maintenance/calendar',
    'maintenance-calendar',
    () => import('../../features/maintenance/calendar-page'),
  ),
  view(
    'maintenance/list',
    'maintenance-list',
    () => import('../../features/maintenance/list-page'),
  ),
  view(
    'maintenance/history',
    'maintenance-history',
    () => import('../../features/maintenance/history-page'),
  ),
  { path: '/app/fuel/consumption', access: 'redirect', to: '/app/fuel/consumtion' },
  view(
    'diagnostic/history',
    'diagnostic-history',
    () => import('../../features/diagnostics/diagnostics-page'),
  ),
  view('trip/travels', 'trip-travels', () => import('../../features/trips/trips-page')),
  view(
    'geofence/admin',
    'geofence-admin',
    () => import('../../features/geofences/geofence-admin-page'),
  ),
  view('driver/admin', 'driver-admin', () => import('../../features/admin/drivers-page')),
  view(
    'driver/driving-times',
    'driver-driving-times',
    () => import('../../features/driving-times/driving-times-page'),
  ),
  view(
    'driver/driving-times/:driverId',
    'driver-driving-times',
    () => import('../../features/driving-times/driver-times-page'),
    ['driverId'],
  ),
  view(
    'driver/infringements',
    'driver-infringements',
    () => import('../../features/driving-times/infringements-page'),
  ),
  view('admin/users', 'admin-users', () => import('../../features/admin/users-page')),
  view('admin/roles', 'admin-roles', () => import('../../features/admin/roles-page')),
  view('admin/vehicles', 'admin-vehicles', () => import('../../features/admin/vehicles-page')),
  view('admin/devices', 'admin-devices', () => import('../../features/admin/devices-page')),
  view('admin/groups', 'admin-groups', () => import('../../features/admin/groups-page')),
  view('admin/alerts', 'admin-alerts', () => import('../../features/admin/alert-settings-page')),
  ...[
    'map',
    'maintenance',
    'fuel',
    'diagnostic',
    'trip',
    'geofence',
    'geofence-search',
    'geofence-search/*',
    'routing',
    'routing/*',
    'driver',
    'admin',
  ].map((p): GuardRoute => ({ path: `/app/${p}`, access: 'not-found' })),
];

/** The path a menu item and the start view open for each view name (optional params dropped). */
export const VIEW_PATHS: Readonly<Record<ViewName, string>> = (() => {
  const paths: Partial<Record<ViewName, string>> = {};
  for (const route of ROUTE_TABLE) {
    if (route.access !== 'view' || !route.view || paths[route.view]) continue;
    const path = route.path.replace(/\/:[^/]+\?/g, '');
    if (!path.includes(':')) paths[route.view] = path;
  }
  return paths as Record<ViewName, string>;
})();
