import type { TimeZoneSetting } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, TableLoading } from '../table/table-parts';
import type { AnalysisPeriod } from './analysis-period';
import { PeriodHeading } from './period-bar';

type Query = Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'isPending' | 'refetch'>;

/**
 * The frame of a screen over a period of the address (analysis, fuel): the title with the period
 * bar, what sits under it (`header`), then the failed load with a retry, the loading skeleton, or
 * the screen's body.
 */
export function PeriodScreen(props: {
  testId: string;
  title: string;
  params: {
    period: AnalysisPeriod;
    update: (changes: Record<string, string | null>) => void;
  };
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
