import PlaceholderPage from '../placeholders/placeholder-page';

/** Administration of groups (being built). */
export default function AdminGroupsPage() {
  return <PlaceholderPage titleKey="menu.admin-groups" />;
}
