import { DRIVING_TIMES_MUTATION, type DriverDrivingTimesDetailDto } from '@rumbo/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyDrivingTimesUpdate, drivingTimesKeys, patchDrivingTimes } from './driving-times-api';
import { drivingRow } from './driving-times-fixtures';
import { DRIVING_TIMES_UPDATE } from './driving-times-payload';

const ruleSet = { id: 'eu', name: 'EU' };

describe('driving times kept live', () => {
  it('names the mutation as the contracts do', () => {
    expect(DRIVING_TIMES_UPDATE).toBe(DRIVING_TIMES_MUTATION);
  });

  it('replaces the driver’s row by id, by card when unknown, and adds a new one', () => {
    const list = { ruleSet, drivers: [drivingRow(1, 'A'), drivingRow(null, '', { codigo: 'X9' })] };
    const moved = patchDrivingTimes(list, drivingRow(1, 'A', { activity: 'rest' }));
    expect(moved.drivers.map((d) => d.activity)).toEqual(['rest', 'drive']);
    const card = patchDrivingTimes(list, drivingRow(null, '', { codigo: 'X9', plate: 'P' }));
    expect(card.drivers[1]?.plate).toBe('P');
    expect(patchDrivingTimes(list, drivingRow(5, 'E')).drivers).toHaveLength(3);
    expect(list.drivers[0]?.activity).toBe('drive');
  });

  it('updates a cached driver page, reloading it only when the activity changed', async () => {
    const client = new QueryClient();
    const key = drivingTimesKeys.driver(1, 0, 10);
    const detail = { driver: drivingRow(1, 'A') } as DriverDrivingTimesDetailDto;
    client.setQueryData(key, detail);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyDrivingTimesUpdate(client, drivingRow(1, 'A', { updatedAt: 'later' }));
    expect(client.getQueryData<DriverDrivingTimesDetailDto>(key)?.driver.updatedAt).toBe('later');
    expect(invalidate).not.toHaveBeenCalled();
    applyDrivingTimesUpdate(client, drivingRow(1, 'A', { activity: 'work' }));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
