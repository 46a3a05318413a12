// What the planned-trips capability's detector reads about a vehicle: its plan now, added to the
// VehicleContext from here (capability.ts).

/** A stop of a planned trip: the origin (first), a waypoint, or the destination (last). */
export interface ContextPlannedStop {
  lat: number;
  lng: number;
  radiusM: number;
  /** Planned departure (origin) or arrival, UTC ms. */
  plannedAtMs: number;
}

/** A planned trip's corridor (§10 `DDR`) and its stops (route.detector.ts). */
export interface ContextPlannedTrip {
  id: number;
  /** The route as [lng, lat] points. */
  route: readonly (readonly [number, number])[];
  /** Metres each side of the route. */
  corridorM: number;
  /** Origin, waypoints, destination; absent: only the corridor is followed. */
  stops?: readonly ContextPlannedStop[];
}

declare module './detector.js' {
  interface VehicleContext {
    /** The plan the vehicle follows now (issue 15), from the server's planned-trips cache. */
    plannedTrip?: ContextPlannedTrip;
  }
}
