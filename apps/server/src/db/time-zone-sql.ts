import { sql, type RawBuilder } from 'kysely';
import type { TimeZoneSetting } from '@rumbo/contracts';

/**
 * A zone for `AT TIME ZONE`: an IANA name as text (PostgreSQL and PGlite carry the tz database,
 * so days follow daylight saving), a fixed offset in hours as an interval (east positive, unlike
 * POSIX zone names).
 */
export function zoneSql(zone: TimeZoneSetting): RawBuilder<unknown> {
  if (typeof zone === 'number') return sql`${`${Math.round(zone * 60)} minutes`}::interval`;
  return sql`${zone}::text`;
}

/** The start (timestamptz) of the zone's day holding a timestamptz column or expression. */
export function zonedDay(column: RawBuilder<unknown>, zone: TimeZoneSetting): RawBuilder<unknown> {
  const z = zoneSql(zone);
  return sql`date_trunc('day', ${column} at time zone ${z}) at time zone ${z}`;
}
