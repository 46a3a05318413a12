import { useCallback } from 'react';
import type { SortState } from '../../shared/table/table-model';
import { useUrlParams } from '../../shared/url/use-url-params';

/**
 * Search, filters and sort kept in the address (`?q=…&status=…&group=…&sort=plate:asc`), so a
 * filtered table can be linked to (the overview's status tiles do) and survives a reload.
 */
export function useTableParams(defaultSort: SortState) {
  const { params, get, update, clear } = useUrlParams();
  const set = useCallback((name: string, value: string) => update({ [name]: value }), [update]);
  const [column, direction] = (params.get('sort') ?? '').split(':');
  const sort: SortState = column
    ? { column, direction: direction === 'desc' ? 'desc' : 'asc' }
    : defaultSort;
  return {
    search: params.get('q') ?? '',
    setSearch: (value: string) => set('q', value),
    get,
    set,
    sort,
    setSort: (next: SortState) => set('sort', `${next.column}:${next.direction}`),
    clear,
    hasFilters: [...params.keys()].some((key) => key !== 'sort'),
  };
}
