/** Every view name a role's views map may allow (decisions.md). */
export const VIEW_NAMES = [
  'dashboard',
  'fleet-vehicles',
  'fleet-groups',
  'fleet-alerts',
  'fleet-safety-drive',
  'fleet-ralenti-agg',
  'map-travel-consultation',
  'map-fleet-location',
  'analysis-fleet',
  'maintenance-forecast',
  'maintenance-calendar',
  'maintenance-list',
  'maintenance-history',
  'fuel-refuel',
  'fuel-catalyst',
  'fuel-add',
  'fuel-analysis',
  'diagnostic-history',
  'trip-travels',
  'geofence-admin',
  'driver-admin',
  'driver-driving-times',
  'driver-infringements',
  'admin-users',
  'admin-roles',
  'admin-vehicles',
  'admin-devices',
  'admin-groups',
  'admin-alerts',
] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/** Views only administrators get. */
export const ADMIN_VIEWS: readonly ViewName[] = [
  'admin-users',
  'admin-roles',
  'admin-vehicles',
  'admin-devices',
  'admin-groups',
  'admin-alerts',
];

/** Views of the built-in viewer role: dashboard, maps and fleet lists. */
export const VIEWER_VIEWS: readonly ViewName[] = [
  'dashboard',
  'map-travel-consultation',
  'map-fleet-location',
  'fleet-vehicles',
  'fleet-groups',
];

/** Menu groups and their views, in menu order (spec §2 plus driver and admin). */
export const MENU_GROUPS: readonly { group: string; views: readonly ViewName[] }[] = [
  { group: 'home', views: ['dashboard'] },
  {
    group: 'fleet',
    views: [
      'fleet-vehicles',
      'fleet-groups',
      'fleet-alerts',
      'fleet-safety-drive',
      'fleet-ralenti-agg',
    ],
  },
  { group: 'map', views: ['map-travel-consultation', 'map-fleet-location'] },
  { group: 'analysis', views: ['analysis-fleet'] },
  {
    group: 'maintenance',
    views: [
      'maintenance-forecast',
      'maintenance-calendar',
      'maintenance-list',
      'maintenance-history',
    ],
  },
  { group: 'fuel', views: ['fuel-refuel', 'fuel-catalyst', 'fuel-add', 'fuel-analysis'] },
  { group: 'diagnostic', views: ['diagnostic-history'] },
  { group: 'trip', views: ['trip-travels'] },
  { group: 'geofence', views: ['geofence-admin'] },
  {
    group: 'driver',
    views: ['driver-admin', 'driver-driving-times', 'driver-infringements'],
  },
  {
    group: 'admin',
    views: [
      'admin-users',
      'admin-roles',
      'admin-vehicles',
      'admin-devices',
      'admin-groups',
      'admin-alerts',
    ],
  },
];

/** A view is allowed only if present and truthy in the views map (spec §6). */
export function isViewAllowed(views: Record<string, unknown> | undefined, view: string): boolean {
  return Boolean(views?.[view]);
}

/**
 * Views whose screens show the fleet's live status (`last_position`, `/api/wslp`): the live map,
 * and the fleet and vehicle tables (the `/app/fleet` overview takes any fleet view). Where each
 * vehicle is goes only to roles with the live map (decision 0029).
 */
export const LIVE_STATUS_VIEWS = [
  'map-fleet-location',
  'fleet-vehicles',
  'fleet-groups',
  'fleet-alerts',
  'fleet-safety-drive',
  'fleet-ralenti-agg',
  'admin-vehicles',
] as const;

/** The view that shows where each vehicle is. */
export const LIVE_POSITION_VIEW = 'map-fleet-location';
