import type { LastInfo } from '@rumbo/contracts';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInRoutes, USER } from '../../../test/fixtures';
import type { FakeHandler, FakeReply } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { testLastInfo, testVehicle } from '../fleet-test-fixtures';
import { signInAndOpenPopup } from './popup-test-support';

const VEHICLE = testVehicle(4, 'AB 123 CD', 2, {
  vim: '9BM958154KB123456',
  kind: 'rigid',
  brand: 'Scania',
  model: 'P320',
  modelYear: 2020,
});

const INFO = testLastInfo(4, 'idling', {
  plate: 'AB 123 CD',
  lastConnection: '2025-01-15T11:59:00.000Z',
  implementos: 'Batea',
  marca: 'Scania',
  modelo: 'P320',
  modelyear: 2020,
  fms1: { odometro: 1000, ureaLevel: 80 },
  fms4: { engineHours: 500 },
});

async function openPopup(
  lastInfo: LastInfo[],
  placeAt: FakeHandler | FakeReply = { body: { place: null } },
  vehicle = VEHICLE,
  routes = signedInRoutes(),
) {
  const app = renderApp('/app/home', {
    ...routes,
    'GET /api/vehicles/vehicles/4': { body: vehicle },
    'GET /api/rest/vehicle/last_position': { body: lastInfo },
    'GET /api/v2/places/at': placeAt,
  });
  return signInAndOpenPopup(app);
}

const value = (dialog: HTMLElement, field: string) =>
  dialog.querySelector(`[data-field="${field}"] [data-value]`)?.textContent;

afterEach(() => vi.restoreAllMocks());

describe('vehicle popup', () => {
  it('shows the vehicle and its last info, and copies the plate with a 2 s check mark', async () => {
    const { dialog } = await openPopup([INFO]);
    await waitFor(() => expect(value(dialog, 'mileage')).toBe('1000,0 km'));
    expect(value(dialog, 'chassis')).toBe('9BM958154KB123456');
    expect(value(dialog, 'description')).toBe('Camión rígido');
    expect(value(dialog, 'implements')).toBe('Batea');
    expect(value(dialog, 'brand_model_year')).toBe('Scania / P320 / 2020');
    expect(value(dialog, 'group')).toBe('Norte');
    expect(value(dialog, 'engine_hours')).toBe('500,0 hs');
    expect(value(dialog, 'urea')).toBe('80,0 %');
    expect(within(dialog).getByText('En ralentí')).toBeInTheDocument();

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    // Timed from the click: the mark's appearance is seen late on a loaded machine, its 2 s never
    // end early.
    const clickedAt = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copiar patente' }));
    await within(dialog).findByTestId('copy-check');
    expect(writeText).toHaveBeenCalledWith('AB 123 CD');
    await waitFor(() => expect(within(dialog).queryByTestId('copy-check')).toBeNull(), {
      timeout: 5000,
    });
    const shownFor = Date.now() - clickedAt;
    expect(shownFor).toBeGreaterThanOrEqual(1950);
    expect(shownFor).toBeLessThan(4500);
  });

  it('shows the no-info text where there is no last info', async () => {
    const { dialog } = await openPopup([]);
    await waitFor(() => expect(value(dialog, 'mileage')).toBe('Sin información'));
    for (const field of ['implements', 'brand_model_year', 'engine_hours', 'urea'])
      expect(value(dialog, field)).toBe('Sin información');
    expect(value(dialog, 'chassis')).toBe('9BM958154KB123456');
  });

  it('names the last position under the plate, asking once per ~100 m block', async () => {
    const { app, dialog } = await openPopup([{ ...INFO, lat: -32.40042, lng: -63.19461 }], {
      body: { place: '4,5 km E de Villa María, Córdoba' },
    });
    const place = within(dialog).getByTestId('popup-place');
    await waitFor(() => expect(place).toHaveAttribute('data-state', 'place'));
    expect(place).toHaveTextContent('Última posición4,5 km E de Villa María, Córdoba');
    const asked = app.calls.filter((c) => c.url.includes('/api/v2/places/at'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toContain('lat=-32.4&lng=-63.195');
  });

  it('says when the position has no place, no position, or the place could not be asked', async () => {
    const none = await openPopup([{ ...INFO, lat: -50, lng: -20 }]);
    const place = within(none.dialog).getByTestId('popup-place');
    await waitFor(() => expect(place).toHaveAttribute('data-state', 'none'));
    expect(place).toHaveTextContent('Sin lugar conocido aquí');
    none.app.unmount();

    const unknown = await openPopup([INFO]);
    const noPosition = within(unknown.dialog).getByTestId('popup-place');
    await waitFor(() => expect(noPosition).toHaveAttribute('data-state', 'none'));
    expect(noPosition).toHaveTextContent('Todavía no informó su posición');
    expect(unknown.app.calls.some((c) => c.url.includes('/api/v2/places/at'))).toBe(false);
    unknown.app.unmount();

    const failing = await openPopup([{ ...INFO, lat: -32.4, lng: -63.2 }], {
      status: 500,
      body: { error: 'internal', message: 'boom' },
    });
    const failed = within(failing.dialog).getByTestId('popup-place');
    await waitFor(() => expect(failed).toHaveAttribute('data-state', 'error'), { timeout: 10_000 });
    expect(failed).toHaveTextContent('No se pudo obtener el lugar');
  });

  it('shows the demo description and built-in trailer kinds in English', async () => {
    const { dialog } = await openPopup(
      [{ ...INFO, implementos: 'Semirremolque · Tolva' }],
      undefined,
      { ...VEHICLE, kind: 'tractor', description: 'Tractor con semirremolque tolva' },
      signedInRoutes({ user: { config: { ...USER.config, idioma: 'en' } } }),
    );
    await waitFor(() => expect(value(dialog, 'implements')).toBe('Semi-trailer · Hopper'));
    expect(value(dialog, 'description')).toBe(
      'Tractor unit · Tractor unit with hopper semi-trailer',
    );
  });
});
