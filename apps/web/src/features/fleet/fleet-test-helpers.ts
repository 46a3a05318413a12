import { memoryStorage, type FakeHandler, type FakeReply } from '../../test/fake-server';
import { signedInRoutes, VIEWS } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** The app at `path` with a stored session, as after a reload. */
export function openSignedIn(path: string, routes: Record<string, FakeHandler | FakeReply>) {
  const auth = { token: 'tok', userToken: 'utok', digest: 'abcdefgh12345678', rol: 'operator' };
  return renderApp(
    path,
    {
      ...signedInRoutes(),
      'POST /api/v2/views-authz/web3': {
        body: { start_on: 'dashboard', views: { ...VIEWS, 'fleet-groups': true } },
      },
      ...routes,
    },
    memoryStorage({ 'rumbo.auth': JSON.stringify({ ...auth, loginStatus: 'authenticated' }) }),
  );
}
