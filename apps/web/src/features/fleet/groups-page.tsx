import PlaceholderPage from '../placeholders/placeholder-page';

/** Groups table (being built). */
export default function GroupsPage() {
  return <PlaceholderPage titleKey="menu.fleet-groups" />;
}
