// Route detector cost per record (issue 15, trip loading): the device reducer over simulated
// FMB640 records with the whole default chain and each truck following a planned trip along its
// own route (the simulator's route line, 500 m corridor, a destination never reached so every
// record is followed), minus the same
// records through the chain without the route detector. Pure CPU, one process, no server. Also
// measured alone: the route detector's step by itself (projection onto the route, stops, ETA).
// Run: npx tsx bench/route-cost.ts   (TRUCKS, DAYS, ROUNDS to change the workload)
import { compileRoutes, describeVehicle } from '@rumbo/simulator';
import { routeDetector, type ContextPlannedTrip } from '@rumbo/telematics';
import { DAYS, ROUNDS, TRUCKS, aloneNs, compareChains, workloads } from './detector-cost.js';

const START_MS = Date.UTC(2025, 2, 3, 3, 0, 0);
const routes = new Map(compileRoutes().map((r) => [r.id, r]));
const loads = workloads();
let routePoints = 0;
loads.forEach((load, i) => {
  const route = routes.get(describeVehicle(i, { seed: 'bench' }).routeId)!;
  const line = route.points.map((p) => [p.lng, p.lat] as const);
  routePoints += line.length;
  const first = route.points[0]!;
  const last = route.points[route.points.length - 1]!;
  const plan: ContextPlannedTrip = {
    id: i + 1,
    route: line,
    corridorM: 500,
    stops: [
      { lat: first.lat, lng: first.lng, radiusM: 300, plannedAtMs: START_MS },
      // Never reached (50 km past the route's end): the whole run is followed, the worst case.
      {
        lat: last.lat + 0.45,
        lng: last.lng,
        radiusM: 300,
        plannedAtMs: START_MS + DAYS * 86_400_000,
      },
    ],
  };
  load.context = { ...load.context, plannedTrip: plan };
});

const r = compareChains(
  loads,
  [routeDetector],
  (f) => f.type === 'route' || (f.type === 'event' && f.code === 'DDR'),
);
console.log(
  `route: ${TRUCKS} trucks × ${DAYS} days = ${r.records} records, routes of ${Math.round(routePoints / TRUCKS)} points on average, ${r.facts} route facts and DDR events\n` +
    `  whole chain             ${r.fullUs.toFixed(2)} µs/record\n` +
    `  without route detector  ${r.baseUs.toFixed(2)} µs/record\n` +
    `  route detector          ${(r.fullUs - r.baseUs).toFixed(2)} µs/record (median of ${ROUNDS - 1} rounds after a warm-up)\n` +
    `  route detector alone    ${(aloneNs(loads, routeDetector) / 1000).toFixed(2)} µs/record (its step only, samples prepared)`,
);
