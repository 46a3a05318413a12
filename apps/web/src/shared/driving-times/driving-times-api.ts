import type {
  DriverDrivingTimesDetailDto,
  DriverDrivingTimesDto,
  DrivingTimesListDto,
  InfringementListDto,
} from '@rumbo/contracts';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../services';

// The driving-times calls (issue 26): every driver now, one driver's period, the infringements.
// Live changes arrive on `/api/ws` as `drivingTimes/update` (the app's event bus carries them here).

export const drivingTimesKeys = {
  list: ['driving-times', 'list'] as const,
  driver: (driverId: number, fromMs: number, toMs: number) =>
    ['driving-times', 'driver', driverId, fromMs, toMs] as const,
  driverAll: (driverId: number) => ['driving-times', 'driver', driverId] as const,
  infringements: (fromMs: number, toMs: number) =>
    ['driving-times', 'infringements', fromMs, toMs] as const,
};

/** The same driver: by id when both rows have one, else by card. */
const sameDriver = (a: DriverDrivingTimesDto, b: DriverDrivingTimesDto) =>
  a.driverId !== null && b.driverId !== null ? a.driverId === b.driverId : a.codigo === b.codigo;

/** The list with one driver's row replaced (or added when new). */
export function patchDrivingTimes(
  list: DrivingTimesListDto,
  row: DriverDrivingTimesDto,
): DrivingTimesListDto {
  const index = list.drivers.findIndex((d) => sameDriver(d, row));
  const drivers =
    index < 0 ? [...list.drivers, row] : list.drivers.map((d, i) => (i === index ? row : d));
  return { ...list, drivers };
}

/** Applies one live update to every cached driving-times answer it touches. */
export function applyDrivingTimesUpdate(client: QueryClient, row: DriverDrivingTimesDto): void {
  client.setQueryData<DrivingTimesListDto>(drivingTimesKeys.list, (list) =>
    list ? patchDrivingTimes(list, row) : list,
  );
  if (row.driverId === null) return;
  let activityChanged = false;
  client.setQueriesData<DriverDrivingTimesDetailDto>(
    { queryKey: drivingTimesKeys.driverAll(row.driverId) },
    (detail) => {
      if (!detail) return detail;
      if (detail.driver.activity !== row.activity) activityChanged = true;
      return { ...detail, driver: row };
    },
  );
  // A new activity adds an interval to the driver's timeline: reload it (not on every record).
  if (activityChanged)
    void client.invalidateQueries({ queryKey: drivingTimesKeys.driverAll(row.driverId) });
}

/** Keeps the cached driving times live while the caller is mounted. */
export function useLiveDrivingTimes(enabled = true): void {
  const { events } = useServices();
  const client = useQueryClient();
  useEffect(
    () =>
      enabled
        ? events.on('driving-times', (row) => applyDrivingTimesUpdate(client, row))
        : undefined,
    [events, client, enabled],
  );
}

/** Every driver now (`GET /api/v2/driving-times`), live. */
export function useDrivingTimes({ enabled = true }: { enabled?: boolean } = {}) {
  const { api } = useServices();
  useLiveDrivingTimes(enabled);
  return useQuery({
    queryKey: drivingTimesKeys.list,
    queryFn: ({ signal }) => api.get<DrivingTimesListDto>('v2/driving-times', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** One driver over a period (`GET /api/v2/driving-times/drivers/{id}?from&to`), live. */
export function useDriverDrivingTimes(driverId: number, fromMs: number, toMs: number) {
  const { api } = useServices();
  useLiveDrivingTimes();
  return useQuery({
    queryKey: drivingTimesKeys.driver(driverId, fromMs, toMs),
    queryFn: ({ signal }) =>
      api.get<DriverDrivingTimesDetailDto>(
        `v2/driving-times/drivers/${driverId}?from=${fromMs}&to=${toMs}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The infringements of a period (`GET /api/v2/driving-times/infringements/{from}/{to}`). */
export function useInfringements(fromMs: number, toMs: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: drivingTimesKeys.infringements(fromMs, toMs),
    queryFn: ({ signal }) =>
      api.get<InfringementListDto>(`v2/driving-times/infringements/${fromMs}/${toMs}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
