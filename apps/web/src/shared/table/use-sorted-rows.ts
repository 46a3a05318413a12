import type { Language } from '@rumbo/contracts';
import { useMemo, useState } from 'react';
import type { TableColumn } from './data-table';
import { sortRows, type SortState } from './table-model';

/**
 * A table's sort, starting at `initial`, and its rows sorted by it: the result spreads into a
 * `DataTable` (`rows`, `columns`, `sort`, `onSort`).
 */
export function useSortedRows<R>(
  rows: readonly R[],
  columns: readonly TableColumn<R>[],
  initial: SortState,
  language: Language,
) {
  const [sort, setSort] = useState<SortState>(initial);
  const sorted = useMemo(
    () =>
      sortRows(
        rows,
        columns.find((c) => c.id === sort.column),
        sort.direction,
        language,
      ),
    [rows, columns, sort, language],
  );
  return { rows: sorted, columns, sort, onSort: setSort };
}
