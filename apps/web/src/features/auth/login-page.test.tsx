import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

async function openLogin(routes = signedInRoutes()) {
  const app = renderApp('/auth/login', routes);
  await act(() => app.services.session.check({ search: '', replaceSearch: () => undefined }));
  await screen.findByRole('button', { name: 'Ingresar' });
  return app;
}

describe('login screen', () => {
  it('has username and current-password fields and keeps the button disabled until valid', async () => {
    await openLogin();
    const user = userEvent.setup();
    const username = screen.getByLabelText('Usuario');
    const password = screen.getByLabelText('Contraseña');
    expect(username).toHaveAttribute('name', 'username');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('name', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    const button = screen.getByRole('button', { name: 'Ingresar' });
    expect(button).toBeDisabled();
    await user.type(username, 'demo');
    expect(await screen.findByText('tamaño mínimo requerido 6')).toBeInTheDocument();
    await user.type(username, 'user');
    await user.type(password, 'demo 1234');
    expect(await screen.findByText('espacios en blanco no permitidos')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.clear(password);
    await user.type(password, 'demo1234');
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('shows the English messages after switching to EN', async () => {
    await openLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'English' }));
    const button = await screen.findByRole('button', { name: 'Log in' });
    await user.type(screen.getByLabelText('Username'), 'abc');
    expect(await screen.findByText("can't be less than 6")).toBeInTheDocument();
    expect(button).toBeDisabled();
  });

  it('warns about wrong credentials and stays on the login screen', async () => {
    const app = await openLogin({
      ...signedInRoutes(),
      'POST /api/auth/generate_token': {
        status: 401,
        body: { error: 'bad_credentials', message: 'Usuario o contraseña incorrectos' },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Usuario'), 'demouser');
    await user.type(screen.getByLabelText('Contraseña'), 'wrongpass{Enter}');
    const alert = await screen.findByTestId('snackbar');
    expect(alert).toHaveTextContent('Usuario o contraseña incorrectos');
    expect(alert.className).toMatch(/Warning/);
    expect(app.services.sessionStore.getState().loginStatus).toBe('unauthenticated');
    expect(app.location().pathname).toBe('/auth/login');
  });

  it('signs in with Enter in the password field and goes to the start view', async () => {
    const app = await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Usuario'), 'demouser');
    await user.type(screen.getByLabelText('Contraseña'), 'demo1234{Enter}');
    expect(await screen.findByRole('heading', { name: 'Panel', level: 1 })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/app/home');
  });
});
