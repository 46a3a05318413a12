import PlaceholderPage from '../placeholders/placeholder-page';

/** Administration of users (being built). */
export default function AdminUsersPage() {
  return <PlaceholderPage titleKey="menu.admin-users" />;
}
