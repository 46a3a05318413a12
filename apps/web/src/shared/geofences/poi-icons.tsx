import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import BuildIcon from '@mui/icons-material/Build';
import GavelIcon from '@mui/icons-material/Gavel';
import HotelIcon from '@mui/icons-material/Hotel';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import LocalParkingIcon from '@mui/icons-material/LocalParking';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PlaceIcon from '@mui/icons-material/Place';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import ScaleIcon from '@mui/icons-material/Scale';
import StoreIcon from '@mui/icons-material/Store';
import TollIcon from '@mui/icons-material/Toll';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { PoiIcon } from '@rumbo/contracts';
import type { ComponentType } from 'react';

/** The symbol of each POI icon name of the contract. */
export const POI_ICON_COMPONENTS: Record<PoiIcon, ComponentType<SvgIconProps>> = {
  fuel: LocalGasStationIcon,
  depot: LocalShippingIcon,
  client: StoreIcon,
  warehouse: WarehouseIcon,
  workshop: BuildIcon,
  parking: LocalParkingIcon,
  restaurant: RestaurantIcon,
  hotel: HotelIcon,
  toll: TollIcon,
  port: DirectionsBoatIcon,
  customs: GavelIcon,
  scale: ScaleIcon,
  other: PlaceIcon,
};

/** A POI type's icon (the generic place when the type or its icon is unknown). */
export function PoiTypeIcon({ icon, ...props }: { icon?: PoiIcon | null } & SvgIconProps) {
  const Icon = (icon && POI_ICON_COMPONENTS[icon]) || PlaceIcon;
  return <Icon {...props} />;
}
