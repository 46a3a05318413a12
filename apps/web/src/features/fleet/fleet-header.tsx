import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatTime } from '../../shared/format/format';
import { useFleetFormat } from '../../shared/fleet/fleet-format';

type Positions = Pick<UseQueryResult<unknown>, 'dataUpdatedAt' | 'isFetching' | 'isError' | 'data'>;

/** A fleet screen's title, with when the live values were last refreshed. */
export function FleetHeader({
  title,
  positions,
  children,
}: {
  title: string;
  positions: Positions;
  children?: ReactNode;
}) {
  const { t, offset } = useFleetFormat();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2, minWidth: 0 }}
    >
      <Typography variant="h1" sx={{ flex: '1 1 auto' }}>
        {title}
      </Typography>
      {children}
      {positions.dataUpdatedAt > 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          data-testid="live-updated"
        >
          {positions.isFetching && <CircularProgress size={14} aria-hidden />}
          {t('fleet.common.updated', { time: formatTime(positions.dataUpdatedAt, offset) })}
        </Typography>
      )}
    </Box>
  );
}

/** Warns when the live values could not be refreshed (the table keeps the last ones). */
export function LiveNotice({ positions }: { positions: Positions }) {
  const { t } = useFleetFormat();
  if (!positions.isError) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {positions.data ? t('fleet.common.live_error') : t('fleet.common.live_missing')}
    </Alert>
  );
}
