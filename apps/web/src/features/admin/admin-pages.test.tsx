import type { AdminRole, AdminUser, Device } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin, testVehicle } from './admin-test-fixtures';

/** The app boots (session check, lazy screen) before the list shows; CI machines can be slow. */
const SLOW = { timeout: 10_000 };

const ADMIN_VIEWS = [
  'admin-users',
  'admin-roles',
  'admin-vehicles',
  'admin-devices',
  'admin-groups',
] as const;

const ROLES: AdminRole[] = [
  {
    id: 1,
    name: 'admin',
    startOn: 'dashboard',
    views: ['dashboard', 'admin-users'],
    builtIn: true,
    userCount: 1,
  },
  {
    id: 9,
    name: 'Taller',
    startOn: 'dashboard',
    views: ['dashboard'],
    builtIn: false,
    userCount: 2,
  },
];

describe('roles screen', () => {
  it('creates a role from a whole menu group and a start view among the allowed ones', async () => {
    let sent: unknown = null;
    openAdmin('/app/admin/roles', ADMIN_VIEWS, {
      'GET /api/rest/admin/roles': { body: ROLES },
      'POST /api/rest/admin/roles': (call) => {
        sent = call.body;
        return { body: { ...ROLES[1], id: 10, name: 'Flota' } };
      },
    });
    const rows = await screen.findAllByTestId('roles-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    // A role in use can't be deleted; a built-in one only opens read-only.
    expect(within(rows[1]!).getByTestId('row-delete')).toBeDisabled();
    expect(within(rows[0]!).queryByTestId('row-delete')).toBeNull();

    fireEvent.click(screen.getByTestId('roles-create'));
    const dialog = await screen.findByTestId('role-dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByLabelText(/Nombre/), { target: { value: 'Flota' } });
    const fleet = within(within(dialog).getByTestId('role-group-fleet')).getAllByRole('checkbox');
    fireEvent.click(fleet[0]!);
    expect(fleet.slice(1).every((box) => (box as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Panel' }));
    // The start view (dashboard) is no longer allowed: the form says so and does not send.
    fireEvent.click(screen.getByTestId('role-save'));
    expect(
      await within(dialog).findByText(
        'La pantalla de inicio debe estar entre las permitidas',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(sent).toBeNull();

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Grupos' }, SLOW));
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(sent).not.toBeNull(), SLOW);
    expect(sent).toEqual({
      name: 'Flota',
      startOn: 'fleet-groups',
      views: [
        'fleet-vehicles',
        'fleet-groups',
        'fleet-alerts',
        'fleet-safety-drive',
        'fleet-ralenti-agg',
      ],
    });
  });
});

const ME: AdminUser = {
  id: 7,
  username: 'demoadmin',
  email: 'a@demo.test',
  nombre: 'Demo',
  apellido: 'Admin',
  telefono: '',
  roleId: 1,
  roleName: 'admin',
  disabled: false,
  lastSignInAt: null,
  isSelf: true,
};

describe('users screen', () => {
  it('shows a taken username on its field and keeps the dialog open', async () => {
    openAdmin('/app/admin/users', ADMIN_VIEWS, {
      'GET /api/rest/admin/users': { body: [ME] },
      'GET /api/rest/admin/users/roles': { body: [{ id: 1, name: 'admin', builtIn: true }] },
      'POST /api/rest/admin/users': {
        status: 409,
        body: {
          error: 'conflict',
          message: 'Ese nombre de usuario ya existe',
          details: [{ path: 'body.username', reason: 'username_taken' }],
        },
      },
    });
    const row = await screen.findByTestId('users-row', {}, SLOW);
    expect(within(row).getByText('Tú')).toBeInTheDocument();
    expect(within(row).getByTestId('row-delete')).toBeDisabled();
    expect(within(row).getByText('Nunca')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('users-create'));
    const dialog = await screen.findByTestId('user-dialog', {}, SLOW);
    const fill = (id: string, value: string) =>
      fireEvent.change(dialog.querySelector(`#${id}`)!, { target: { value } });
    fill('user-username', 'demouser');
    fill('user-email', 'otro@demo.test');
    fill('user-nombre', 'Otro');
    fill('user-password', 'secreto1');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: /admin/ }, SLOW));
    fireEvent.click(screen.getByTestId('user-save'));
    const field = await within(dialog).findByText(
      'Ese nombre de usuario ya existe',
      { selector: 'p' },
      SLOW,
    );
    expect(field).toBeInTheDocument();
    expect(screen.getByTestId('user-dialog')).toBeInTheDocument();
  });
});

const vehicle = testVehicle;

describe('devices screen', () => {
  it('highlights a self-registered device and assigns it, deleting its placeholder vehicle', async () => {
    const imei = '352094080000001';
    const device: Device = {
      id: 5,
      uniqueId: imei,
      protocol: 'teltonika',
      model: null,
      vehicleId: 20,
      autoRegistered: true,
      plate: imei,
      lastConnection: '2026-11-20T10:00:00.000Z',
    };
    const vehicles = [
      vehicle({ vehicleId: 20, plate: imei, groupName: 'Nuevos', deviceUniqueId: imei }),
      vehicle({ vehicleId: 21, plate: 'AE123CD', brand: 'Scania' }),
    ];
    const calls: string[] = [];
    let put: unknown = null;
    openAdmin('/app/admin/devices', ADMIN_VIEWS, {
      'GET /api/vehicles/admin/devices': { body: [device] },
      'GET /api/vehicles/vehicles': { body: vehicles },
      'GET /api/rest/vehicle/last_position': { body: [] },
      'PUT /api/vehicles/admin/devices/5': (call) => {
        calls.push('put');
        put = call.body;
        return { body: { ...device, vehicleId: 21, autoRegistered: false, plate: 'AE123CD' } };
      },
      'DELETE /api/vehicles/admin/vehicles/20': () => {
        calls.push('delete');
        return { body: { ok: true } };
      },
    });
    expect(await screen.findByTestId('devices-waiting', {}, SLOW)).toHaveTextContent(
      '1 dispositivo nuevo espera asignación',
    );
    const row = screen.getByTestId('devices-row');
    expect(within(row).getByTestId('device-new-chip')).toBeInTheDocument();

    fireEvent.click(within(row).getByTestId('row-assign'));
    const dialog = await screen.findByTestId('assign-dialog', {}, SLOW);
    expect(screen.getByTestId('assign-save')).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const options = await screen.findAllByRole('option', {}, SLOW);
    // The placeholder itself is not offered.
    expect(options.map((o) => o.textContent)).toEqual(['AE123CD']);
    fireEvent.click(options[0]!);
    expect(within(dialog).getByRole('checkbox')).toBeChecked();
    fireEvent.click(screen.getByTestId('assign-save'));
    await waitFor(() => expect(calls).toEqual(['put', 'delete']));
    expect(put).toEqual({ uniqueId: imei, protocol: 'teltonika', model: null, vehicleId: 21 });
    expect(await screen.findByText('Dispositivo asignado a AE123CD', {}, SLOW)).toBeInTheDocument();
  });
});

describe('list states', () => {
  it('says when the list failed, retries, and shows the empty text', async () => {
    let attempts = 0;
    openAdmin('/app/admin/groups', ADMIN_VIEWS, {
      'GET /api/vehicles/groups': () => {
        attempts += 1;
        return attempts <= 2
          ? { status: 500, body: { error: 'internal', message: 'Error interno del servidor' } }
          : { body: [] };
      },
    });
    // The screen retries once by itself before saying so.
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('No se pudo cargar la lista.');
    expect(alert).toHaveTextContent('Error interno del servidor');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('groups-empty', {}, SLOW)).toHaveTextContent(
      'No hay grupos. Crea el primero.',
    );
  });

  it('filters by search and says when nothing matches', async () => {
    openAdmin('/app/admin/groups', ADMIN_VIEWS, {
      'GET /api/vehicles/groups': {
        body: [
          { id: 1, name: 'Frío', vehicleCount: 2 },
          { id: 2, name: 'Larga distancia', vehicleCount: 0 },
        ],
      },
    });
    expect(await screen.findAllByTestId('groups-row', {}, SLOW)).toHaveLength(2);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), {
      target: { value: 'frio' },
    });
    await waitFor(() => expect(screen.getAllByTestId('groups-row')).toHaveLength(1));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), {
      target: { value: 'norte' },
    });
    expect(await screen.findByTestId('groups-empty', {}, SLOW)).toHaveTextContent(
      'Ninguna fila coincide con «norte».',
    );
  });
});
