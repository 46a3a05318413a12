import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import type { SortState } from '../../../shared/table/table-model';

export type MaintColumn<T> = ListColumn<T>;

/** A cell's quiet text (a missing value: '—'). */
export const muted = (text: string) => (
  <Typography component="span" variant="body2" color="text.secondary">
    {text}
  </Typography>
);

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
  const { preFilter, searchTexts, columns, emptyText, initialSort } = props;
  const view = useCallback(
    (rows: readonly T[], search: string, sort: SortState | null) => {
      const needle = search.trim().toLocaleLowerCase();
      const filtered = rows.filter(
        (row) =>
          (preFilter?.(row) ?? true) &&
          (!needle || searchTexts(row).some((text) => text.toLocaleLowerCase().includes(needle))),
      );
      const value = columns.find((c) => c.id === sort?.column)?.sortValue;
      if (!value) return filtered;
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
    },
    [preFilter, searchTexts, columns],
  );
  return (
    <ListTable
      {...props}
      testId={`maint-${props.name}`}
      view={view}
      initialSort={
        initialSort
          ? { column: initialSort.id, direction: initialSort.desc ? 'desc' : 'asc' }
          : null
      }
      texts={{
        search: t('maintenance.common.search'),
        count: (count) => t('maintenance.common.rows', { count }),
        failed: t('maintenance.common.load_failed'),
        retry: t('maintenance.common.retry'),
        empty: () => emptyText,
        export: t('maintenance.common.export'),
      }}
    />
  );
}
