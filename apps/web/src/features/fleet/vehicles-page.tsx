import PlaceholderPage from '../placeholders/placeholder-page';

/** Vehicles table (being built). */
export default function VehiclesPage() {
  return <PlaceholderPage titleKey="menu.fleet-vehicles" />;
}
