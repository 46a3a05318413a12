import PlaceholderPage from '../placeholders/placeholder-page';

/** Administration of devices (being built). */
export default function AdminDevicesPage() {
  return <PlaceholderPage titleKey="menu.admin-devices" />;
}
