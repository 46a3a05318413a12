import type { TrailerKind } from '@rumbo/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes, USER } from '../../test/fixtures';
import { openAdmin, testVehicle } from './admin-test-fixtures';

const SLOW = { timeout: 30_000 };

const KINDS: TrailerKind[] = [
  {
    idTipoImplemento: 1,
    descripcion: 'Semirremolque',
    implementos: [
      { idImplemento: 3, descripcionImplemento: 'Tolva', idImplementoTipoVehiculo: 1 },
      { idImplemento: 4, descripcionImplemento: 'Batea Pérez', idImplementoTipoVehiculo: 1 },
    ],
  },
];

describe('admin vehicles in English', () => {
  it('shows the demo description and the built-in trailer kinds in English, typed names as typed', async () => {
    openAdmin(
      '/app/admin/vehicles',
      ['admin-vehicles'],
      {
        'GET /api/vehicles/vehicles': {
          body: [
            testVehicle({
              vehicleId: 20,
              plate: 'TK020AA',
              description: 'Tractor con semirremolque tolva',
            }),
            testVehicle({ vehicleId: 21, plate: 'TK021AA', description: 'Tractor con frío' }),
          ],
        },
        'GET /api/vehicles/groups': { body: [] },
        'POST /api/v2/vehicle/all_trailer_kind': { body: KINDS },
        'GET /api/rest/vehicle/last_position': { body: [] },
      },
      signedInRoutes({ user: { config: { ...USER.config, idioma: 'en' } } }),
    );
    expect(
      await screen.findByText('Tractor · Tractor unit with hopper semi-trailer', {}, SLOW),
    ).toBeInTheDocument();
    // A description a user typed stays as typed.
    expect(screen.getByText('Tractor · Tractor con frío')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit TK020AA' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // What the user edits is what is stored.
    expect(within(dialog).getByLabelText('Description')).toHaveValue(
      'Tractor con semirremolque tolva',
    );
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Trailer/ }));
    const listbox = await screen.findByRole('listbox', {}, SLOW);
    expect(within(listbox).getByText('Semi-trailer')).toBeInTheDocument();
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No trailer', 'Semi-trailer', 'Hopper', 'Batea Pérez']);
  });
});
