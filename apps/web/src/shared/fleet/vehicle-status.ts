import { VEHICLE_STATUSES, type VehicleStatus } from '@rumbo/contracts';

export { VEHICLE_STATUSES, type VehicleStatus };

/** Status colours of domain.md §2, one variant per theme mode (hex, usable by MUI and WebGL). */
export const STATUS_COLORS: Readonly<
  Record<'light' | 'dark', Readonly<Record<VehicleStatus, string>>>
> = {
  light: {
    undefined: '#9e9e9e',
    off: '#8d6e6e',
    idling: '#f59e0b',
    'in-transit': '#16a34a',
    speeding: '#dc2626',
    'offline-in-transit': '#60a5fa',
    'offline-off': '#4b5563',
  },
  dark: {
    undefined: '#bdbdbd',
    off: '#b39191',
    idling: '#fbbf24',
    'in-transit': '#4ade80',
    speeding: '#f87171',
    'offline-in-transit': '#93c5fd',
    'offline-off': '#6b7280',
  },
};

/** The colour of a status in the given theme mode. */
export function statusColor(status: VehicleStatus, mode: 'light' | 'dark'): string {
  return STATUS_COLORS[mode][status];
}

/** The status of a numeric `statusCode` (its index in VEHICLE_STATUSES); unknown codes are undefined. */
export function statusFromCode(code: number): VehicleStatus {
  return VEHICLE_STATUSES[code] ?? 'undefined';
}
