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
