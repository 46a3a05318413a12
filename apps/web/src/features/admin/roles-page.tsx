import PlaceholderPage from '../placeholders/placeholder-page';

/** Administration of roles (being built). */
export default function AdminRolesPage() {
  return <PlaceholderPage titleKey="menu.admin-roles" />;
}
