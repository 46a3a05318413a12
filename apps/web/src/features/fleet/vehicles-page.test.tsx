import type { GenerateExcelBody, LastInfo } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testLastInfo, testVehicle } from '../../shared/fleet/fleet-test-fixtures';
import { openSignedIn } from './fleet-test-helpers';

const vehicle = (id: number, plate: string, groupId: number | null) =>
  testVehicle(id, plate, groupId);
const info = (id: number, status: LastInfo['status'], km: number) =>
  testLastInfo(id, status, {
    speedKmh: 50,
    marca: 'Volvo',
    modelo: 'FH',
    modelyear: 2019,
    fms1: { odometro: km, ureaLevel: 40 },
    fms4: { engineHours: 10 },
  });

const VEHICLES = [vehicle(1, 'AA 111', 1), vehicle(2, 'BB 222', 1), vehicle(3, 'CC 333', null)];
const LAST = [info(1, 'in-transit', 500), info(2, 'idling', 100), info(3, 'in-transit', 900)];

const open = openSignedIn;

const platesShown = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-column="plate"]')?.textContent);

describe('vehicles screen', () => {
  it('filters by status from the address, searches, sorts and exports exactly the rows shown', async () => {
    let exported: GenerateExcelBody | null = null;
    const app = open('/app/fleet/vehicles?status=in-transit', {
      'GET /api/vehicles/vehicles': { body: VEHICLES },
      'GET /api/rest/vehicle/last_position': { body: LAST },
      'POST /api/xlsx/generate_excel/fleet-vehicles': (call) => {
        exported = call.body as GenerateExcelBody;
        return { body: 'UEsDBA==' };
      },
    });
    const table = await screen.findByTestId('vehicles-table');
    expect(platesShown(table)).toEqual(['AA 111', 'CC 333']);
    expect(screen.getByTestId('table-count')).toHaveTextContent('2 de 3');

    fireEvent.click(within(table).getByRole('button', { name: 'Odómetro' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Odómetro' }));
    expect(platesShown(table)).toEqual(['CC 333', 'AA 111']);

    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'cc' } });
    await waitFor(() => expect(platesShown(table)).toEqual(['CC 333']));

    fireEvent.click(screen.getByTestId('table-export'));
    await waitFor(() => expect(exported).not.toBeNull());
    expect(exported!.rows.map((r) => r.plate)).toEqual(['CC 333']);
    expect(exported!.rows[0]).toMatchObject({
      odometer: 900,
      status: 'En tránsito',
      group: 'Sin grupo',
    });
    expect(app.location().search).toContain('q=cc');
  });

  it('says "no CAN data" in the CAN columns of a vehicle whose device is a phone', async () => {
    const phone = { ...vehicle(4, 'DD 444', null), deviceProtocol: 'osmand' as const };
    const gpsOnly = testLastInfo(4, 'in-transit', {
      speedKmh: 60,
      fms1: { odometro: null, ureaLevel: null },
      fms4: { engineHours: null },
    });
    open('/app/fleet/vehicles', {
      'GET /api/vehicles/vehicles': { body: [...VEHICLES, phone] },
      'GET /api/rest/vehicle/last_position': { body: [...LAST, gpsOnly] },
    });
    const table = await screen.findByTestId('vehicles-table');
    const cell = (plate: string, column: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.querySelector('[data-column="plate"]')?.textContent === plate)
        ?.querySelector(`[data-column="${column}"]`);
    await waitFor(() => expect(cell('DD 444', 'odometer')).toHaveTextContent('Sin datos CAN'));
    expect(cell('DD 444', 'engine_hours')).toHaveTextContent('Sin datos CAN');
    expect(cell('DD 444', 'urea')).toHaveTextContent('Sin datos CAN');
    expect(cell('DD 444', 'speed')).not.toHaveTextContent('Sin datos CAN');
    // A tracker keeps its values.
    expect(cell('AA 111', 'odometer')).toHaveTextContent('500,0 km');
  });

  it('opens the vehicle popup from a row', async () => {
    open('/app/fleet/vehicles', {
      'GET /api/vehicles/vehicles': { body: VEHICLES },
      'GET /api/vehicles/vehicles/2': { body: VEHICLES[1] },
      'GET /api/rest/vehicle/last_position': { body: LAST },
    });
    const table = await screen.findByTestId('vehicles-table');
    fireEvent.click(within(table).getByRole('row', { name: 'Abrir vehículo BB 222' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(dialog.querySelector('[data-field="chassis"] [data-value]')).toHaveTextContent('VIM2'),
    );
  });

  it('shows the empty fleet and a failed load with retry', async () => {
    let fail = true;
    open('/app/fleet/vehicles', {
      'GET /api/vehicles/vehicles': () =>
        fail ? { status: 500, body: { error: 'internal', message: 'Boom' } } : { body: [] },
      'GET /api/rest/vehicle/last_position': { body: [] },
    });
    const error = await screen.findByTestId('table-error');
    expect(error).toHaveTextContent('Boom');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('table-empty')).toHaveTextContent(
      'Todavía no hay vehículos en tu flota.',
    );
  });
});
