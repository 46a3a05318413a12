// The planned-trips capability's facts (issue 15), added to the fact union from here (capability.ts).

/** What the route detector saw of a planned trip (started, at a stop, late, off the corridor…). */
export interface RouteFact {
  type: 'route';
  planId: number;
  kind:
    'started' | 'stop_arrived' | 'stop_left' | 'arrived' | 'late' | 'deviation' | 'back_on_route';
  /** The stop it concerns (index into the plan's stops), -1 for the trip as a whole. */
  stopIndex: number;
  atMs: number;
  lat?: number;
  lng?: number;
}

/** A planned trip's expected arrival from the remaining distance and the recent speed. */
export interface RouteEtaFact {
  type: 'route-eta';
  planId: number;
  atMs: number;
  /** Undefined when it can't be told (no speed and no plan speed). */
  etaMs?: number;
  remainingM: number;
  offRoute: boolean;
}

declare module '../reducer/facts.js' {
  interface FactMap {
    route: RouteFact;
    'route-eta': RouteEtaFact;
  }
}
