// Planned-trip follow-up (issue 15, trip loading; docs/domain.md §10 `DDR`; decisions.md "Planned
// trips"; docs/decisions/0027-planned-trips.md). The vehicle's active plan arrives in the context
// (`plannedTrip`: the server's cache of plans, like the zone index), so the rule stays pure.
// - `started`: the first fix outside the origin's radius (+ band) from an hour before the planned
//   start on; the fix's time is the actual departure.
// - `stop_arrived` / `stop_left` at each waypoint: within its radius, then beyond radius + band.
//   Stops are taken in order but one may be skipped (a later stop reached first is reached; the
//   skipped ones stay unreached). `arrived`: within the destination's radius; the follow-up ends.
// - `late`: a stop not reached `LATE_TOLERANCE_MS` after its planned time, once per stop (the
//   latest one overdue), so the list screen and the alerts know as it happens, not at arrival.
// - `DDR`: more than `corridorM` (+ band) from the route for `DEVIATION_HOLD_MS` (30 s); one event
//   per departure: the episode ends only after `DEVIATION_HOLD_MS` back within `corridorM` − band,
//   so GPS noise along the border, or a spike back onto the route, raises nothing more. The event
//   starts when the vehicle left (the first fix outside), carries `data.route` (the plan's id)
//   and, when it ends, its duration (`value`, s) and end.
// - ETA: the remaining distance along the route (from the furthest point reached) over the
//   recent speed (an average with a 10-minute time constant, the plan's own average speed when
//   that is under 10 km/h), at most once a minute of fix time and on every change.

import type { DeviceFact, EventFact } from '../reducer/facts.js';
import type { RouteFact } from './route.facts.js';
import type { Sample } from '../reducer/sample.js';
import { haversineM } from '../geo.js';
import { NO_FACTS, type Detector } from './detector.js';
import type { ContextPlannedTrip } from './route.context.js';
import { compileRoute, projectOnRoute, type CompiledRoute } from './route-line.js';

/** Outside the corridor this long (fix time) raises `DDR`; back inside this long ends it. */
export const DEVIATION_HOLD_MS = 30_000;
/** Hysteresis band around the corridor's border and a stop's radius, metres. */
export const ROUTE_BAND_M = 30;
/** A stop not reached this long after its planned time is late. */
export const LATE_TOLERANCE_MS = 10 * 60_000;
/** The follow-up begins this long before the planned start. */
export const FOLLOW_BEFORE_MS = 60 * 60_000;
/** ETA facts at most this often (fix time), besides every change. */
export const ETA_EVERY_MS = 60_000;
/** Time constant of the recent-speed average. */
const SPEED_TAU_MS = 10 * 60_000;
/** Under this recent speed the plan's own average speed gives the ETA. */
const MIN_ETA_SPEED_KMH = 10;

/** An excursion outside the corridor, or back inside it during an episode. */
interface Crossing {
  sinceMs: number;
  lat: number;
  lng: number;
}

/** The route detector's slice (plain JSON: persisted with the device state). */
export interface RouteState {
  planId?: number;
  started?: boolean;
  arrived?: boolean;
  /** The next stop to reach (1 … last); the stop the vehicle is at, -1 when none. */
  nextStop?: number;
  atStop?: number;
  /** Highest stop index reported late. */
  lateUpTo?: number;
  /** Outside the corridor since (not raised yet), or the raised episode. */
  out?: Crossing;
  deviating?: { since: Crossing; back?: Crossing };
  /** Furthest distance along the route reached, metres; the segment last matched. */
  progressM?: number;
  segment?: number;
  /** Recent speed average, km/h, and the fix it was updated at. */
  speedKmh?: number;
  speedAtMs?: number;
  etaAtMs?: number;
}

export const INITIAL_ROUTE: RouteState = Object.freeze({});

const compiled = new WeakMap<ContextPlannedTrip, CompiledRoute>();

function routeOf(plan: ContextPlannedTrip): CompiledRoute {
  let r = compiled.get(plan);
  if (!r) {
    const line =
      plan.route.length >= 2 ? plan.route : (plan.stops ?? []).map((s) => [s.lng, s.lat] as const);
    r = compileRoute(line);
    compiled.set(plan, r);
  }
  return r;
}

function routeFact(
  plan: ContextPlannedTrip,
  kind: RouteFact['kind'],
  stopIndex: number,
  s: { fixTimeMs: number; lat: number; lng: number },
): RouteFact {
  return {
    type: 'route',
    planId: plan.id,
    kind,
    stopIndex,
    atMs: s.fixTimeMs,
    lat: s.lat,
    lng: s.lng,
  };
}

function ddrEvent(plan: ContextPlannedTrip, since: Crossing, s: Sample, end?: Crossing): EventFact {
  const event: EventFact = {
    type: 'event',
    code: 'DDR',
    startTimeMs: since.sinceMs,
    lat: since.lat,
    lng: since.lng,
    // `data.route` is a string in every answer (spec §3: notification data): the plan's id.
    data: { route: String(plan.id) },
  };
  if (s.driverCode !== undefined) event.driverCode = s.driverCode;
  if (end) {
    event.endTimeMs = end.sinceMs;
    event.value = (end.sinceMs - since.sinceMs) / 1000;
  }
  return event;
}

const crossingOf = (s: Sample): Crossing => ({ sinceMs: s.fixTimeMs, lat: s.lat, lng: s.lng });

/** Stops: arrival, departure, lateness. Mutates `next` (a fresh copy) and `facts`. */
function followStops(plan: ContextPlannedTrip, s: Sample, next: RouteState, facts: DeviceFact[]) {
  const stops = plan.stops ?? [];
  const last = stops.length - 1;
  if (last < 1) return;
  const t = s.fixTimeMs;
  if (!next.started) {
    const origin = stops[0]!;
    const d = haversineM(s.lat, s.lng, origin.lat, origin.lng);
    if (d <= origin.radiusM + ROUTE_BAND_M) return;
    next.started = true;
    next.nextStop = 1;
    next.atStop = -1;
    facts.push(routeFact(plan, 'started', 0, s));
  }
  const at = next.atStop ?? -1;
  if (at >= 0) {
    const stop = stops[at]!;
    if (haversineM(s.lat, s.lng, stop.lat, stop.lng) > stop.radiusM + ROUTE_BAND_M) {
      facts.push(routeFact(plan, 'stop_left', at, s));
      next.atStop = -1;
    }
  }
  if ((next.atStop ?? -1) < 0) {
    for (let i = next.nextStop ?? 1; i <= last; i++) {
      const stop = stops[i]!;
      if (haversineM(s.lat, s.lng, stop.lat, stop.lng) > stop.radiusM) continue;
      next.nextStop = i + 1;
      if (i === last) {
        next.arrived = true;
        facts.push(routeFact(plan, 'arrived', i, s));
      } else {
        next.atStop = i;
        facts.push(routeFact(plan, 'stop_arrived', i, s));
      }
      break;
    }
  }
  if (next.arrived) return;
  // The latest stop not reached whose time (and tolerance) has passed.
  let overdue = -1;
  for (let i = next.nextStop ?? 1; i <= last; i++) {
    if (t > stops[i]!.plannedAtMs + LATE_TOLERANCE_MS) overdue = i;
    else break;
  }
  if (overdue > (next.lateUpTo ?? 0)) {
    next.lateUpTo = overdue;
    facts.push(routeFact(plan, 'late', overdue, s));
  }
}

/** The corridor: `DDR` with hysteresis. Mutates `next` and `facts`. */
function followCorridor(
  plan: ContextPlannedTrip,
  s: Sample,
  distanceM: number,
  next: RouteState,
  facts: DeviceFact[],
) {
  const outside = distanceM > plan.corridorM + ROUTE_BAND_M;
  const inside = distanceM < plan.corridorM - ROUTE_BAND_M;
  const t = s.fixTimeMs;
  const episode = next.deviating;
  if (!episode) {
    if (outside) {
      const out = next.out ?? crossingOf(s);
      if (t - out.sinceMs >= DEVIATION_HOLD_MS) {
        next.out = undefined;
        next.deviating = { since: out };
        facts.push(ddrEvent(plan, out, s));
        facts.push(
          routeFact(plan, 'deviation', -1, {
            ...s,
            fixTimeMs: out.sinceMs,
            lat: out.lat,
            lng: out.lng,
          }),
        );
      } else next.out = out;
    } else if (inside) next.out = undefined;
    return;
  }
  if (inside) {
    const back = episode.back ?? crossingOf(s);
    if (t - back.sinceMs >= DEVIATION_HOLD_MS) {
      next.deviating = undefined;
      facts.push(ddrEvent(plan, episode.since, s, back));
      facts.push(
        routeFact(plan, 'back_on_route', -1, {
          ...s,
          fixTimeMs: back.sinceMs,
          lat: back.lat,
          lng: back.lng,
        }),
      );
    } else if (!episode.back) next.deviating = { since: episode.since, back };
  } else if (outside && episode.back) next.deviating = { since: episode.since };
}

function planSpeedKmh(plan: ContextPlannedTrip, lengthM: number): number | undefined {
  const stops = plan.stops;
  if (!stops || stops.length < 2) return undefined;
  const h = (stops[stops.length - 1]!.plannedAtMs - stops[0]!.plannedAtMs) / 3_600_000;
  return h > 0 ? lengthM / 1000 / h : undefined;
}

/** The route detector. */
export const routeDetector: Detector<RouteState> = {
  name: 'route',
  initial: INITIAL_ROUTE,
  step(slice, { sample: s }, context) {
    const plan = context.plannedTrip;
    if (!plan)
      return slice.planId === undefined
        ? { slice, facts: NO_FACTS }
        : { slice: INITIAL_ROUTE, facts: NO_FACTS };
    if (!s.hasLocation) return { slice, facts: NO_FACTS };
    const stops = plan.stops;
    if (stops && stops.length > 0 && s.fixTimeMs < stops[0]!.plannedAtMs - FOLLOW_BEFORE_MS) {
      return { slice, facts: NO_FACTS };
    }
    // A new plan starts from scratch.
    const next: RouteState = slice.planId === plan.id ? { ...slice } : { planId: plan.id };
    if (next.arrived) return { slice, facts: NO_FACTS };
    const facts: DeviceFact[] = [];
    const route = routeOf(plan);
    const projection = projectOnRoute(route, s.lat, s.lng, next.segment ?? 0, plan.corridorM);
    next.segment = projection.segment;
    if (!stops) next.started = true;
    else followStops(plan, s, next, facts);
    if (next.started) {
      followCorridor(plan, s, projection.distanceM, next, facts);
      if (projection.distanceM <= plan.corridorM && projection.alongM > (next.progressM ?? 0)) {
        next.progressM = projection.alongM;
      }
    }
    // Recent speed: an exponential average over fix time since the start.
    const v = s.speedKmh ?? 0;
    if (!next.started) next.speedKmh = undefined;
    else if (next.speedAtMs === undefined || next.speedKmh === undefined) next.speedKmh = v;
    else {
      const dt = Math.max(0, s.fixTimeMs - next.speedAtMs);
      const a = 1 - Math.exp(-dt / SPEED_TAU_MS);
      next.speedKmh = next.speedKmh + a * (v - next.speedKmh);
    }
    next.speedAtMs = s.fixTimeMs;
    if (next.started && (facts.length > 0 || s.fixTimeMs - (next.etaAtMs ?? 0) >= ETA_EVERY_MS)) {
      const remainingM = next.arrived ? 0 : Math.max(0, route.lengthM - (next.progressM ?? 0));
      const speed =
        (next.speedKmh ?? 0) >= MIN_ETA_SPEED_KMH
          ? next.speedKmh
          : planSpeedKmh(plan, route.lengthM);
      const eta: DeviceFact = {
        type: 'route-eta',
        planId: plan.id,
        atMs: s.fixTimeMs,
        remainingM,
        offRoute: next.deviating !== undefined,
      };
      if (next.arrived) eta.etaMs = s.fixTimeMs;
      else if (speed && speed > 0)
        eta.etaMs = s.fixTimeMs + Math.round((remainingM / 1000 / speed) * 3_600_000);
      facts.push(eta);
      next.etaAtMs = s.fixTimeMs;
    }
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  },
};
