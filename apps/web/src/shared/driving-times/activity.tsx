import type { DriverActivityKind } from '@rumbo/contracts';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import HotelIcon from '@mui/icons-material/Hotel';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import HandymanIcon from '@mui/icons-material/Handyman';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTheme } from '@mui/material/styles';
import type { ComponentType } from 'react';
import { useTranslation } from '../i18n/use-translation';

type Mode = 'light' | 'dark';

/** Each activity's colour, as the tachograph's chart draws it, for light and dark themes. */
export const ACTIVITY_COLORS: Readonly<Record<DriverActivityKind, Record<Mode, string>>> = {
  drive: { light: '#1565c0', dark: '#64b5f6' },
  work: { light: '#e65100', dark: '#ffb74d' },
  available: { light: '#6a1b9a', dark: '#ce93d8' },
  rest: { light: '#2e7d32', dark: '#81c784' },
  unknown: { light: '#9e9e9e', dark: '#757575' },
};

/** The tachograph's pictograms, as near as the icon set comes: wheel, hammers, box, bed. */
export const ACTIVITY_ICONS: Readonly<Record<DriverActivityKind, ComponentType<SvgIconProps>>> = {
  drive: LocalShippingIcon,
  work: HandymanIcon,
  available: HourglassEmptyIcon,
  rest: HotelIcon,
  unknown: HelpOutlineIcon,
};

/** An activity's colour in the current theme. */
export function useActivityColor(): (kind: DriverActivityKind) => string {
  const mode: Mode = useTheme().palette.mode === 'dark' ? 'dark' : 'light';
  return (kind) => ACTIVITY_COLORS[kind][mode];
}

/** An activity as icon and name, in its colour (the name hidden with `iconOnly`). */
export function ActivityLabel({
  kind,
  iconOnly = false,
}: {
  kind: DriverActivityKind;
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const color = useActivityColor()(kind);
  const Icon = ACTIVITY_ICONS[kind];
  const name = t(`drivingTimes.activity.${kind}`);
  return (
    <Box
      component="span"
      data-activity={kind}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color, fontWeight: 600 }}
    >
      <Icon fontSize="small" titleAccess={iconOnly ? name : undefined} aria-hidden={!iconOnly} />
      {!iconOnly && <span>{name}</span>}
    </Box>
  );
}
