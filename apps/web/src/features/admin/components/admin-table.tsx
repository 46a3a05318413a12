import type { Theme, SxProps } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { filterRows } from '../admin-search';

/** An administration column (the lists keep the server's order: no sorting). */
export type AdminColumn<T> = Omit<ListColumn<T>, 'sortValue'>;

export interface AdminTableProps<T> {
  /** Prefix of test ids and element ids (`users`, `roles`…). */
  name: string;
  /**
   * Where the texts are: `<texts>.title`, `.subtitle`, `.empty` and the create button's
   * `.<createKey>` (`new` unless told).
   */
  texts: string;
  createKey?: string;
  onCreate?: (() => void) | undefined;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'error' | 'refetch' | 'isPending'>;
  columns: readonly AdminColumn<T>[];
  rowKey: (row: T) => string | number;
  searchTexts: (row: T) => readonly (string | number | null | undefined)[];
  actions?: ((row: T) => ReactNode) | undefined;
  rowSx?: ((row: T) => SxProps<Theme> | undefined) | undefined;
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
  const { preFilter, searchTexts, texts } = props;
  const emptyText = t(`${texts}.empty`);
  const view = useCallback(
    (rows: readonly T[], search: string) =>
      filterRows(
        rows.filter((row) => preFilter?.(row) ?? true),
        search,
        searchTexts,
      ),
    [preFilter, searchTexts],
  );
  return (
    <ListTable
      {...props}
      title={t(`${texts}.title`)}
      subtitle={t(`${texts}.subtitle`)}
      createLabel={t(`${texts}.${props.createKey ?? 'new'}`)}
      testId={`admin-${props.name}`}
      view={view}
      texts={{
        search: t('admin.common.search'),
        count: (count) => t('admin.common.rows', { count }),
        failed: t('admin.common.load_failed'),
        cancelled: t('admin.common.load_cancelled'),
        retry: t('common.retry'),
        empty: (search) => (search ? t('admin.common.no_results', { query: search }) : emptyText),
        export: props.exportLabel,
      }}
      actionsLabel={t('admin.common.actions')}
    />
  );
}
