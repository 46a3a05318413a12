import type { TimeZoneSetting } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useAddressPeriod } from '../../shared/period/use-address-period';
import type { FuelFilter } from './fuel-api';

const id = (value: string | null): number | null =>
  value !== null && /^\d{1,12}$/.test(value) ? Number(value) : null;

/**
 * A fuel screen's state in the address, so a filtered list can be linked to and survives a reload:
 * the period (`period`, `from`, `to`, as the analysis screens), `vehicle` and `group` (ids, or
 * `group=none` for vehicles without one), and the screen's own keys (`kind`, `by`, `q`).
 */
export function useFuelParams(offsetHours: TimeZoneSetting) {
  const { params, update, get, period } = useAddressPeriod(offsetHours);
  const vehicle = params.get('vehicle') ?? '';
  const group = params.get('group') ?? '';
  // The server narrows by vehicle or group (their union, so a chosen vehicle goes alone); "no
  // group" is filtered on the rows (there is no id to send).
  const filter = useMemo<FuelFilter>(() => {
    const vehicleId = id(vehicle);
    return { vehicleId, groupId: vehicleId === null ? id(group) : null };
  }, [vehicle, group]);
  return {
    period,
    update,
    vehicle,
    group,
    filter,
    get,
  };
}

export type FuelParams = ReturnType<typeof useFuelParams>;
