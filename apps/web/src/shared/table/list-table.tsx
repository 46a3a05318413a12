import Box from '@mui/material/Box';
import type { Theme, SxProps } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { DataTable, type TableColumn } from './data-table';
import { FilterBar, ListHeader, ListState } from './list-screen';
import type { SortState } from './table-model';

/** A list screen's column: how a cell draws, and the value it sorts by (when it sorts). */
export interface ListColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** Left out of the phone cards (the first column is the card's title). */
  hideOnPhone?: boolean;
}

/** The texts of a list screen, in its own words. */
export interface ListTexts {
  search: string;
  /** "12 rows". */
  count: (count: number) => string;
  failed: string;
  /** Said instead of `failed` when the load was cancelled. */
  cancelled?: string;
  retry: string;
  /** No row at all, or none for the search. */
  empty: (search: string) => string;
  export?: string | undefined;
}

export interface ListTableProps<T> {
  /** Prefix of test ids and element ids (`users`, `forecast`…). */
  name: string;
  /** The whole screen's test id. */
  testId: string;
  title: string;
  subtitle: string;
  texts: ListTexts;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'error' | 'refetch'>;
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The rows shown: the loaded ones narrowed by the screen's filters and the search, sorted. */
  view: (rows: readonly T[], search: string, sort: SortState | null) => T[];
  initialSort?: SortState | null;
  /** Buttons beside the title, before the create button. */
  headerActions?: ReactNode;
  createLabel?: string | undefined;
  onCreate?: (() => void) | undefined;
  /** Shown above the filter bar (e.g. devices waiting for assignment). */
  banner?: ReactNode;
  /** Filters shown beside the search box. */
  filters?: ReactNode;
  /** Offers an Excel export of the rows shown. */
  onExport?: ((rows: T[]) => void) | undefined;
  actions?: ((row: T) => ReactNode) | undefined;
  actionsLabel?: string;
  rowSx?: ((row: T) => SxProps<Theme> | undefined) | undefined;
}

/**
 * A list screen (administration, maintenance): title and buttons, the filter bar, then every row
 * in the shared table (cards on phones), with loading, empty, no-match and error states.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(props.initialSort ?? null);
  const { data } = props.query;
  const { view, texts } = props;
  const rows = useMemo(() => view(data ?? [], search, sort), [view, data, search, sort]);
  const columns = useMemo(() => props.columns.map(tableColumn), [props.columns]);
  const sortable = props.columns.some((column) => column.sortValue);
  return (
    <Box data-testid={props.testId}>
      <ListHeader
        name={props.name}
        title={props.title}
        subtitle={props.subtitle}
        actions={props.headerActions}
        createLabel={props.createLabel}
        onCreate={props.onCreate}
      />
      {props.banner}
      <FilterBar
        name={props.name}
        search={search}
        onSearch={setSearch}
        searchLabel={texts.search}
        countText={data ? texts.count(rows.length) : undefined}
        onExport={props.onExport && (() => props.onExport?.(rows))}
        exportLabel={texts.export}
        exportDisabled={rows.length === 0}
      >
        {props.filters}
      </FilterBar>
      <ListState
        name={props.name}
        query={props.query}
        failedText={texts.failed}
        {...(texts.cancelled !== undefined && { cancelledText: texts.cancelled })}
        retryText={texts.retry}
        empty={rows.length === 0}
        emptyText={texts.empty(search.trim())}
      >
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={props.rowKey}
          sort={sort}
          {...(sortable && { onSort: setSort, sortTestId: props.name, cardSort: false })}
          paged={false}
          cellWrap="normal"
          label={props.title}
          rowTestId={() => `${props.name}-row`}
          {...(props.rowSx && { rowSx: props.rowSx })}
          {...(props.actions && { actions: props.actions })}
          {...(props.actionsLabel !== undefined && { actionsLabel: props.actionsLabel })}
        />
      </ListState>
    </Box>
  );
}

/** A list column as the shared table's: sortable where it has a sort value. */
function tableColumn<T>(column: ListColumn<T>): TableColumn<T> {
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
