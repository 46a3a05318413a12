import type { Geofence } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memoryStorage, type FakeHandler, type FakeReply } from '../../test/fake-server';
import { signedInRoutes, VIEWS } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { POI_TYPES, testGeofence, testPoi } from './geofence-test-fixtures';

const SLOW = { timeout: 10_000 };

function openScreen(routes: Record<string, FakeHandler | FakeReply>) {
  const auth = { token: 'tok', userToken: 'utok', digest: 'abcdefgh12345678', rol: 'operator' };
  return renderApp(
    '/app/geofence/admin',
    {
      ...signedInRoutes(),
      'POST /api/v2/views-authz/web3': {
        body: { start_on: 'dashboard', views: { ...VIEWS, 'geofence-admin': true } },
      },
      'POST /api/v2/geofence/get_all_attributes': { body: ['cliente', 'turno'] },
      'GET /api/rest/routing/interest_point_type': { body: POI_TYPES },
      'GET /api/vehicles/groups/vehicles': {
        body: [{ groupId: 4, name: 'Reparto', vehicleList: [{ vehicleId: 9, plate: 'AB123CD' }] }],
      },
      ...routes,
    },
    memoryStorage({ 'rumbo.auth': JSON.stringify({ ...auth, loginStatus: 'authenticated' }) }),
  );
}

const CIRCLE = testGeofence({
  id: 7,
  name: 'Cliente Norte',
  geom: { type: 'Point', coordinates: [-58.48, -34.55] },
  radius: 600,
  accessType: 'none',
  attributes: {},
});

describe('geofence/admin', () => {
  it('lists geofences and POIs, finds them by name or attribute', async () => {
    openScreen({
      'POST /api/v2/geofence/get_all': { body: [testGeofence(), CIRCLE] },
      'GET /api/rest/routing/interest_point': { body: [testPoi()] },
    });
    const rows = await screen.findAllByTestId('geofence-row', {}, SLOW);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Cliente NorteCírculo · Sin restricción',
      'Depósito NortePolígono · Permitida',
    ]);
    fireEvent.change(screen.getByTestId('zones-search'), { target: { value: 'acme' } });
    await waitFor(() => expect(screen.getAllByTestId('geofence-row')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('zones-tab-pois'));
    fireEvent.change(screen.getByTestId('zones-search'), { target: { value: '' } });
    expect(await screen.findByTestId('poi-row')).toHaveTextContent(
      'YPF Ruta 9Estación de servicio · 150 m',
    );
  });

  it('says when there is nothing yet, and when the list cannot be loaded (with a retry)', async () => {
    let fail = true;
    openScreen({
      'POST /api/v2/geofence/get_all': () =>
        fail ? { status: 500, body: { error: 'internal', message: 'boom' } } : { body: [] },
      'GET /api/rest/routing/interest_point': { body: [] },
    });
    const error = await screen.findByTestId('zones-error', {}, { timeout: 15_000 });
    expect(error).toHaveTextContent('No se pudieron cargar las geocercas');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('zones-empty', {}, SLOW)).toHaveTextContent(
      'Todavía no hay geocercas',
    );
  });

  it('refuses a new geofence without name or shape; saves an edited one with its id', async () => {
    let sent: unknown = null;
    openScreen({
      'POST /api/v2/geofence/get_all': { body: [CIRCLE] },
      'GET /api/rest/routing/interest_point': { body: [] },
      'POST /api/v2/geofence/save': (call) => {
        sent = call.body;
        return { body: { ...CIRCLE, name: 'Cliente Norte 2' } satisfies Geofence };
      },
    });
    await screen.findAllByTestId('geofence-row', {}, SLOW);
    fireEvent.click(screen.getByTestId('geofence-create'));
    const form = await screen.findByTestId('geofence-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Valor requerido')).toBeVisible();
    expect(within(form).getByText('Dibuje la forma en el mapa')).toBeVisible();
    expect(sent).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(await screen.findByText('Cliente Norte'));
    const edit = await screen.findByTestId('geofence-form');
    expect(within(edit).getByTestId('draw-status')).toHaveTextContent('Forma dibujada: Círculo');
    fireEvent.change(edit.querySelector('#geofence-name')!, {
      target: { value: 'Cliente Norte 2' },
    });
    fireEvent.change(edit.querySelector('#geofence-radius')!, { target: { value: '20' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Geocerca guardada', {}, SLOW)).toBeVisible();
    expect(sent).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-58.48, -34.55] },
      properties: { id: 7, name: 'Cliente Norte 2', radius: 20, autoAsign: true },
    });
    await waitFor(() => expect(screen.queryByTestId('geofence-form')).toBeNull());
  });
});
