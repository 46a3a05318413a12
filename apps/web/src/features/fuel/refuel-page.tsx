import { FuelEventsScreen } from './fuel-events-screen';

/** `fuel/refuel`: refills and suspected thefts of a period. */
export default function RefuelPage() {
  return <FuelEventsScreen mode="refuel" />;
}
