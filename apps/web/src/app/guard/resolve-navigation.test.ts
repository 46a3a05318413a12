import { describe, expect, it } from 'vitest';
import type { LoginStatus } from '../../shared/session/login-status';
import { homePath, matchRoute, resolveNavigation, startPath } from './resolve-navigation';

const VIEWS = {
  dashboard: true,
  'fleet-vehicles': true,
  'fleet-alerts': false,
  'map-travel-consultation': true,
  'analysis-fleet': true,
  'fleet-ralenti-agg': true,
  'fuel-analysis': true,
};

const go = (pathname: string, status: LoginStatus = 'authenticated', search = '') =>
  resolveNavigation({ pathname, search, status, views: VIEWS, startOn: 'dashboard' });

describe('navigation guard (spec §2)', () => {
  it('waits while the first session check runs', () => {
    expect(go('/app/home', null)).toEqual({ action: 'wait' });
    expect(go('/auth/login', 'checking')).toEqual({ action: 'wait' });
  });

  it('sends every route to the OTP screen when the code expired', () => {
    expect(go('/app/home', 'otp-expired')).toEqual({ action: 'redirect', to: '/auth/422' });
    expect(go('/auth/login', 'otp-expired')).toEqual({ action: 'redirect', to: '/auth/422' });
    expect(go('/nowhere', 'otp-expired')).toEqual({ action: 'redirect', to: '/auth/422' });
    expect(go('/auth/422', 'otp-expired')).toMatchObject({ action: 'render' });
  });

  it('sends login, index and the layout route to the start view when signed in', () => {
    expect(go('/auth/login')).toEqual({ action: 'redirect', to: '/app/home' });
    expect(go('/')).toEqual({ action: 'redirect', to: '/app/home' });
    expect(go('/app')).toEqual({ action: 'redirect', to: '/app/home' });
    expect(go('/app/')).toEqual({ action: 'redirect', to: '/app/home' });
  });

  it('renders an allowed view and answers 403 for one not allowed', () => {
    expect(go('/app/home')).toMatchObject({ action: 'render', entry: { view: 'dashboard' } });
    expect(go('/app/fleet/vehicles')).toMatchObject({ action: 'render' });
    expect(go('/app/fleet/alerts')).toEqual({ action: 'redirect', to: '/403' });
    expect(go('/app/maintenance/forecast')).toEqual({ action: 'redirect', to: '/403' });
    expect(go('/app/admin/users')).toEqual({ action: 'redirect', to: '/403' });
  });

  it('always allows user settings to a signed-in user', () => {
    expect(go('/app/user/settings')).toMatchObject({ action: 'render' });
  });

  it('allows the fleet group when any fleet view is allowed', () => {
    expect(go('/app/fleet')).toMatchObject({ action: 'render' });
    expect(
      resolveNavigation({
        pathname: '/app/fleet',
        status: 'authenticated',
        views: { dashboard: true },
        startOn: 'dashboard',
      }),
    ).toEqual({ action: 'redirect', to: '/403' });
  });

  it('answers 404 for unknown routes and the placeholder group paths', () => {
    for (const path of [
      '/nowhere',
      '/app/unknown',
      '/app/map',
      '/app/maintenance',
      '/app/fuel',
      '/app/diagnostic',
      '/app/trip',
      '/app/geofence',
      '/app/geofence-search',
      '/app/routing',
      '/app/routing/anything/deeper',
      '/app/driver',
    ]) {
      expect(go(path), path).toEqual({ action: 'redirect', to: '/404' });
    }
    expect(go('/nowhere', 'unauthenticated')).toEqual({ action: 'redirect', to: '/404' });
  });

  it('validates numeric params', () => {
    expect(go('/app/fleet/ralenti_vehicle/12/1700000000000/1700086400000')).toMatchObject({
      action: 'render',
      params: { id: '12', from: '1700000000000', to: '1700086400000' },
    });
    expect(go('/app/fleet/ralenti_vehicle/abc/1/2')).toEqual({ action: 'redirect', to: '/404' });
    expect(go('/app/fleet/ralenti_vehicle/12/1')).toEqual({ action: 'redirect', to: '/404' });
    expect(go('/app/map/travel_consultation')).toMatchObject({ action: 'render' });
    expect(go('/app/map/travel_consultation/5')).toMatchObject({ action: 'render' });
    expect(go('/app/map/travel_consultation/5/1/2')).toMatchObject({ action: 'render' });
    expect(go('/app/map/travel_consultation/x')).toEqual({ action: 'redirect', to: '/404' });
    expect(go('/app/analysis/5/1/2')).toMatchObject({ action: 'render' });
    expect(go('/app/analysis/5/1/2/3/4')).toMatchObject({ action: 'render' });
    expect(go('/app/analysis/5/1/2/3/z')).toEqual({ action: 'redirect', to: '/404' });
    expect(go('/app/analysis/5/1/2/3/4/5')).toEqual({ action: 'redirect', to: '/404' });
  });

  it('redirects fuel/consumption to the spelling of the specification', () => {
    expect(go('/app/fuel/consumption')).toEqual({ action: 'redirect', to: '/app/fuel/consumtion' });
    expect(go('/app/fuel/consumtion')).toMatchObject({ action: 'render' });
  });

  it('sends a signed-out user to login unless the route is public', () => {
    for (const status of ['unauthenticated', 'validating'] as const) {
      expect(go('/app/home', status)).toEqual({ action: 'redirect', to: '/auth/login' });
      expect(go('/app/user/settings', status)).toEqual({ action: 'redirect', to: '/auth/login' });
      expect(go('/', status)).toEqual({ action: 'redirect', to: '/auth/login' });
      expect(go('/app', status)).toEqual({ action: 'redirect', to: '/auth/login' });
      for (const path of [
        '/auth/login',
        '/auth/recovery',
        '/auth/recovery/abc',
        '/auth/422',
        '/403',
        '/404',
      ]) {
        expect(go(path, status), path).toMatchObject({ action: 'render' });
      }
    }
  });

  it('finds routes case-sensitively and ignores a trailing slash', () => {
    expect(matchRoute('/app/home/')?.entry.view).toBe('dashboard');
    expect(matchRoute('/APP/home')).toBeNull();
  });
});

describe('start view', () => {
  it("uses the role's start_on when allowed", () => {
    expect(startPath('map-travel-consultation', VIEWS)).toBe('/app/map/travel_consultation');
  });
  it('falls back to the first allowed view, then to settings', () => {
    expect(startPath('fleet-alerts', VIEWS)).toBe('/app/home');
    expect(startPath('nonsense', { 'fleet-groups': true })).toBe('/app/fleet/groups');
    expect(startPath(null, {})).toBe('/app/user/settings');
  });
  it('sends the 403/404 back button home when signed in, else to login', () => {
    expect(homePath({ status: 'authenticated', startOn: 'dashboard', views: VIEWS })).toBe(
      '/app/home',
    );
    expect(homePath({ status: 'unauthenticated', startOn: null, views: null })).toBe('/auth/login');
  });
});
