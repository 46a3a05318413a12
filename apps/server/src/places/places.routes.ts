import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { placeAtQuery, placeAtReply, type Language } from '@rumbo/contracts';
import type { Database } from '../db/schema.js';
import { principalOf } from '../kernel/request-context.js';
import { addressPlace } from './engine.js';
import type { Geocoder } from './geocoder.js';
import { cachedAnswers } from './places.repository.js';
import { placeText } from './render.js';
import { routeSpec } from '../kernel/route-spec.js';

const route = routeSpec('places');

// One position named on demand (docs/decisions/0031-places.md, "The vehicle popup"): the live
// map's vehicle popup asks for its last position's place when it opens. The tenant's own places
// first, else a street address the engine already gave for that rounded position (the database
// cache: one indexed read), else the nearest locality. Never asks the engine: microseconds and
// at most one small query.

export interface PlaceAtDeps {
  db: Kysely<Database>;
  geocoder: Geocoder;
}

/** How long a request waits for the gazetteer still loading after a start before answering null. */
const GAZETTEER_WAIT_MS = 2_000;

/** Waits (a bounded time) for the gazetteer still loading; the tenant's places need no wait. */
async function gazetteerLoaded(geocoder: Geocoder): Promise<void> {
  if (geocoder.loaded) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, GAZETTEER_WAIT_MS);
  });
  await Promise.race([geocoder.ready().catch(() => undefined), late]);
  clearTimeout(timer);
}

/** The place at a position for a tenant, as text in a language; null when none. */
export async function placeAt(
  deps: PlaceAtDeps,
  tenantId: number,
  lat: number,
  lng: number,
  lang: Language,
): Promise<string | null> {
  await gazetteerLoaded(deps.geocoder);
  const place = deps.geocoder.placeAt(tenantId, lat, lng);
  if (place?.kind !== 'locality') return placeText(place, lang);
  const key: [number, number] = [Math.round(lat * 1e4), Math.round(lng * 1e4)];
  const cached = (await cachedAnswers(deps.db, [key], lang)).get(key.join(','));
  const address = cached ? addressPlace({ [lang]: cached }) : null;
  return placeText(address ?? place, lang);
}

/** `GET /api/v2/places/at?lat=…&lng=…` (not in the spec): the popup's last position, named. */
export function placeRoutes(deps: PlaceAtDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/places/at',
      route(
        { config: { views: ['map-fleet-location'] } },
        "The place at a position in the caller's language: the tenant's geofence or point of interest, a cached street address, else the nearest locality with distance and direction",
        placeAtReply,
        { querystring: placeAtQuery },
      ),
      async (request) => {
        const { tenantId } = principalOf(request);
        const { lat, lng } = request.query;
        return { place: await placeAt(deps, tenantId, lat, lng, request.lang) };
      },
    );
  };
}
