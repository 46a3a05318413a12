import { act, screen, within } from '@testing-library/react';
import type { renderApp } from '../../../test/render-app';
import { openVehiclePopup } from '.';

// The popup's tests' way in (imported by tests only).

/** Signs in as the demo user and opens vehicle 4's popup (plate AB 123 CD) once the home shows. */
export async function signInAndOpenPopup(app: ReturnType<typeof renderApp>) {
  await act(async () => {
    await app.services.session.login('demouser', 'demo1234');
  });
  await screen.findByRole('heading', { level: 1 });
  act(() => openVehiclePopup(app.services.events, 4));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('AB 123 CD', { selector: 'h2 span' });
  return { app, dialog };
}
