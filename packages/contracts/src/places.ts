import { z } from 'zod';

// One position named on demand (issue 23 item 2, docs/decisions/0031-places.md): the vehicle
// popup's last position, `GET /api/v2/places/at?lat=…&lng=…`.

/** A coordinate in a query string, within its range; an empty value is refused (not read as 0). */
function coordinate(limit: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().min(-limit, message).max(limit, message),
  );
}

/** `GET /api/v2/places/at?lat=…&lng=…`: a WGS84 position in decimal degrees. */
export const placeAtQuery = z.strictObject({
  lat: coordinate(90, 'lat_range'),
  lng: coordinate(180, 'lng_range'),
});
export type PlaceAtQuery = z.infer<typeof placeAtQuery>;

/** The place in the caller's language: the tenant's geofence or POI, a cached address, else the nearest locality; null when none (open sea, or the gazetteer still loading). */
export const placeAtReply = z.object({ place: z.string().nullable() });
export type PlaceAtReply = z.infer<typeof placeAtReply>;
