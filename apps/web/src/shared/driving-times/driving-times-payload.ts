import type { DriverDrivingTimesDto } from '@rumbo/contracts';

/**
 * `DRIVING_TIMES_MUTATION` of @rumbo/contracts, copied so zod stays off the first load (the app's
 * services import this file; a test keeps them equal).
 */
export const DRIVING_TIMES_UPDATE = 'drivingTimes/update';

/** Whether a socket payload looks like a driver's row (what the live patch needs of it). */
export function isDrivingTimesRow(payload: unknown): payload is DriverDrivingTimesDto {
  if (!payload || typeof payload !== 'object') return false;
  const p = payload as Partial<DriverDrivingTimesDto>;
  return (
    typeof p.codigo === 'string' &&
    typeof p.activity === 'string' &&
    typeof p.drivingLeft === 'object' &&
    p.drivingLeft !== null &&
    typeof p.drivenS === 'object' &&
    p.drivenS !== null
  );
}
