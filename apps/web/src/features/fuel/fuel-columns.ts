import type { ReactNode } from 'react';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import type { TableColumn } from '../../shared/table/data-table';
import type { ColumnModel } from '../../shared/table/table-model';

/** A right-aligned number column: sorts on the stored value, shows it through `show`. */
export function measureColumn<R>(
  id: string,
  label: string,
  get: (row: R) => number | null,
  show: (value: number | null) => ReactNode,
): TableColumn<R> {
  return {
    id,
    label,
    value: get,
    render: (row) => show(get(row)) ?? '—',
    type: 'number',
    align: 'right',
  };
}

/** An Excel column of a stored measure in the user's unit, the unit in its label. */
export function exportMeasure<R>(
  f: FleetFormat,
  family: 'volume' | 'distance' | 'consumption',
  id: string,
  label: string,
  get: (row: R) => number | null,
): ColumnModel<R> {
  return {
    id,
    label: `${label} (${f.symbol(family)})`,
    value: (row) => {
      const value = f.inUnit(family, get(row));
      // km/l and mpg of no consumption have no finite value: an empty cell.
      return value === null || !Number.isFinite(value) ? null : value;
    },
    type: 'number',
    decimals: 1,
  };
}
