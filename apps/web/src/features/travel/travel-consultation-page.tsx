import PlaceholderPage from '../placeholders/placeholder-page';

/** Travel consultation with replay (being built). */
export default function TravelConsultationPage() {
  return <PlaceholderPage titleKey="menu.map-travel-consultation" />;
}
