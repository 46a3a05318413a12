import type { VehicleTanks } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../shared/i18n/i18n';
import { openAdmin, testVehicle } from './admin-test-fixtures';
import { parsePastedPoints, tanksFormSchema, toTanksBody, type TanksForm } from './tanks-form';

const t = ((key: string) => key) as TFunction;
const schema = tanksFormSchema(t);

const form = (points: [string, string][] | null, capacityL = '600'): TanksForm => ({
  tanks: [
    {
      capacityL,
      calibrated: points !== null,
      points: (points ?? []).map(([pct, litres]) => ({ pct, litres })),
    },
  ],
  adBlueCapacityL: '60',
});

const issues = (value: TanksForm) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
};

describe('tank model form', () => {
  it('accepts a linear tank and a rising calibration table, and sends numbers', () => {
    expect(issues(form(null))).toEqual([]);
    const table = form([
      ['0', '0'],
      ['50', '250,5'],
      ['100', '600'],
    ]);
    expect(issues(table)).toEqual([]);
    expect(toTanksBody(table)).toEqual({
      tanks: [
        {
          capacityL: 600,
          calibration: [
            { pct: 0, litres: 0 },
            { pct: 50, litres: 250.5 },
            { pct: 100, litres: 600 },
          ],
        },
      ],
      adBlueCapacityL: 60,
    });
  });

  it('refuses a table that does not rise, one point, litres over the capacity and a negative capacity', () => {
    expect(
      issues(
        form([
          ['0', '0'],
          ['50', '300'],
          ['40', '280'],
        ]),
      ),
    ).toEqual([
      'tanks.0.points.2.pct fuel.tanks.must_rise',
      'tanks.0.points.2.litres fuel.tanks.must_rise',
    ]);
    expect(issues(form([['0', '0']]))).toEqual(['tanks.0.points fuel.tanks.points_count']);
    expect(
      issues(
        form([
          ['0', '0'],
          ['100', '650'],
        ]),
      ),
    ).toEqual(['tanks.0.points.1.litres fuel.tanks.over_capacity']);
    expect(issues(form(null, '-5'))).toEqual(['tanks.0.capacityL admin.validation.number_range']);
  });

  it('refuses tanks that add up to more than 5,000 L', () => {
    const big = form(null, '3000');
    expect(issues({ ...big, tanks: [...big.tanks, ...big.tanks] })).toEqual([
      'tanks fuel.tanks.total_too_big',
    ]);
  });

  it('reads a pasted table: tabs, semicolons or spaces, decimal commas, headers skipped', () => {
    expect(parsePastedPoints('Nivel %\tLitros\n0\t0\n12,5;80\n100 600\n')).toEqual([
      { pct: '0', litres: '0' },
      { pct: '12.5', litres: '80' },
      { pct: '100', litres: '600' },
    ]);
  });
});

describe('vehicle tanks dialog', () => {
  it('edits a calibration table, stops a falling point, then saves the tanks', async () => {
    let saved: unknown = null;
    const stored: VehicleTanks = {
      tanks: [{ capacityL: 600, calibration: null }],
      adBlueCapacityL: 60,
    };
    openAdmin('/app/admin/vehicles', ['admin-vehicles'], {
      'GET /api/vehicles/vehicles': { body: [testVehicle({ vehicleId: 20, plate: 'TK020AA' })] },
      'GET /api/vehicles/groups': { body: [] },
      'POST /api/v2/vehicle/all_trailer_kind': { body: [] },
      'GET /api/rest/vehicle/last_position': { body: [] },
      'GET /api/vehicles/admin/vehicles/20/tanks': { body: stored },
      'PUT /api/vehicles/admin/vehicles/20/tanks': (call) => {
        saved = call.body;
        return { body: call.body };
      },
    });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Tanques de combustible de TK020AA' },
        {
          timeout: 30_000,
        },
      ),
    );
    const dialog = await screen.findByTestId('tanks-dialog');
    expect(await within(dialog).findByLabelText(/Capacidad/)).toHaveValue('600');
    fireEvent.click(within(dialog).getByRole('switch', { name: /Tabla de calibración/ }));
    const table = await within(dialog).findByTestId('tank-0-calibration');
    fireEvent.click(within(table).getByRole('button', { name: 'Agregar un punto' }));
    fireEvent.change(dialog.querySelector('#tank-0-point-2-pct')!, { target: { value: '50' } });
    fireEvent.change(dialog.querySelector('#tank-0-point-2-litres')!, { target: { value: '280' } });
    fireEvent.click(within(dialog).getByTestId('tanks-save'));
    // The new point comes after 100 %: it does not rise.
    expect(await within(dialog).findAllByText('Debe ser mayor que el punto anterior')).toHaveLength(
      2,
    );
    expect(saved).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Quitar el punto 2' }));
    fireEvent.click(within(dialog).getByTestId('tanks-save'));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toEqual({
      tanks: [
        {
          capacityL: 600,
          calibration: [
            { pct: 0, litres: 0 },
            { pct: 50, litres: 280 },
          ],
        },
      ],
      adBlueCapacityL: 60,
    });
  });
});
