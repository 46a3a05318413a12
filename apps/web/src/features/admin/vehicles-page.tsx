import PlaceholderPage from '../placeholders/placeholder-page';

/** Administration of vehicles (being built). */
export default function AdminVehiclesPage() {
  return <PlaceholderPage titleKey="menu.admin-vehicles" />;
}
