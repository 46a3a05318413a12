import Box from '@mui/material/Box';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { DataTable, type TableColumn } from '../../../shared/table/data-table';
import { FilterBar, ListHeader, ListState } from '../../../shared/table/list-screen';
import type { SortState } from '../../../shared/table/table-model';

export interface MaintColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number;
  numeric?: boolean;
  /** Left out of the phone cards (the first column is the card's title). */
  hideOnPhone?: boolean;
}

export interface MaintTableProps<T> {
  /** Prefix of test ids and element ids. */
  name: string;
  title: string;
  subtitle: string;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'error' | 'refetch'>;
  columns: readonly MaintColumn<T>[];
  rowKey: (row: T) => string | number;
  searchTexts: (row: T) => readonly string[];
  /** Narrows rows before the search (the screen's filters). */
  preFilter?: (row: T) => boolean;
  emptyText: string;
  filters?: ReactNode;
  /** Buttons beside the title (create, plans). */
  headerActions?: ReactNode;
  createLabel?: string;
  onCreate?: () => void;
  onExport?: (rows: T[]) => void;
  actions?: (row: T) => ReactNode;
  initialSort?: { id: string; desc?: boolean };
}

/** A maintenance list: title, search, filters, export, a sortable table (cards on phones). */
export function MaintTable<T>(props: MaintTableProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(
    props.initialSort
      ? { column: props.initialSort.id, direction: props.initialSort.desc ? 'desc' : 'asc' }
      : null,
  );
  const { data } = props.query;
  const { preFilter, searchTexts, columns } = props;
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const filtered = (data ?? []).filter(
      (row) =>
        (preFilter?.(row) ?? true) &&
        (!needle || searchTexts(row).some((text) => text.toLocaleLowerCase().includes(needle))),
    );
    const column = columns.find((c) => c.id === sort?.column);
    if (!column?.sortValue) return filtered;
    const value = column.sortValue;
    const sign = sort?.direction === 'desc' ? -1 : 1;
    return [...filtered].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (
        sign *
        (typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y)))
      );
    });
  }, [data, preFilter, searchTexts, search, columns, sort]);
  const tableColumns = useMemo(() => columns.map(tableColumn), [columns]);

  return (
    <Box data-testid={`maint-${props.name}`}>
      <ListHeader
        name={props.name}
        title={props.title}
        subtitle={props.subtitle}
        actions={props.headerActions}
        createLabel={props.createLabel}
        onCreate={props.onCreate}
      />
      <FilterBar
        name={props.name}
        search={search}
        onSearch={setSearch}
        searchLabel={t('maintenance.common.search')}
        countText={data ? t('maintenance.common.rows', { count: rows.length }) : undefined}
        onExport={props.onExport && (() => props.onExport?.(rows))}
        exportLabel={t('maintenance.common.export')}
        exportDisabled={rows.length === 0}
      >
        {props.filters}
      </FilterBar>
      <ListState
        name={props.name}
        query={props.query}
        failedText={t('maintenance.common.load_failed')}
        retryText={t('maintenance.common.retry')}
        empty={rows.length === 0}
        emptyText={props.emptyText}
      >
        <DataTable
          rows={rows}
          columns={tableColumns}
          rowKey={props.rowKey}
          sort={sort}
          onSort={setSort}
          sortTestId={props.name}
          cardSort={false}
          paged={false}
          cellWrap="normal"
          label={props.title}
          rowTestId={() => `${props.name}-row`}
          {...(props.actions && { actions: props.actions })}
        />
      </ListState>
    </Box>
  );
}

/** A maintenance column as the shared table's: sortable where it has a sort value. */
function tableColumn<T>(column: MaintColumn<T>): TableColumn<T> {
  const sortValue = column.sortValue;
  return {
    id: column.id,
    label: column.label,
    value: sortValue ?? (() => null),
    render: column.render,
    sortable: sortValue !== undefined,
    ...(column.numeric && { align: 'right' as const }),
    ...(column.hideOnPhone && { hideOnPhone: true }),
  };
}
