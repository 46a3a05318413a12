import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Co2 } from '@rumbo/contracts';
import type { FleetFormat } from '../fleet/fleet-format';
import { formatCo2 } from '../format/co2';

/** What a CO₂ figure needs of the screen's format: the translation and the language. */
export type Co2Format = Pick<FleetFormat, 't' | 'language'>;

/** The "estimated" marker of a CO₂ figure without counted fuel, its reason on hover. */
export function EstimatedChip({ f }: { f: Co2Format }) {
  return (
    <Tooltip title={f.t('co2.estimated_hint')}>
      <Chip
        data-testid="co2-estimated"
        label={f.t('co2.estimated')}
        size="small"
        color="warning"
        variant="outlined"
        sx={{ height: 18, ml: 0.5, '& .MuiChip-label': { px: 0.75, fontSize: '0.7rem' } }}
      />
    </Tooltip>
  );
}

/** A row's CO₂: TTW, WTW small under it, and the estimated marker. */
export function Co2Cell({ co2, f }: { co2: Co2; f: Co2Format }) {
  return (
    <>
      {formatCo2(co2.ttwKg, f.language)}
      {co2.isEstimated ? <EstimatedChip f={f} /> : null}
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block' }}
      >
        {f.t('co2.wtw_short', { mass: formatCo2(co2.wtwKg, f.language) })}
      </Typography>
    </>
  );
}
