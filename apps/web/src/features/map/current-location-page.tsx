import PlaceholderPage from '../placeholders/placeholder-page';

/** Live map of the fleet (being built). */
export default function CurrentLocationPage() {
  return <PlaceholderPage titleKey="menu.map-fleet-location" />;
}
