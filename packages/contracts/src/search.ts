import { z } from 'zod';
import { text } from './fields.js';

// The top-bar search (issue 23 item 3; docs/decisions/0032-search.md): `GET /api/v2/search`.

/** Shortest and longest text a search takes (after trimming). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 60;
/** How many results of each kind at most. */
export const SEARCH_MAX_LIMIT = 20;

/** `GET /api/v2/search?q=…&limit=…`: `q` is matched without accents or case, by substring. */
export const searchQuery = z.strictObject({
  q: text().trim().min(SEARCH_MIN_CHARS).max(SEARCH_MAX_CHARS),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(5),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** What a result is, in the order the groups are shown. */
export const SEARCH_KINDS = ['vehicle', 'driver', 'group', 'geofence', 'poi', 'locality'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * One result. `label` is what matched for people (plate, full name, place name), `detail` a
 * second line (chassis number, card code, province and country…). Places carry where to centre
 * the map.
 */
export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  label: z.string(),
  detail: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** The answer: hits grouped by kind in `SEARCH_KINDS` order; kinds the role can't see are absent. */
export const searchReply = z.object({
  q: z.string(),
  hits: z.array(searchHit),
});
export type SearchReply = z.infer<typeof searchReply>;
