import type { TimeZoneSetting } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PeriodHeading } from '../../shared/period/period-bar';
import { LoadError, TableLoading, TableMessage } from '../../shared/table/table-parts';
import type { FuelParams } from './use-fuel-params';

type Query = Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'isPending' | 'refetch'>;

/**
 * A fuel screen's frame: the title with the period bar, what sits under it (`header`), then the
 * failed load with a retry, the loading skeleton, or the screen's body.
 */
export function FuelScreen(props: {
  testId: string;
  title: string;
  params: Pick<FuelParams, 'period' | 'update'>;
  offset: TimeZoneSetting;
  query: Query;
  header?: ReactNode;
  children: ReactNode;
}) {
  const { query } = props;
  return (
    <Box data-testid={props.testId} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PeriodHeading
        title={props.title}
        period={props.params.period}
        offset={props.offset}
        update={props.params.update}
      />
      {props.header}
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <TableLoading />
      ) : (
        props.children
      )}
    </Box>
  );
}

/** The table of a list, or why it shows nothing: nothing in the period, or nothing passes the filters. */
export function ListOrMessage(props: {
  total: number;
  shown: number;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.shown > 0) return props.children;
  return (
    <TableMessage
      kind="empty"
      text={props.total > 0 ? t('fuel.events.no_match') : props.emptyText}
    />
  );
}
