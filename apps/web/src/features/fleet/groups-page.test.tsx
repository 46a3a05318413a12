import type { GenerateExcelBody, GroupWithVehicles } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testLastInfo } from '../../shared/fleet/fleet-test-fixtures';
import { openSignedIn } from './fleet-test-helpers';

const GROUPS: GroupWithVehicles[] = [
  {
    groupId: 1,
    name: 'Norte',
    vehicleList: [
      { vehicleId: 1, plate: 'AA 111' },
      { vehicleId: 2, plate: 'BB 222' },
    ],
  },
  { groupId: 2, name: 'Sur', vehicleList: [{ vehicleId: 3, plate: 'CC 333' }] },
  { groupId: null, name: 'Sin grupo', vehicleList: [] },
];
const info = testLastInfo;
const LAST = [info(1, 'in-transit'), info(2, 'speeding'), info(3, 'offline-off')];

describe('groups screen', () => {
  it('counts live statuses per group, lists a group’s vehicles and exports the rows shown', async () => {
    let exported: GenerateExcelBody | null = null;
    openSignedIn('/app/fleet/groups', {
      'GET /api/vehicles/groups/vehicles': { body: GROUPS },
      'GET /api/rest/vehicle/last_position': { body: LAST },
      'POST /api/xlsx/generate_excel/fleet-groups': (call) => {
        exported = call.body as GenerateExcelBody;
        return { body: 'UEsDBA==' };
      },
    });
    const table = await screen.findByTestId('groups-table');
    const norte = table.querySelector('[data-row="g1"]') as HTMLElement;
    expect(norte.querySelector('[data-column="vehicles"]')).toHaveTextContent('2');
    expect(norte.querySelector('[data-column="moving"]')).toHaveTextContent('2');
    expect(norte.querySelector('[data-column="offline"]')).toHaveTextContent('0');

    fireEvent.click(norte);
    const chips = await within(table).findByTestId('group-vehicles');
    expect(within(chips).getByText('AA 111')).toBeInTheDocument();
    expect(within(chips).getByText('BB 222')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'cc 333' } });
    await waitFor(() => expect(table.querySelector('[data-row="g1"]')).toBeNull());
    fireEvent.click(screen.getByTestId('table-export'));
    await waitFor(() => expect(exported).not.toBeNull());
    expect(exported!.rows).toEqual([
      expect.objectContaining({
        name: 'Sur',
        vehicles: 1,
        'status_offline-off': 1,
        plates: 'CC 333',
      }),
    ]);
  });
});

describe('fleet overview', () => {
  it('shows the counts by status of the fleet or one group, linking to the filtered vehicles', async () => {
    openSignedIn('/app/fleet', {
      'GET /api/vehicles/groups/vehicles': { body: GROUPS },
      'GET /api/rest/vehicle/last_position': { body: LAST },
    });
    const tiles = await screen.findByTestId('status-tiles');
    const count = (key: string) => tiles.querySelector(`[data-tile="${key}"] [data-count]`);
    expect(count('total')).toHaveTextContent('3');
    expect(count('in-transit')).toHaveTextContent('1');
    expect(count('speeding')).toHaveTextContent('1');
    expect(count('idling')).toHaveTextContent('0');
    expect(tiles.querySelector('[data-tile="speeding"] a')).toHaveAttribute(
      'href',
      '/app/fleet/vehicles?status=speeding',
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Grupo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sur' }));
    await waitFor(() => expect(count('total')).toHaveTextContent('1'));
    expect(count('offline-off')).toHaveTextContent('1');
    expect(tiles.querySelector('[data-tile="offline-off"] a')).toHaveAttribute(
      'href',
      '/app/fleet/vehicles?status=offline-off&group=g2',
    );
  });
});
