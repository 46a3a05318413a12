import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import WaterDropOutlinedIcon from '@mui/icons-material/WaterDropOutlined';
import Chip from '@mui/material/Chip';
import type { FuelEvent } from '@rumbo/contracts';
import { useTranslation } from '../../shared/i18n/use-translation';
import { reviewState } from './fuel-event-rows';

const KIND = {
  CRG: { color: 'success', Icon: LocalGasStationIcon },
  DCS: { color: 'error', Icon: ReportProblemOutlinedIcon },
  AUR: { color: 'info', Icon: WaterDropOutlinedIcon },
} as const;

/** Refill, suspected theft or AdBlue refill, with its icon and colour. */
export function EventKindChip({ code }: { code: FuelEvent['code'] }) {
  const { t } = useTranslation();
  const { color, Icon } = KIND[code];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={<Icon fontSize="small" />}
      label={t(`fuel.code.${code}`)}
      data-code={code}
    />
  );
}

/** A suspected theft's review: waiting, confirmed or dismissed (nothing for refills). */
export function ReviewChip({ event }: { event: FuelEvent }) {
  const { t } = useTranslation();
  const state = reviewState(event);
  if (!state) return null;
  return (
    <Chip
      size="small"
      data-review={state}
      color={state === 'confirmed' ? 'error' : state === 'pending' ? 'warning' : 'default'}
      variant={state === 'confirmed' ? 'filled' : 'outlined'}
      label={t(`fuel.review.state.${state}`)}
    />
  );
}
