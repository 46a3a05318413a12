import type { Theme, SxProps } from '@mui/material/styles';
import Box from '@mui/material/Box';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { DataTable, type TableColumn } from '../../../shared/table/data-table';
import { FilterBar, ListHeader, ListState } from '../../../shared/table/list-screen';
import { filterRows } from '../admin-search';

export interface AdminColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** Left out of the phone cards (the first column is the card's title). */
  hideOnPhone?: boolean;
}

export interface AdminTableProps<T> {
  /** Prefix of test ids and element ids (`users`, `roles`…). */
  name: string;
  title: string;
  subtitle: string;
  createLabel?: string | undefined;
  onCreate?: (() => void) | undefined;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'error' | 'refetch' | 'isPending'>;
  columns: readonly AdminColumn<T>[];
  rowKey: (row: T) => string | number;
  searchTexts: (row: T) => readonly (string | number | null | undefined)[];
  actions?: ((row: T) => ReactNode) | undefined;
  rowSx?: ((row: T) => SxProps<Theme> | undefined) | undefined;
  emptyText: string;
  /** Filters shown beside the search box. */
  filters?: ReactNode;
  /** Shown above the table (e.g. devices waiting for assignment). */
  banner?: ReactNode;
  /** Narrows rows before the search (e.g. "new only"). */
  preFilter?: ((row: T) => boolean) | undefined;
  /** Offers an Excel export of the rows that pass the filters and the search, as shown. */
  onExport?: ((rows: T[]) => void) | undefined;
  exportLabel?: string | undefined;
}

/**
 * An administration list: title, search, create button, then a table (cards on phones), with
 * loading, empty, no-match and error states. Every row shows (no pages), in the server's order.
 */
export function AdminTable<T>(props: AdminTableProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data } = props.query;
  const { preFilter, searchTexts } = props;
  const rows = useMemo(
    () =>
      filterRows(
        (data ?? []).filter((row) => preFilter?.(row) ?? true),
        search,
        searchTexts,
      ),
    [data, search, preFilter, searchTexts],
  );
  const columns = useMemo(() => props.columns.map(tableColumn), [props.columns]);

  return (
    <Box data-testid={`admin-${props.name}`}>
      <ListHeader
        name={props.name}
        title={props.title}
        subtitle={props.subtitle}
        createLabel={props.createLabel}
        onCreate={props.onCreate}
      />
      {props.banner}
      <FilterBar
        name={props.name}
        search={search}
        onSearch={setSearch}
        searchLabel={t('admin.common.search')}
        countText={data ? t('admin.common.rows', { count: rows.length }) : undefined}
        onExport={props.onExport && (() => props.onExport?.(rows))}
        exportLabel={props.exportLabel}
        exportDisabled={rows.length === 0}
      >
        {props.filters}
      </FilterBar>
      <ListState
        name={props.name}
        query={props.query}
        failedText={t('admin.common.load_failed')}
        cancelledText={t('admin.common.load_cancelled')}
        retryText={t('common.retry')}
        empty={rows.length === 0}
        emptyText={
          search.trim() ? t('admin.common.no_results', { query: search.trim() }) : props.emptyText
        }
      >
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={props.rowKey}
          sort={null}
          paged={false}
          cellWrap="normal"
          label={props.title}
          rowTestId={() => `${props.name}-row`}
          {...(props.rowSx && { rowSx: props.rowSx })}
          {...(props.actions && {
            actions: props.actions,
            actionsLabel: t('admin.common.actions'),
          })}
        />
      </ListState>
    </Box>
  );
}

/** An administration column as the shared table's (not sortable: the lists keep their order). */
function tableColumn<T>(column: AdminColumn<T>): TableColumn<T> {
  return {
    id: column.id,
    label: column.label,
    value: () => null,
    render: column.render,
    sortable: false,
    ...(column.numeric && { align: 'right' as const }),
    ...(column.hideOnPhone && { hideOnPhone: true }),
  };
}
