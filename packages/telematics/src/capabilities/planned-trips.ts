// Planned trips (issue 15): the route detector follows a vehicle's plan (added to VehicleContext
// by route.context.ts) — its facts (added to the fact union by route.facts.ts) and the
// off-corridor alert `DDR`.

import type { Capability } from '../capability.js';
import { routeDetector } from '../detectors/route.detector.js';

export type { RouteFact, RouteEtaFact } from '../detectors/route.facts.js';
export type { ContextPlannedStop, ContextPlannedTrip } from '../detectors/route.context.js';
export {
  routeDetector,
  DEVIATION_HOLD_MS,
  ROUTE_BAND_M,
  LATE_TOLERANCE_MS,
  type RouteState,
} from '../detectors/route.detector.js';
export { compileRoute, projectOnRoute, type CompiledRoute } from '../detectors/route-line.js';

export const plannedTrips: Capability = {
  name: 'planned-trips',
  alertDetectors: [routeDetector],
  factKinds: ['route', 'route-eta'],
  alertCodes: ['DDR'],
};
