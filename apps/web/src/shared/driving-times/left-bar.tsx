import type { DriverDrivingTimesDto } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/use-translation';
import { hoursMinutes, leftBar, type BarLevel, type LeftKind } from './driving-left';

const BAR_COLOR: Readonly<Record<BarLevel, 'success' | 'warning' | 'error'>> = {
  ok: 'success',
  amber: 'warning',
  red: 'error',
};

/** Driving left before one limit: the time, and a bar of the share left (amber, then red). */
export function LeftBarCell({
  row,
  kind,
  label = false,
}: {
  row: Pick<DriverDrivingTimesDto, 'drivenS' | 'drivingLeft'>;
  kind: LeftKind;
  /** Shows the limit's name above the bar (cards, the popup). */
  label?: boolean;
}) {
  const { t } = useTranslation();
  const bar = leftBar(row, kind);
  const name = t(`drivingTimes.left.${kind}`);
  return (
    <Box
      data-left={kind}
      data-level={bar.level}
      sx={{ minWidth: 96, display: 'grid', gap: 0.25 }}
      title={t('drivingTimes.left_of', {
        left: hoursMinutes(bar.leftS),
        limit: hoursMinutes(bar.limitS),
      })}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        {label && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {name}
          </Typography>
        )}
        <Typography
          variant="body2"
          sx={{
            fontVariantNumeric: 'tabular-nums',
            fontWeight: bar.level === 'ok' ? 400 : 700,
            color: bar.level === 'ok' ? 'text.primary' : `${BAR_COLOR[bar.level]}.main`,
            ml: 'auto',
          }}
          noWrap
        >
          {hoursMinutes(bar.leftS)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.round(bar.fraction * 100)}
        color={BAR_COLOR[bar.level]}
        aria-label={`${name}: ${hoursMinutes(bar.leftS)}`}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
