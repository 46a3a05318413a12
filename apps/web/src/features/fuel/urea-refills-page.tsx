import { FuelEventsScreen } from './fuel-events-screen';

/** `fuel/add`: AdBlue (urea) refills of a period. */
export default function UreaRefillsPage() {
  return <FuelEventsScreen mode="urea" />;
}
