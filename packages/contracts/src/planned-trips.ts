import { z } from 'zod';
import { co2Schema } from './co2.js';
import { epochMsParam, id, idParam, isoInstant, text } from './fields.js';
import { lngLatInput } from './geofences.js';

// Planned trips (issue 15, trip loading; docs/decisions/0027-planned-trips.md): a vehicle's plan
// from an origin through waypoints to a destination, each with a planned time, and a corridor
// (default 500 m each side, decisions.md "Planned trips") around a route drawn on the map or taken
// from an earlier trip of the same vehicle. The pipeline's route detector follows it: started,
// at each waypoint, arrived, late, `DDR` when the vehicle leaves the corridor, ETA.

/** Limits of a plan. */
export const PLANNED_TRIP_LIMITS = {
  /** Origin + waypoints + destination. */
  maxStops: 27,
  /** Points of the route line. */
  maxRoutePoints: 5_000,
  /** Corridor each side of the route, metres. */
  minCorridorM: 50,
  maxCorridorM: 20_000,
  defaultCorridorM: 500,
  /** Radius around a stop that counts as being there, metres. */
  minStopRadiusM: 20,
  maxStopRadiusM: 5_000,
  defaultStopRadiusM: 300,
  /** An import file: bytes and data rows. */
  maxImportBytes: 2 * 1024 * 1024,
  maxImportRows: 1_000,
} as const;

const latitude = () => z.number().min(-90, 'lat_range').max(90, 'lat_range');
const longitude = () => z.number().min(-180, 'lng_range').max(180, 'lng_range');

/** One stop of a plan: the origin (first), a waypoint, or the destination (last). */
export const plannedStopInput = z.strictObject({
  name: text().trim().max(100).default(''),
  lat: latitude(),
  lng: longitude(),
  radiusM: z
    .number()
    .int()
    .min(PLANNED_TRIP_LIMITS.minStopRadiusM)
    .max(PLANNED_TRIP_LIMITS.maxStopRadiusM)
    .default(PLANNED_TRIP_LIMITS.defaultStopRadiusM),
  /** The POI it was picked from, if any (its place is copied: the plan keeps it if the POI moves). */
  poiId: id().nullable().default(null),
  /** Planned time: departure for the origin, arrival for the others. */
  plannedAt: isoInstant(),
});
export type PlannedStopInput = z.input<typeof plannedStopInput>;

/** Where the route came from: drawn on the map, an earlier trip, or straight lines between stops. */
export const ROUTE_SOURCES = ['drawn', 'trip', 'stops'] as const;
export type RouteSource = (typeof ROUTE_SOURCES)[number];

/** `POST /v2/planned-trips` and `PUT /v2/planned-trips/{id}`. */
export const plannedTripSave = z
  .strictObject({
    vehicleId: id(),
    driverId: id().nullable().default(null),
    name: text().trim().min(1).max(100),
    stops: z.array(plannedStopInput).min(2, 'stops_min').max(PLANNED_TRIP_LIMITS.maxStops),
    /** The route as `[lng, lat]`; empty: straight lines between the stops. */
    route: z.array(lngLatInput).max(PLANNED_TRIP_LIMITS.maxRoutePoints).default([]),
    routeSource: z.enum(ROUTE_SOURCES).default('stops'),
    corridorM: z
      .number()
      .int()
      .min(PLANNED_TRIP_LIMITS.minCorridorM)
      .max(PLANNED_TRIP_LIMITS.maxCorridorM)
      .default(PLANNED_TRIP_LIMITS.defaultCorridorM),
  })
  .superRefine((plan, ctx) => {
    for (let i = 1; i < plan.stops.length; i++) {
      if (Date.parse(plan.stops[i]!.plannedAt) < Date.parse(plan.stops[i - 1]!.plannedAt)) {
        ctx.addIssue({ code: 'custom', path: ['stops', i, 'plannedAt'], message: 'time_order' });
      }
    }
    if (plan.route.length === 1) {
      ctx.addIssue({ code: 'custom', path: ['route'], message: 'line_too_short' });
    }
  });
export type PlannedTripSave = z.infer<typeof plannedTripSave>;
export type PlannedTripSaveInput = z.input<typeof plannedTripSave>;

export const plannedTripIdParams = z.object({ id: idParam() });

/** `GET /v2/planned-trips?from&to`: plans whose planned start is in the period (epoch ms). */
export const plannedTripQuery = z.object({
  from: epochMsParam().optional(),
  to: epochMsParam().optional(),
  vehicleId: idParam().optional(),
});

/** A plan's state: not begun, under way, arrived at the destination. */
export const PLANNED_TRIP_STATUSES = ['planned', 'under_way', 'arrived'] as const;
export type PlannedTripStatus = (typeof PLANNED_TRIP_STATUSES)[number];

const plannedStopSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  radiusM: z.number(),
  poiId: z.number().nullable(),
  plannedAt: z.string(),
  /** Actual arrival and departure (ISO), null until seen. */
  arrivedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  /** Minutes after the planned time (negative: early); null until arrived (left, for the origin). */
  delayMin: z.number().nullable(),
});
export type PlannedStop = z.infer<typeof plannedStopSchema>;

/** One thing the follow-up saw. */
export const PROGRESS_KINDS = [
  'started',
  'stop_arrived',
  'stop_left',
  'arrived',
  'late',
  'deviation',
  'back_on_route',
] as const;
export type ProgressKind = (typeof PROGRESS_KINDS)[number];

export const plannedTripProgressSchema = z.object({
  kind: z.enum(PROGRESS_KINDS),
  /** The stop it concerns (index into `stops`), null for the trip as a whole. */
  stopIndex: z.number().nullable(),
  at: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Where it was, in the caller's language (issue 23: the tenant's place, else a locality). */
  place: z.string().nullable().optional(),
});
export type PlannedTripProgress = z.infer<typeof plannedTripProgressSchema>;

/** A plan with its follow-up. */
export const plannedTripSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  vehicleName: z.string(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  name: z.string(),
  stops: z.array(plannedStopSchema),
  route: z.array(z.tuple([z.number(), z.number()])),
  routeSource: z.enum(ROUTE_SOURCES),
  corridorM: z.number(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  status: z.enum(PLANNED_TRIP_STATUSES),
  startedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  /** Behind its planned times: a stop reached (or not reached) after its time, or an ETA after the end. */
  late: z.boolean(),
  /** Minutes the arrival is (or is expected to be) after the planned end; null when unknown. */
  delayMin: z.number().nullable(),
  /** Expected arrival (ISO) from the remaining distance along the route and the recent speed. */
  eta: z.string().nullable(),
  remainingKm: z.number().nullable(),
  /** `DDR` episodes: times the vehicle left the corridor. */
  deviations: z.number(),
  /** Currently outside the corridor. */
  offRoute: z.boolean(),
  /**
   * kg CO₂e emitted from the start to the arrival (or now), from the recorded trips of that span
   * (decision 0050); null before the start. Optional: older answers lack it.
   */
  co2: co2Schema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlannedTrip = z.infer<typeof plannedTripSchema>;

/** `GET /v2/planned-trips/{id}`: the plan, what was seen, and the positions driven so far. */
export const plannedTripDetailSchema = plannedTripSchema.extend({
  progress: z.array(plannedTripProgressSchema),
  /** The actual track between the start and the arrival (or now) as `[lng, lat]`, thinned. */
  track: z.array(z.tuple([z.number(), z.number()])),
});
export type PlannedTripDetail = z.infer<typeof plannedTripDetailSchema>;

/** `GET /v2/planned-trips/earlier-trips?vehicleId`: a vehicle's recent actual trips. */
export const earlierTripsQuery = z.object({ vehicleId: idParam() });
export const earlierTripSchema = z.object({
  id: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  distanceKm: z.number(),
  startLat: z.number(),
  startLng: z.number(),
  endLat: z.number(),
  endLng: z.number(),
});
export type EarlierTrip = z.infer<typeof earlierTripSchema>;

/** `GET /v2/planned-trips/earlier-trips/{id}/route`: the trip's positions as a route line. */
export const earlierTripRouteSchema = z.object({
  route: z.array(z.tuple([z.number(), z.number()])),
});

/** One refused cell of an import: the spreadsheet's row number (the header is row 1). */
export const importRowErrorSchema = z.object({
  row: z.number(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** `POST /v2/planned-trips/import`: what went in and what did not (decision 0027: all or nothing). */
export const plannedTripImportAnswer = z.object({
  imported: z.number(),
  rows: z.number(),
  errors: z.array(importRowErrorSchema),
});
export type PlannedTripImportAnswer = z.infer<typeof plannedTripImportAnswer>;

/**
 * Columns of an import file, one plan per row (header names in either language, any case):
 * stops as `name|lat|lng|yyyy-MM-ddTHH:mm` separated by `;` in `waypoints`.
 */
export const IMPORT_COLUMNS = [
  'plate',
  'driver',
  'name',
  'origin',
  'origin_lat',
  'origin_lng',
  'start',
  'destination',
  'destination_lat',
  'destination_lng',
  'arrival',
  'waypoints',
  'corridor_m',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
