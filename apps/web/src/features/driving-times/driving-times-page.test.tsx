import type { DrivingTimesListDto, InfringementListDto } from '@rumbo/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  activity,
  drivingRow,
  infringement,
} from '../../shared/driving-times/driving-times-fixtures';
import { memoryStorage } from '../../test/fake-server';
import { signedInRoutes, VIEWS } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The first screen of a file loads its lazy chunk: slow on a loaded machine.
const SLOW = { timeout: 20_000 };
const H = 3600;
const AUTH = { token: 'tok', userToken: 'utok', digest: 'abcdefgh12345678', rol: 'admin' };
const signedIn = () =>
  memoryStorage({ 'rumbo.auth': JSON.stringify({ ...AUTH, loginStatus: 'authenticated' }) });

const VIEWS_DT = { ...VIEWS, 'driver-driving-times': true, 'driver-infringements': true };

function list(): DrivingTimesListDto {
  return {
    ruleSet: { id: 'eu-561', name: 'EU 561/2006' },
    drivers: [
      drivingRow(1, 'Ana Pérez', { groupId: 10, plate: 'AB123CD', idvehiculo: 4 }),
      drivingRow(2, 'Bruno Díaz', {
        groupId: 20,
        plate: 'AC456EF',
        drivingLeft: { breakS: 20 * 60, dayS: 2 * H, weekS: 20 * H, fortnightS: 30 * H },
      }),
      drivingRow(3, 'Carla Gómez', {
        groupId: 10,
        activity: 'rest',
        drivingLeft: { breakS: 4.5 * H, dayS: 0, weekS: 0, fortnightS: 10 * H },
        drivenS: { sinceBreakS: 0, todayS: 9 * H, weekS: 56 * H, fortnightS: 80 * H },
        nextBreakDue: null,
      }),
    ],
  };
}

function routes(extra: Record<string, unknown> = {}) {
  return {
    ...signedInRoutes(),
    'POST /api/v2/views-authz/web3': { body: { start_on: 'dashboard', views: VIEWS_DT } },
    'GET /api/vehicles/groups/vehicles': {
      body: [
        { groupId: 10, name: 'Norte', vehicleList: [] },
        { groupId: 20, name: 'Sur', vehicleList: [] },
      ],
    },
    'GET /api/v2/driving-times': { body: list() },
    ...extra,
  };
}

const rowNames = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map(
    (row) =>
      row.querySelector('[data-column="driver"] a, [data-column="driver"] span')?.textContent,
  );

describe('driving times screen', () => {
  it(
    'lists every driver with amber and red bars, least break left first; sorts and filters by group',
    { timeout: 60_000 },
    async () => {
      const { location } = renderApp('/app/driver/driving-times', routes(), signedIn());
      const page = await screen.findByTestId('driving-times-page', {}, SLOW);
      const table = await within(page).findByRole('table', {}, SLOW);
      expect(rowNames(table)).toEqual(['Bruno Díaz', 'Ana Pérez', 'Carla Gómez']);
      const bruno = table.querySelector('tr[data-row="CARD2"]')!;
      expect(bruno.querySelector('[data-left="break"]')?.getAttribute('data-level')).toBe('amber');
      expect(bruno.querySelector('[data-left="day"]')?.getAttribute('data-level')).toBe('ok');
      const carla = table.querySelector('tr[data-row="CARD3"]')!;
      expect(carla.querySelector('[data-left="day"]')?.getAttribute('data-level')).toBe('red');
      expect(carla.querySelector('[data-activity]')?.getAttribute('data-activity')).toBe('rest');
      expect(screen.getByTestId('dt-summary-reached')).toHaveTextContent('1');
      expect(screen.getByTestId('dt-summary-near')).toHaveTextContent('1');

      fireEvent.click(screen.getByTestId('driving-times-sort-driver'));
      expect(rowNames(table)).toEqual(['Ana Pérez', 'Bruno Díaz', 'Carla Gómez']);

      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Grupo' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Norte' }));
      await waitFor(() => expect(location().search).toContain('group=10'));
      await waitFor(() => expect(rowNames(table)).toEqual(['Ana Pérez', 'Carla Gómez']));
    },
  );

  it('takes a live update from the socket: the row changes in place', async () => {
    const { services } = renderApp('/app/driver/driving-times', routes(), signedIn());
    const table = await screen.findByRole('table', {}, SLOW);
    const ana = () => table.querySelector('tr[data-row="CARD1"]')!;
    expect(ana().querySelector('[data-left="break"]')?.getAttribute('data-level')).toBe('ok');
    act(() =>
      services.events.emit(
        'driving-times',
        drivingRow(1, 'Ana Pérez', {
          groupId: 10,
          drivingLeft: { breakS: 0, dayS: 2 * H, weekS: 20 * H, fortnightS: 30 * H },
        }),
      ),
    );
    await waitFor(() =>
      expect(ana().querySelector('[data-left="break"]')?.getAttribute('data-level')).toBe('red'),
    );
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it('says so when no driver has a card, and offers a retry when the call fails', async () => {
    renderApp(
      '/app/driver/driving-times',
      routes({ 'GET /api/v2/driving-times': { body: { ...list(), drivers: [] } } }),
      signedIn(),
    );
    expect(await screen.findByText(/Ningún chofer usó todavía/, {}, SLOW)).toBeInTheDocument();
  });

  it('shows the error state with a retry (the query retries once by itself)', async () => {
    let calls = 0;
    renderApp(
      '/app/driver/driving-times',
      routes({
        'GET /api/v2/driving-times': () =>
          ++calls <= 2 ? { status: 500, body: { message: 'boom' } } : { body: list() },
      }),
      signedIn(),
    );
    const retry = await screen.findByRole('button', { name: 'Reintentar' }, SLOW);
    fireEvent.click(retry);
    expect(await screen.findByRole('table', {}, SLOW)).toBeInTheDocument();
  });
});

describe("a driver's page", () => {
  it('draws the chart, the limits and the infringements; choosing one outlines its evidence', async () => {
    const detail = {
      driver: list().drivers[0],
      activities: [
        activity('rest', '2025-01-13T20:00:00.000Z', '2025-01-14T06:00:00.000Z'),
        activity('drive', '2025-01-14T06:00:00.000Z', '2025-01-14T11:00:00.000Z'),
        activity('rest', '2025-01-14T11:00:00.000Z', null),
      ],
      days: [],
      week: { drivenS: 30 * H, limitS: 56 * H },
      fortnight: { drivenS: 89.5 * H, limitS: 90 * H },
      infringements: [infringement('i1', { driverId: 1 })],
    };
    const from = Date.parse('2025-01-13T00:00:00.000Z');
    const to = Date.parse('2025-01-15T00:00:00.000Z');
    renderApp(
      `/app/driver/driving-times/1?period=custom&from=${from}&to=${to}`,
      routes({ 'GET /api/v2/driving-times/drivers/1': { body: detail } }),
      signedIn(),
    );
    const chart = await screen.findByTestId('dt-timeline', {}, SLOW);
    const day = chart.querySelector('svg[data-day="2025-01-14"]')!;
    expect(day.querySelectorAll('[data-bar="drive"]')).toHaveLength(1);
    expect(screen.getByTestId('dt-limit-fortnight').getAttribute('data-color')).toBe('warning');
    expect(day.getAttribute('data-highlighted')).toBe('false');
    fireEvent.click(screen.getByTestId('dt-infringement'));
    await waitFor(() => expect(day.getAttribute('data-highlighted')).toBe('true'));
    expect(screen.getByTestId('dt-infringement')).toHaveTextContent(
      '5 h 00 de conducción, límite 4 h 30 (+30 min)',
    );
  });
});

describe('infringements screen', () => {
  it('lists the period, filters by severity and opens the driver with the row chosen', async () => {
    const answer: InfringementListDto = {
      infringements: [
        infringement('i1'),
        infringement('i2', {
          rule: 'daily-rest',
          severity: 'very-serious',
          nombre: 'Bruno Díaz',
          driverId: 8,
          codigo: 'CARD8',
          limitS: 11 * H,
          measuredS: 8 * H,
          excessS: 3 * H,
        }),
      ],
    };
    const from = Date.parse('2025-01-13T00:00:00.000Z');
    const to = Date.parse('2025-01-16T00:00:00.000Z');
    const { location } = renderApp(
      `/app/driver/infringements?period=custom&from=${from}&to=${to}`,
      routes({ [`GET /api/v2/driving-times/infringements/${from}/${to}`]: { body: answer } }),
      signedIn(),
    );
    const table = await screen.findByTestId('infringements-table', {}, SLOW);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByTestId('inf-summary-very-serious')).toHaveTextContent('1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Gravedad' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Muy grave' }));
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(table).toHaveTextContent('Descanso diario');
    fireEvent.click(table.querySelector('tbody tr')!);
    await waitFor(() => expect(location().pathname).toBe('/app/driver/driving-times/8'));
    expect(location().search).toContain('infringement=i2');
  });
});
