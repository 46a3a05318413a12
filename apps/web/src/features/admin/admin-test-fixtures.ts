import { memoryStorage, type FakeHandler, type FakeReply } from '../../test/fake-server';
import { signedInRoutes, VIEWS } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import type { Vehicle } from '@rumbo/contracts';

/** A vehicle for tests: nothing filled in but what the test says. */
export function testVehicle(over: Partial<Vehicle>): Vehicle {
  return {
    vehicleId: 1,
    plate: 'AA000AA',
    vim: '',
    kind: 'tractor',
    description: '',
    brand: '',
    model: '',
    modelYear: null,
    implementId: null,
    tankCapacityL: null,
    ureaCapacityL: null,
    speedLimitKmh: null,
    groupId: null,
    groupName: null,
    implementName: null,
    deviceUniqueId: null,
    ...over,
  };
}

/**
 * The app at `path` for a signed-in administrator who may also open `views`, as after a reload;
 * `routes` answer beside the signed-in ones (`signedIn`, the usual user unless told).
 */
export function openAdmin(
  path: string,
  views: readonly string[],
  routes: Record<string, FakeHandler | FakeReply>,
  signedIn: Record<string, FakeHandler | FakeReply> = signedInRoutes(),
) {
  const auth = { token: 'tok', userToken: 'utok', digest: 'abcdefgh12345678', rol: 'admin' };
  const allowed = { ...VIEWS, ...Object.fromEntries(views.map((view) => [view, true])) };
  return renderApp(
    path,
    {
      ...signedIn,
      'POST /api/v2/views-authz/web3': { body: { start_on: 'dashboard', views: allowed } },
      ...routes,
    },
    memoryStorage({ 'rumbo.auth': JSON.stringify({ ...auth, loginStatus: 'authenticated' }) }),
  );
}
