import type { ViewName } from '@rumbo/contracts';

/** How the guard treats a route (spec §2, decisions.md). */
export type RouteAccess =
  /** `/`: no screen; goes to login or the start view. */
  | 'index'
  /** `/auth/login`: public; a signed-in user goes to the start view. */
  | 'login'
  /** Other public routes (recovery, OTP expired, 403, 404). */
  | 'public'
  /** `/app`: the layout route; goes to the start view. */
  | 'layout'
  /** Needs sign-in, always allowed (user settings). */
  | 'signed-in'
  /** Needs sign-in and `view` allowed. */
  | 'view'
  /** `/app/fleet`: allowed when any fleet-… view is. */
  | 'fleet-group'
  /** Group names that are placeholders: always 404. */
  | 'not-found'
  /** An alias that redirects to `to`. */
  | 'redirect';

export interface RouteEntry {
  /** React Router pattern, absolute. */
  path: string;
  access: RouteAccess;
  view?: ViewName;
  /** Params that must be whole non-negative numbers (ids, epoch ms). */
  numeric?: readonly string[];
  /** Target of a redirect entry. */
  to?: string;
  /** Translation key of the screen title. */
  titleKey?: string;
}

const view = (path: string, v: ViewName, numeric?: readonly string[]): RouteEntry => ({
  path: `/app/${path}`,
  access: 'view',
  view: v,
  titleKey: `menu.${v}`,
  ...(numeric ? { numeric } : {}),
});

/** Every route of spec §2 with its view name (decisions.md), plus Rumbo's admin screens. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/', access: 'index' },
  { path: '/auth/login', access: 'login', titleKey: 'view.login.title' },
  { path: '/auth/recovery', access: 'public', titleKey: 'view.recovery.title' },
  { path: '/auth/recovery/:token', access: 'public', titleKey: 'view.recovery_token.title' },
  { path: '/auth/422', access: 'public', titleKey: 'view.otp_expired.title' },
  { path: '/403', access: 'public', titleKey: 'view.forbidden.title' },
  { path: '/404', access: 'public', titleKey: 'view.not_found.title' },
  { path: '/app', access: 'layout' },
  view('home', 'dashboard'),
  { path: '/app/user/settings', access: 'signed-in', titleKey: 'view.settings.title' },
  { path: '/app/fleet', access: 'fleet-group', titleKey: 'menu.group.fleet' },
  view('fleet/vehicles', 'fleet-vehicles'),
  view('fleet/groups', 'fleet-groups'),
  view('fleet/alerts', 'fleet-alerts'),
  view('fleet/safety_drive', 'fleet-safety-drive'),
  view('fleet/ralenti_agg', 'fleet-ralenti-agg'),
  view('fleet/ralenti_vehicle/:id/:from/:to', 'fleet-ralenti-agg', ['id', 'from', 'to']),
  view('map/travel_consultation/:id?/:from?/:to?', 'map-travel-consultation', ['id', 'from', 'to']),
  view('map/current_location', 'map-fleet-location'),
  view('analysis', 'analysis-fleet'),
  view('analysis/:id/:from/:to/:comparativeFrom?/:comparativeTo?', 'analysis-fleet', [
    'id',
    'from',
    'to',
    'comparativeFrom',
    'comparativeTo',
  ]),
  view('maintenance/forecast', 'maintenance-forecast'),
  view('maintenance/calendar', 'maintenance-calendar'),
  view('maintenance/list', 'maintenance-list'),
  view('maintenance/history', 'maintenance-history'),
  view('fuel/refuel', 'fuel-refuel'),
  view('fuel/catalyst', 'fuel-catalyst'),
  view('fuel/add', 'fuel-add'),
  view('fuel/consumtion', 'fuel-analysis'),
  { path: '/app/fuel/consumption', access: 'redirect', to: '/app/fuel/consumtion' },
  view('diagnostic/history', 'diagnostic-history'),
  view('trip/travels', 'trip-travels'),
  view('geofence/admin', 'geofence-admin'),
  view('driver/admin', 'driver-admin'),
  view('admin/users', 'admin-users'),
  view('admin/roles', 'admin-roles'),
  view('admin/vehicles', 'admin-vehicles'),
  view('admin/devices', 'admin-devices'),
  view('admin/groups', 'admin-groups'),
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
  ].map((p): RouteEntry => ({ path: `/app/${p}`, access: 'not-found' })),
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
