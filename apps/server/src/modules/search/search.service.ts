import type { Kysely } from 'kysely';
import {
  isViewAllowed,
  type Language,
  type SearchHit,
  type SearchQuery,
  type SearchReply,
  type ViewName,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { countryName, fold, localities } from './localities.js';
import { searchTenant, type DbSearchKind } from './search.repository.js';

/** What the search needs. */
export interface SearchDeps {
  db: Kysely<Database>;
}

/**
 * The views a role needs to get each kind: a result opens a screen (the vehicle popup and places
 * on the live map, drivers on the drivers screen, groups on the vehicles list), so a role that
 * can't open it doesn't see it; geofences and points of interest are the geofence screen's data.
 */
const NEEDS: Record<DbSearchKind | 'locality', readonly ViewName[]> = {
  vehicle: ['map-fleet-location'],
  driver: ['driver-admin'],
  group: ['fleet-vehicles'],
  geofence: ['geofence-admin', 'map-fleet-location'],
  poi: ['geofence-admin', 'map-fleet-location'],
  locality: ['map-fleet-location'],
};

const DB_KINDS: readonly DbSearchKind[] = ['vehicle', 'driver', 'group', 'geofence', 'poi'];

function allowed(views: Record<string, boolean>, kind: DbSearchKind | 'locality'): boolean {
  return NEEDS[kind].every((view) => isViewAllowed(views, view));
}

/**
 * The top-bar search: the caller's tenant's vehicles, drivers, groups, geofences and points of
 * interest (in the database) and GeoNames localities (in memory), each kind only when the
 * caller's role may open it.
 */
export async function search(
  deps: SearchDeps,
  caller: { tenantId: number; views: Record<string, boolean> },
  query: SearchQuery,
  language: Language,
): Promise<SearchReply> {
  const folded = fold(query.q);
  const kinds = DB_KINDS.filter((kind) => allowed(caller.views, kind));
  const rows = await searchTenant(deps.db, caller.tenantId, folded, kinds, query.limit);
  const hits: SearchHit[] = rows.map((row) => ({ ...row, id: Number(row.id) }));
  if (allowed(caller.views, 'locality')) {
    for (const place of localities().search(folded, query.limit)) {
      hits.push({
        kind: 'locality',
        id: place.id,
        label: place.name,
        detail: [place.region, countryName(place.country, language)].filter(Boolean).join(', '),
        lat: place.lat,
        lng: place.lng,
      });
    }
  }
  return { q: query.q, hits };
}
