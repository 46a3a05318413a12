import { describe, expect, it } from 'vitest';
import { searchTarget } from './global-search';

describe('searchTarget', () => {
  const hit = { id: 7, label: 'Villa María', detail: '', lat: -32.41, lng: -63.24 };
  it('opens a vehicle on the live map, a driver on the drivers screen, a group on the vehicles list', () => {
    expect(searchTarget({ ...hit, kind: 'vehicle' })).toBe('/app/map/current_location?vehicle=7');
    expect(searchTarget({ ...hit, kind: 'driver' })).toBe('/app/driver/admin?driver=7');
    expect(searchTarget({ ...hit, kind: 'group' })).toBe('/app/fleet/vehicles?group=g7');
  });
  it('opens places on the live map at their position, with their name', () => {
    for (const kind of ['geofence', 'poi', 'locality'] as const) {
      const url = new URL(searchTarget({ ...hit, kind }), 'http://x');
      expect(url.pathname).toBe('/app/map/current_location');
      expect(url.searchParams.get('lat')).toBe('-32.41');
      expect(url.searchParams.get('lng')).toBe('-63.24');
      expect(url.searchParams.get('place')).toBe('Villa María');
    }
  });
});
