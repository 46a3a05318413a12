// The time-zone setting's schema, apart from time-zone.ts: a module-level zod call is kept by
// every bundle importing its module, and the web's entry uses the zone arithmetic alone (the
// login route then carried all of zod, 26 KB gzip; decision 0045).
import { z } from 'zod';
import { isIanaTimeZone } from './time-zone.js';

/** The zone of a user's configuration: an IANA name or a fixed offset in hours (−12 … +14). */
export const timeZoneSchema = z.union([
  z.string().max(64).refine(isIanaTimeZone, { message: 'Unknown time zone' }),
  z.number().min(-12).max(14),
]);
