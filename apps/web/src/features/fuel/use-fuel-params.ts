import type { TimeZoneSetting } from '@rumbo/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { analysisPeriod } from '../../shared/period/analysis-period';
import type { FuelFilter } from './fuel-api';

const id = (value: string | null): number | null =>
  value !== null && /^\d{1,12}$/.test(value) ? Number(value) : null;

/**
 * A fuel screen's state in the address, so a filtered list can be linked to and survives a reload:
 * the period (`period`, `from`, `to`, as the analysis screens), `vehicle` and `group` (ids, or
 * `group=none` for vehicles without one), and the screen's own keys (`kind`, `by`, `q`).
 */
export function useFuelParams(offsetHours: TimeZoneSetting) {
  const [params, setParams] = useSearchParams();
  const [openedMs] = useState(() => Date.now());
  const period = analysisPeriod(
    { period: params.get('period'), from: params.get('from'), to: params.get('to') },
    openedMs,
    offsetHours,
  );
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
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
    get: (name: string) => params.get(name) ?? '',
  };
}

export type FuelParams = ReturnType<typeof useFuelParams>;
