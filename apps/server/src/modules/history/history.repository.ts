import { sql, type Kysely } from 'kysely';
import { placeText } from '../../places/render.js';
import {
  co2Of,
  driverDisplayName,
  type HistoryPoint,
  type Language,
  type Stop,
  type Trip,
  type VisitedPlace,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { FLAG } from '../../db/position-flags.js';
import { placeNames } from '../../db/place-names.js';
import { tenantColumn } from '../../db/tenant-rows.js';

/** Devices that reported for a vehicle (today one; kept general for device swaps). */
async function devicesOf(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
): Promise<number[]> {
  const devices = await tenantColumn(db, 'devices', 'id', tenantId, 'vehicle_id', vehicleId);
  const state = await db
    .selectFrom('vehicle_state')
    .select('device_id')
    .where('tenant_id', '=', tenantId)
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
  const ids = new Set(devices);
  if (state?.device_id) ids.add(state.device_id);
  return [...ids];
}

/**
 * The route of a vehicle in [from, to), oldest first, implausible records left out. When the period
 * holds more than `maxPoints` records it is thinned to one record per time bucket of
 * (to − from) / maxPoints, the fastest of the bucket (the speed chart keeps its peaks, the line its
 * shape), so the answer never exceeds `maxPoints` and never silently stops part-way.
 */
export async function vehiclePositions(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  fromMs: number,
  toMs: number,
  maxPoints: number,
): Promise<HistoryPoint[]> {
  const devices = await devicesOf(db, tenantId, vehicleId);
  if (devices.length === 0) return [];
  const inPeriod = db
    .selectFrom('positions')
    .where('device_id', 'in', devices)
    .where('fix_time', '>=', new Date(fromMs))
    .where('fix_time', '<', new Date(toMs))
    .where(sql<number>`flags & ${FLAG.implausible}`, '=', 0);
  const { count } = await inPeriod
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const columns = ['fix_time', 'lat', 'lng', 'speed', 'heading', 'flags'] as const;
  let rows;
  if (Number(count) <= maxPoints) {
    rows = await inPeriod.select(columns).orderBy('fix_time').execute();
  } else {
    const bucketMs = Math.ceil((toMs - fromMs) / maxPoints);
    // Literals, not parameters: DISTINCT ON must match the ORDER BY expression exactly.
    const bucket = sql<number>`floor((extract(epoch from fix_time) * 1000 - ${sql.lit(fromMs)}) / ${sql.lit(bucketMs)})`;
    rows = await inPeriod
      .select(columns)
      .distinctOn(bucket)
      .orderBy(bucket)
      .orderBy(sql`speed desc nulls last`)
      .orderBy('fix_time')
      .execute();
  }
  return rows.map((row) => ({
    t: new Date(row.fix_time).getTime(),
    lat: row.lat / 1e7,
    lng: row.lng / 1e7,
    speedKmh: row.speed === null ? null : row.speed / 10,
    heading: row.heading,
    ignition: (row.flags & FLAG.ignitionKnown) !== 0 ? (row.flags & FLAG.ignition) !== 0 : null,
  }));
}

/** Zone and POI events that tell a trip went through a place (issue 12). */
const ZONE_CODES = ['AZA', 'SDZ', 'AZP', 'EEZ'];
const POI_CODES = ['AIP', 'CIP', 'DPI'];

/**
 * The geofences and POIs each trip went through, from the zone events stored while it ran
 * (entered, left, sped in; reached, passed, stopped at): in order of first event, by name. A
 * zone deleted since is left out; a trip wholly inside one zone, which raises no event, lists none.
 */
async function placesVisited(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  trips: readonly (readonly [number, number])[],
): Promise<{ zones: VisitedPlace[]; pois: VisitedPlace[] }[]> {
  const empty = () =>
    trips.map(() => ({ zones: [] as VisitedPlace[], pois: [] as VisitedPlace[] }));
  if (trips.length === 0) return [];
  const from = Math.min(...trips.map(([start]) => start));
  const to = Math.max(...trips.map(([, end]) => end));
  const events = await db
    .selectFrom('events')
    .select(['start_time', 'code', 'data'])
    .where('tenant_id', '=', tenantId)
    .where('vehicle_id', '=', vehicleId)
    .where('code', 'in', [...ZONE_CODES, ...POI_CODES])
    .where('start_time', '>=', new Date(from))
    // Zone events start up to 999 ms after their record (zone.detector.ts).
    .where('start_time', '<=', new Date(to + 1_000))
    .orderBy('start_time')
    .execute();
  if (events.length === 0) return empty();
  const zoneIds = new Set<number>();
  const poiIds = new Set<number>();
  for (const e of events) {
    if (typeof e.data?.idzona === 'number') zoneIds.add(e.data.idzona);
    if (typeof e.data?.idinterestpoint === 'number') poiIds.add(e.data.idinterestpoint);
  }
  const { zones: zoneNames, pois: poiNames } = await placeNames(
    db,
    tenantId,
    [...zoneIds],
    [...poiIds],
  );
  return trips.map(([start, end]) => {
    const zones = new Map<number, VisitedPlace>();
    const pois = new Map<number, VisitedPlace>();
    for (const e of events) {
      const t = new Date(e.start_time).getTime();
      if (t < start || t > end + 1_000) continue;
      const zoneId = e.data?.idzona;
      const poiId = e.data?.idinterestpoint;
      if (typeof zoneId === 'number' && zoneNames.has(zoneId) && !zones.has(zoneId)) {
        zones.set(zoneId, { id: zoneId, name: zoneNames.get(zoneId)! });
      }
      if (typeof poiId === 'number' && poiNames.has(poiId) && !pois.has(poiId)) {
        pois.set(poiId, { id: poiId, name: poiNames.get(poiId)! });
      }
    }
    return { zones: [...zones.values()], pois: [...pois.values()] };
  });
}

/**
 * Periods of a vehicle (trips, stops) with the places visited during each, then their id and
 * times, then what `rest` reads of the row.
 */
async function withPlacesVisited<
  R extends { id: number; start_time: Date | string; end_time: Date | string },
  T,
>(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  rows: readonly R[],
  rest: (row: R) => T,
) {
  const spans = rows.map(
    (row) => [new Date(row.start_time).getTime(), new Date(row.end_time).getTime()] as const,
  );
  const visits = await placesVisited(db, tenantId, vehicleId, spans);
  return rows.map((row, i) => ({
    ...visits[i],
    id: row.id,
    startTime: spans[i]![0],
    endTime: spans[i]![1],
    ...rest(row),
  }));
}

/** Trips of a vehicle overlapping [from, to). */
export async function vehicleTrips(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  fromMs: number,
  toMs: number,
  lang: Language = 'es',
): Promise<Trip[]> {
  const rows = await db
    .selectFrom('trips as t')
    // The driver whose card the trip recorded, when registered (drivers of the same tenant).
    .leftJoin('drivers as d', (join) =>
      join
        .onRef('d.tenant_id', '=', 't.tenant_id')
        .on((eb) => eb('d.code', '=', eb.fn<string>('upper', ['t.driver_code']))),
    )
    // The vehicle's kind, for the CO₂ of trips without counted fuel (decision 0050).
    .innerJoin('vehicles as v', (join) =>
      join.onRef('v.id', '=', 't.vehicle_id').onRef('v.tenant_id', '=', 't.tenant_id'),
    )
    .selectAll('t')
    .select(['d.nombre as driver_nombre', 'd.apellido as driver_apellido', 'v.kind'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.vehicle_id', '=', vehicleId)
    .where('t.end_time', '>', new Date(fromMs))
    .where('t.start_time', '<', new Date(toMs))
    .orderBy('t.start_time')
    .execute();
  return withPlacesVisited(db, tenantId, vehicleId, rows, (row) => ({
    start: { lat: row.start_lat, lng: row.start_lng },
    end: { lat: row.end_lat, lng: row.end_lng },
    startPlace: placeText(row.start_place, lang),
    endPlace: placeText(row.end_place, lang),
    distanceKm: row.distance_km,
    drivingS: row.driving_s,
    idleS: row.idle_s,
    fuelL: row.fuel_l,
    maxSpeedKmh: row.max_speed_kmh,
    avgSpeedKmh: row.avg_speed_kmh,
    driverCode: row.driver_code,
    driverName:
      row.driver_nombre === null
        ? null
        : driverDisplayName({ nombre: row.driver_nombre, apellido: row.driver_apellido ?? '' }),
    co2: co2Of({ fuelL: row.fuel_l ?? 0, distanceKm: row.distance_km, kind: row.kind }),
  }));
}

/** Stops of a vehicle overlapping [from, to). */
export async function vehicleStops(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  fromMs: number,
  toMs: number,
  lang: Language = 'es',
): Promise<Stop[]> {
  const rows = await db
    .selectFrom('stops')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('vehicle_id', '=', vehicleId)
    .where('end_time', '>', new Date(fromMs))
    .where('start_time', '<', new Date(toMs))
    .orderBy('start_time')
    .execute();
  return withPlacesVisited(db, tenantId, vehicleId, rows, (row) => ({
    lat: row.lat,
    lng: row.lng,
    ignitionOnS: row.ignition_on_s,
    place: placeText(row.place, lang),
  }));
}
