import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testLastInfo, testVehicle } from '../fleet/fleet-test-fixtures';
import { signInAndOpenPopup } from '../fleet/vehicle-popup/popup-test-support';
import { signedInRoutes, VIEWS } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { drivingRow } from './driving-times-fixtures';

const H = 3600;

async function openPopup(views: Record<string, boolean>) {
  const app = renderApp('/app/home', {
    ...signedInRoutes(),
    'POST /api/v2/views-authz/web3': { body: { start_on: 'dashboard', views } },
    'GET /api/vehicles/vehicles/4': { body: testVehicle(4, 'AB 123 CD', 2) },
    'GET /api/rest/vehicle/last_position': { body: [testLastInfo(4, 'in-transit')] },
    'GET /api/v2/places/at': { body: { place: null } },
    'GET /api/v2/driving-times': {
      body: {
        ruleSet: { id: 'eu', name: 'EU' },
        drivers: [
          drivingRow(1, 'Ana Pérez', {
            idvehiculo: 4,
            drivingLeft: { breakS: 25 * 60, dayS: 5 * H, weekS: 20 * H, fortnightS: 30 * H },
          }),
          drivingRow(2, 'Bruno Díaz', { idvehiculo: 9 }),
        ],
      },
    },
  });
  return signInAndOpenPopup(app);
}

describe("the vehicle popup's driving left", () => {
  it("shows the truck's driver's break and day left, the break amber under 30 min", async () => {
    const { dialog } = await openPopup({ ...VIEWS, 'driver-driving-times': true });
    const left = await within(dialog).findByTestId('popup-driving-left', {}, { timeout: 10_000 });
    expect(left).toHaveTextContent('Ana Pérez');
    expect(left).not.toHaveTextContent('Bruno');
    expect(left.querySelector('[data-left="break"]')?.getAttribute('data-level')).toBe('amber');
    expect(left.querySelector('[data-left="day"]')).toHaveTextContent('5 h 00');
  });

  it('stays out (and asks nothing) for a role without the driving-times screen', async () => {
    const { app, dialog } = await openPopup(VIEWS);
    await within(dialog).findByText('AB 123 CD', { selector: 'h2 span' });
    expect(within(dialog).queryByTestId('popup-driving-left')).toBeNull();
    expect(app.calls.some((c) => c.url.includes('driving-times'))).toBe(false);
  });
});
