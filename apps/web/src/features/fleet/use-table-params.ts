import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../shared/table/table-model';

/**
 * Search, filters and sort kept in the address (`?q=…&status=…&group=…&sort=plate:asc`), so a
 * filtered table can be linked to (the overview's status tiles do) and survives a reload.
 */
export function useTableParams(defaultSort: SortState) {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const [column, direction] = (params.get('sort') ?? '').split(':');
  const sort: SortState = column
    ? { column, direction: direction === 'desc' ? 'desc' : 'asc' }
    : defaultSort;
  return {
    search: params.get('q') ?? '',
    setSearch: (value: string) => set('q', value),
    get: (name: string) => params.get(name) ?? '',
    set,
    sort,
    setSort: (next: SortState) => set('sort', `${next.column}:${next.direction}`),
    clear: () => setParams(new URLSearchParams(), { replace: true }),
    hasFilters: [...params.keys()].some((key) => key !== 'sort'),
  };
}
