import type { DriverActivityDto, DriverDrivingTimesDto, InfringementDto } from '@rumbo/contracts';

// Test data of the driving-times screens (issue 26), in the API's shapes.

const H = 3600;

/** A driver's row: 2 h driven since the break, 6 h today, 30 h this week, unless overridden. */
export function drivingRow(
  driverId: number | null,
  nombre: string,
  overrides: Partial<DriverDrivingTimesDto> = {},
): DriverDrivingTimesDto {
  return {
    driverId,
    codigo: `CARD${driverId ?? 0}`,
    nombre,
    groupId: null,
    idvehiculo: null,
    plate: null,
    activity: 'drive',
    activitySince: '2025-01-15T10:00:00.000Z',
    drivenS: { sinceBreakS: 2 * H, todayS: 6 * H, weekS: 30 * H, fortnightS: 60 * H },
    drivingLeft: { breakS: 2.5 * H, dayS: 3 * H, weekS: 26 * H, fortnightS: 30 * H },
    nextBreakDue: '2025-01-15T14:30:00.000Z',
    nextDailyRestDue: '2025-01-15T22:00:00.000Z',
    extendedDaysUsed: 0,
    reducedRestsUsed: 0,
    updatedAt: '2025-01-15T11:59:00.000Z',
    ...overrides,
  };
}

/** An activity interval (ISO instants). */
export function activity(
  kind: DriverActivityDto['kind'],
  start: string,
  end: string | null,
): DriverActivityDto {
  return { kind, start, end, idvehiculo: 4, plate: 'AB123CD', slot: 1, place: null };
}

/** A continuous-driving infringement of 5 h against 4 h 30. */
export function infringement(
  id: string,
  overrides: Partial<InfringementDto> = {},
): InfringementDto {
  return {
    id,
    driverId: 7,
    codigo: 'CARD7',
    nombre: 'Ana Pérez',
    rule: 'continuous-driving',
    severity: 'serious',
    start: '2025-01-14T06:00:00.000Z',
    end: '2025-01-14T11:00:00.000Z',
    limitS: 4.5 * H,
    measuredS: 5 * H,
    excessS: 0.5 * H,
    idvehiculo: 4,
    plate: 'AB123CD',
    place: 'Rosario, Santa Fe',
    evidence: [activity('drive', '2025-01-14T06:00:00.000Z', '2025-01-14T11:00:00.000Z')],
    ...overrides,
  };
}
