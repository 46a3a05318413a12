import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LiveNotice } from '../fleet-header';
import {
  LoadError,
  TableLoading,
  TableMessage,
  TableToolbar,
} from '../../../shared/table/table-parts';

type Query = Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'isPending' | 'refetch'>;
type Positions = Parameters<typeof LiveNotice>[0]['positions'] &
  Pick<UseQueryResult<unknown>, 'isPending' | 'fetchStatus'>;

/**
 * The body of a fleet table screen: loading, failed load (with retry), empty fleet, then the
 * toolbar (search and filters, count, export) and the table, or a no-match message.
 */
export function TableScreen({
  query,
  positions,
  total,
  shown,
  emptyText,
  onExport,
  onClearFilters,
  filters,
  children,
}: {
  /** The screen's main data; the live values come from `positions`. */
  query: Query;
  positions: Positions;
  total: number;
  shown: number;
  emptyText: string;
  onExport: () => void;
  onClearFilters: () => void;
  filters: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || (positions.isPending && positions.fetchStatus !== 'idle'))
    return <TableLoading />;
  if (total === 0) return <TableMessage kind="empty" text={emptyText} />;
  return (
    <>
      <LiveNotice positions={positions} />
      <TableToolbar shown={shown} total={total} exportDisabled={shown === 0} onExport={onExport}>
        {filters}
      </TableToolbar>
      {shown === 0 ? (
        <TableMessage
          kind="empty"
          text={t('fleet.common.no_match')}
          action={
            <Button variant="outlined" onClick={onClearFilters}>
              {t('fleet.common.clear_filters')}
            </Button>
          }
        />
      ) : (
        children
      )}
    </>
  );
}
