import AcUnitIcon from '@mui/icons-material/AcUnit';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import BadgeIcon from '@mui/icons-material/Badge';
import BlockIcon from '@mui/icons-material/Block';
import BuildIcon from '@mui/icons-material/Build';
import BuildCircleIcon from '@mui/icons-material/BuildCircle';
import CarCrashIcon from '@mui/icons-material/CarCrash';
import CoffeeIcon from '@mui/icons-material/Coffee';
import GavelIcon from '@mui/icons-material/Gavel';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import KeyboardDoubleArrowDownIcon from '@mui/icons-material/KeyboardDoubleArrowDown';
import KeyboardDoubleArrowUpIcon from '@mui/icons-material/KeyboardDoubleArrowUp';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import NearMeIcon from '@mui/icons-material/NearMe';
import PanToolIcon from '@mui/icons-material/PanTool';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PinDropIcon from '@mui/icons-material/PinDrop';
import PlaceIcon from '@mui/icons-material/Place';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import SpeedIcon from '@mui/icons-material/Speed';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import TurnRightIcon from '@mui/icons-material/TurnRight';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { createElement, type ComponentType } from 'react';

type Icon = ComponentType<SvgIconProps>;

/**
 * The icon of each alert code of the catalogue (domain.md §10, decisions.md's own codes).
 * SCT, TCC and TSC have none (spec §3), nor has a code the catalogue does not know.
 */
export const ALERT_ICONS: Readonly<Record<string, Icon>> = {
  V20: SpeedIcon,
  V25: SpeedIcon,
  V30: SpeedIcon,
  V40: SpeedIcon,
  V45: SpeedIcon,
  V50: SpeedIcon,
  V55: SpeedIcon,
  V60: SpeedIcon,
  V75: SpeedIcon,
  V85: SpeedIcon,
  V95: SpeedIcon,
  EXV: SpeedIcon,
  EEZ: SpeedIcon,
  AZA: LoginIcon,
  SDZ: LogoutIcon,
  AZP: BlockIcon,
  DZP: PanToolIcon,
  DAZ: WrongLocationIcon,
  AIP: PlaceIcon,
  DPI: PinDropIcon,
  CIP: NearMeIcon,
  D20: PauseCircleIcon,
  EDT: HourglassBottomIcon,
  DDR: AltRouteIcon,
  IDD: BadgeIcon,
  NUM: PersonOffIcon,
  DFP: PowerOffIcon,
  DTS: WifiOffIcon,
  AAB: KeyboardDoubleArrowUpIcon,
  AFI: KeyboardDoubleArrowDownIcon,
  CAB: TurnRightIcon,
  TIC: AcUnitIcon,
  TFC: ThermostatIcon,
  CRG: LocalGasStationIcon,
  DCS: MoneyOffIcon,
  AUR: WaterDropIcon,
  MNP: BuildIcon,
  MNV: BuildCircleIcon,
  FCR: CarCrashIcon,
  DTB: CoffeeIcon,
  DTD: TimerOutlinedIcon,
  DTI: GavelIcon,
};

/** The icon of a code, looked up case-insensitively; undefined when it has none. */
export function alertIconOf(code: string): Icon | undefined {
  const key = code.toUpperCase();
  return Object.hasOwn(ALERT_ICONS, key) ? ALERT_ICONS[key] : undefined;
}

/** The alert's icon, or nothing (keeps its width so the type texts line up). */
export function AlertIcon({ code, ...props }: { code: string } & SvgIconProps) {
  const key = code.toUpperCase();
  if (!Object.hasOwn(ALERT_ICONS, key)) {
    return <span aria-hidden style={{ display: 'inline-block', width: 20, flexShrink: 0 }} />;
  }
  return createElement(ALERT_ICONS[key]!, {
    fontSize: 'small',
    'aria-hidden': true,
    ...props,
    ...({ 'data-alert-icon': key } as object),
  });
}
