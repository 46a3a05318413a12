import type { FaultRow } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testVehicle } from '../../shared/fleet/fleet-test-fixtures';
import { memoryStorage } from '../../test/fake-server';
import { signedInRoutes, VIEWS } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const SLOW = { timeout: 10_000 };

function fault(id: number, code: string, overrides: Partial<FaultRow> = {}): FaultRow {
  const point = {
    time: Date.now() - 3_600_000,
    lat: null,
    lng: null,
    place: null,
    odometerKm: 1234,
    engineHours: null,
  };
  return {
    id,
    vehicleId: 4,
    plate: 'AB123CD',
    source: 'j1939',
    code,
    spn: 100,
    fmi: 1,
    description: `Fault ${code}`,
    severity: 'critical',
    lamps: { mil: false, redStop: true, amber: false, protect: false },
    occurrences: 1,
    start: point,
    end: null,
    endReason: null,
    lastSeen: point.time,
    open: true,
    ...overrides,
  };
}

describe('fault history screen', () => {
  it('lists the episodes in the shared table; a row opens its vehicle in the address', async () => {
    const auth = { token: 'tok', userToken: 'utok', digest: 'abcdefgh12345678', rol: 'admin' };
    const { location } = renderApp(
      '/app/diagnostic/history?severity=critical',
      {
        ...signedInRoutes(),
        'POST /api/v2/views-authz/web3': {
          body: { start_on: 'dashboard', views: { ...VIEWS, 'diagnostic-history': true } },
        },
        'GET /api/vehicles/vehicles': { body: [testVehicle(4, 'AB123CD', null)] },
        'GET /api/rest/diagnostics/faults': {
          body: {
            faults: [fault(1, 'SPN 100 / FMI 1'), fault(2, 'SPN 110 / FMI 0', { open: false })],
            truncated: false,
          },
        },
      },
      memoryStorage({ 'rumbo.auth': JSON.stringify({ ...auth, loginStatus: 'authenticated' }) }),
    );
    const table = await screen.findByTestId('faults-table', {}, SLOW);
    const rows = table.querySelectorAll('tbody tr[data-row]');
    expect([...rows].map((row) => row.getAttribute('data-row'))).toEqual([
      'SPN 100 / FMI 1',
      'SPN 110 / FMI 0',
    ]);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(9);
    fireEvent.click(rows[0]!);
    await waitFor(() => expect(location().search).toContain('vehicle=4'));
    expect(location().search).toContain('severity=critical');
  });
});
