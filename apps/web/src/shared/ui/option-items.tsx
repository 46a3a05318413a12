import MenuItem from '@mui/material/MenuItem';
import type { ReactElement, ReactNode } from 'react';

/** The menu items of a select over a list of values, each shown by `label`. */
export function optionItems<T extends string | number>(
  values: readonly T[],
  label: (value: T) => ReactNode,
): ReactElement[] {
  return values.map((value) => (
    <MenuItem key={value} value={value}>
      {label(value)}
    </MenuItem>
  ));
}

/** The menu items of a select over records: `value` picks each one's value (and key). */
export function recordItems<T>(
  records: readonly T[],
  value: (record: T) => string | number,
  label: (record: T) => ReactNode,
): ReactElement[] {
  return records.map((record) => (
    <MenuItem key={value(record)} value={value(record)}>
      {label(record)}
    </MenuItem>
  ));
}

/** The menu items of a vehicle select: the plate, valued by the vehicle's id. */
export function vehicleItems(
  vehicles: readonly { vehicleId: number; plate: string }[],
): ReactElement[] {
  return recordItems(
    vehicles,
    (v) => v.vehicleId,
    (v) => v.plate,
  );
}
