import PlaceholderPage from '../placeholders/placeholder-page';

/** Fleet overview: counts by status per group (being built). */
export default function FleetOverviewPage() {
  return <PlaceholderPage titleKey="menu.group.fleet" />;
}
