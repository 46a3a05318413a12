// Fuel and AdBlue tank levels (docs/domain.md §7, issue 14): refills (`CRG`), suspected fuel
// theft (`DCS`) and AdBlue refills (`AUR`), decided per stop on a cleaned-up level signal.
//
// Clean-up: while moving, the median of the last steady records (≥ 20 km/h, speed changing by
// ≤ 5 km/h since the previous record, at least 60 s after motion started) — sloshing on slopes
// and when braking or pulling away is left out; at a standstill the raw level, from 60 s after
// the stop on. A stop's level change is `after − before + fuel burnt meanwhile` (ECU counter),
// with `before` the moving median when the stop began and `after` the median of the stop's last
// three raw levels. A rise of at least the refill threshold is a refill, a fall of at least the
// theft threshold a suspected theft; either is confirmed on the moving median once the truck is
// on its way again (a refill whose level falls back, or a drop that recovers, is dropped). A
// short move to another pump (a standstill within `MERGE_RADIUS_M` of the stop, before the
// confirmation) merges the two stops into one, its readings taken once settled again; a standstill
// farther on (the station's exit, a light) is a stop of its own and the refill waits through it
// for its confirmation (issue 22: merged, its first readings — unsettled, on another slope — were
// taken as the level after the refill).
// Pure: capacities come from the VehicleContext; without one (and without litres from the
// device) nothing is decided.

import type { EventFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { NO_FACTS, type Detector, type VehicleContext } from './detector.js';
import { tanksCapacityL, tanksLitres } from '../fuel/tank.js';

/** Records nearer than this to a stop's start or to the start of motion are not used, ms. */
export const SETTLE_MS = 60_000;
/** Steady records in the moving median. */
export const MOVING_WINDOW = 7;
/** Steady records after departure that confirm a stop's change. */
export const CONFIRM_RECORDS = 5;
/** A steady moving record: at least this speed… */
const STEADY_MIN_KMH = 20;
/** …and a speed within this of the previous record's. */
const STEADY_MAX_DELTA_KMH = 5;
/** Raw standstill levels whose median is a stop's `after`. */
const AFTER_RECORDS = 3;
/** A standstill this near the stop before the confirmation is the same stop (another pump), m. */
export const MERGE_RADIUS_M = 200;
/** Level samples kept as a detection's evidence. */
const EVIDENCE_SAMPLES = 10;

/** Refill threshold: the larger of litres and a share of the tank. */
export const FUEL_REFILL_MIN_L = 20;
export const FUEL_REFILL_MIN_SHARE = 0.04;
/** Suspected theft threshold, net of burnt fuel. */
export const FUEL_THEFT_MIN_L = 12;
export const FUEL_THEFT_MIN_SHARE = 0.025;
/** AdBlue refill threshold. */
export const UREA_REFILL_MIN_L = 5;
export const UREA_REFILL_MIN_SHARE = 0.08;

/** A stop under way (or just left, waiting for confirmation). */
export interface TankStop {
  /** First standstill record. */
  sinceMs: number;
  /** Back at a standstill after a short move (another pump): readings settle again from here. */
  resumedMs?: number;
  /** Level when the stop began (moving median), or its first settled raw level. */
  beforeL?: number;
  /** Fuel counter at `beforeL`. */
  beforeUsedL?: number;
  /** Last raw standstill levels (newest last) and the counter and time at the newest. */
  raws: readonly number[];
  /**
   * The stop's first settled raw levels and the counter at the first: the standstill baseline. A
   * level read while moving can be off for minutes (sloshing on a slope); one read standing is not.
   */
  firstRaws?: readonly number[];
  firstUsedL?: number;
  lastUsedL?: number;
  lastRawMs?: number;
  /** Last settled record whose level was still about `beforeL`: where a change starts. */
  steadyMs?: number;
  lat?: number;
  lng?: number;
  driverCode?: string;
  /** [s since `sinceMs`, litres] around the change. */
  evidence: readonly (readonly [number, number])[];
}

/** What waits for confirmation after departure. */
export interface TankPending {
  stop: TankStop;
  kind: 'up' | 'down';
  deltaL: number;
  afterL: number;
  motionSinceMs: number;
  moving: readonly number[];
  movingUsedL?: number;
}

/** One tank's slice. */
export interface TankTrack {
  /** Steady moving levels, newest last, and the fuel counter at the newest. */
  window: readonly number[];
  windowUsedL?: number;
  motionSinceMs?: number;
  stop?: TankStop;
  pending?: TankPending;
}

/** The fuel detector's slice. */
export interface FuelState {
  fuel: TankTrack;
  urea: TankTrack;
}

const EMPTY_TRACK: TankTrack = Object.freeze({ window: Object.freeze([]) });

/** Before any record. */
export const INITIAL_FUEL: FuelState = Object.freeze({ fuel: EMPTY_TRACK, urea: EMPTY_TRACK });

interface TankRule {
  refillCode: 'CRG' | 'AUR';
  theftCode?: 'DCS';
  refillL: number;
  theftL: number;
  /** Burnt fuel counts (diesel); AdBlue use during a stop is negligible. */
  countsBurnt: boolean;
}

/** The median of a few numbers (a copy is sorted). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function fuelCapacityL(context: VehicleContext): number | undefined {
  if (context.fuelTanks && context.fuelTanks.length > 0) {
    const sum = tanksCapacityL(context.fuelTanks);
    return sum > 0 ? sum : undefined;
  }
  const tanks = context.fuelTanksL;
  if (!tanks || tanks.length === 0) return undefined;
  let sum = 0;
  for (const t of tanks) sum += t;
  return sum > 0 ? sum : undefined;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

function isSteady(s: Sample, prev: Sample | undefined): boolean {
  const v = s.speedKmh;
  if (v === undefined || v < STEADY_MIN_KMH) return false;
  const pv = prev?.speedKmh;
  return pv !== undefined && Math.abs(v - pv) <= STEADY_MAX_DELTA_KMH;
}

/** Metres between two points (equirectangular: stops are a few hundred metres apart at most). */
function metresBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

/** Whether a standstill at `s` is the pending stop's place (unknown places: assumed so). */
function isSamePlace(stop: TankStop, s: Sample): boolean {
  if (stop.lat === undefined || stop.lng === undefined || !s.hasLocation) return true;
  return metresBetween(stop.lat, stop.lng, s.lat, s.lng) <= MERGE_RADIUS_M;
}

function pushLimited<T>(list: readonly T[], value: T, limit: number): readonly T[] {
  const next = list.length >= limit ? list.slice(list.length - limit + 1) : list.slice();
  next.push(value);
  return next;
}

function burnt(rule: TankRule, from: number | undefined, to: number | undefined): number {
  if (!rule.countsBurnt || from === undefined || to === undefined || to < from) return 0;
  return to - from;
}

/**
 * The change over a stop, net of the fuel burnt in it: from the standstill baseline (the stop's
 * first settled levels) when the stop had one, since a moving reading may carry minutes of slope
 * slosh; from the moving median when the change came before the stop settled — recognised by a
 * change of three thresholds that the standstill baseline does not see.
 */
function stopDelta(rule: TankRule, stop: TankStop, afterL: number): number {
  const moving = afterL - stop.beforeL! + burnt(rule, stop.beforeUsedL, stop.lastUsedL);
  const first = stop.firstRaws;
  if (!first || first.length < AFTER_RECORDS) return moving;
  const threshold = Math.min(rule.refillL, rule.theftL);
  // The first settled levels, unless the change was already under way among them.
  const spread = Math.max(...first) - Math.min(...first);
  const baseL = spread < threshold / 2 ? median(first) : first[0]!;
  const standing = afterL - baseL + burnt(rule, stop.firstUsedL, stop.lastUsedL);
  // A rise that began before the stop settled: the moving baseline sees more of it than any slope
  // slosh could add (a refill threshold is more than a slope's bias).
  if (moving - standing > rule.refillL && moving >= rule.refillL) return moving;
  if (Math.abs(standing) < threshold && Math.abs(moving) >= 3 * threshold) return moving;
  return standing;
}

function toEvent(rule: TankRule, p: TankPending, confirmedL: number): EventFact {
  const stop = p.stop;
  const code = p.kind === 'up' ? rule.refillCode : rule.theftCode!;
  const startTimeMs = stop.steadyMs ?? stop.sinceMs;
  const evidence = stop.evidence.map(([t, l]) => `${t}:${round1(l)}`).join(',');
  const fact: EventFact = {
    type: 'event',
    code,
    startTimeMs,
    endTimeMs: Math.max(startTimeMs, stop.lastRawMs ?? stop.sinceMs),
    value: round1(Math.abs(p.deltaL)),
  };
  if (stop.lat !== undefined && stop.lng !== undefined) {
    fact.lat = stop.lat;
    fact.lng = stop.lng;
  }
  if (stop.driverCode !== undefined) fact.driverCode = stop.driverCode;
  fact.data = {
    levelBeforeL: round1(stop.beforeL ?? 0),
    levelAfterL: round1(p.afterL),
    levelConfirmedL: round1(confirmedL),
    burntL: round1(p.deltaL - (p.afterL - (stop.beforeL ?? 0))),
    /** Seconds after the stop began (`stopStartMs`) : litres, the samples around the change. */
    samples: evidence,
    stopStartMs: stop.sinceMs,
  };
  return fact;
}

/** One tank's step for a record with a level (litres). */
function stepTrack(
  track: TankTrack,
  levelL: number,
  s: Sample,
  prev: Sample | undefined,
  rule: TankRule,
  settings: ReducerSettings,
  facts: EventFact[],
): TankTrack {
  const speed = s.speedKmh;
  if (speed === undefined) return track;
  const t = s.fixTimeMs;
  let { window, windowUsedL, motionSinceMs, stop, pending } = track;

  if (speed < settings.stationarySpeedKmh) {
    motionSinceMs = undefined;
    if (!stop) {
      if (pending && t - pending.motionSinceMs <= 10 * SETTLE_MS && isSamePlace(pending.stop, s)) {
        // Back at a standstill at the same place before the change was confirmed (another pump):
        // the same stop goes on (merge), its readings taken again once settled.
        stop = { ...pending.stop, resumedMs: t };
        pending = undefined;
      } else {
        const beforeL = window.length >= 3 ? median(window) : undefined;
        stop = {
          sinceMs: t,
          beforeL,
          beforeUsedL: beforeL === undefined ? undefined : windowUsedL,
          raws: [],
          lat: s.hasLocation ? s.lat : undefined,
          lng: s.hasLocation ? s.lng : undefined,
          driverCode: s.driverCode,
          evidence: beforeL === undefined ? [] : [[0, beforeL]],
        };
        // A pending change waits through this stop for its confirmation on the road.
      }
    }
    if (t - (stop.resumedMs ?? stop.sinceMs) >= SETTLE_MS) {
      const beforeL = stop.beforeL ?? levelL;
      const threshold = Math.min(rule.refillL, rule.theftL);
      const isSteadyLevel = Math.abs(levelL - beforeL) < threshold / 2;
      const rel = Math.round((t - stop.sinceMs) / 1000);
      const evidence =
        (isSteadyLevel && stop.evidence.length > 1) || stop.evidence.length >= EVIDENCE_SAMPLES
          ? stop.evidence
          : [...stop.evidence, [rel, levelL] as const];
      const firstRaws =
        (stop.firstRaws?.length ?? 0) >= AFTER_RECORDS
          ? stop.firstRaws
          : [...(stop.firstRaws ?? []), levelL];
      stop = {
        sinceMs: stop.sinceMs,
        resumedMs: stop.resumedMs,
        beforeL,
        beforeUsedL: stop.beforeUsedL ?? s.fuelUsedL,
        raws: pushLimited(stop.raws, levelL, AFTER_RECORDS),
        firstRaws,
        firstUsedL: stop.firstUsedL ?? s.fuelUsedL,
        lastUsedL: s.fuelUsedL ?? stop.lastUsedL,
        lastRawMs: t,
        steadyMs: isSteadyLevel ? t : stop.steadyMs,
        lat: stop.lat,
        lng: stop.lng,
        driverCode: stop.driverCode,
        evidence,
      };
    }
    return { window, windowUsedL, motionSinceMs, stop, pending };
  }

  if (s.motion !== true) return track;
  motionSinceMs ??= t;
  const steady = isSteady(s, prev) && t - motionSinceMs >= SETTLE_MS;

  if (stop) {
    // Departure: the stop's change, if large enough, waits for the moving median.
    if (stop.beforeL !== undefined && stop.raws.length > 0) {
      const afterL = median(stop.raws);
      const deltaL = stopDelta(rule, stop, afterL);
      // A drop needs the stop's standing baseline: over a stop too short for one, the change is a
      // moving median against a reading or two standing, each on its own slope (issue 22).
      const hasBaseline = (stop.firstRaws?.length ?? 0) >= AFTER_RECORDS;
      const kind =
        deltaL >= rule.refillL
          ? 'up'
          : rule.theftCode && deltaL <= -rule.theftL && hasBaseline
            ? 'down'
            : null;
      if (kind) {
        // A change still waiting from an earlier stop stands on that stop's own levels.
        if (pending) facts.push(toEvent(rule, pending, pending.afterL));
        pending = { stop, kind, deltaL, afterL, motionSinceMs, moving: [], movingUsedL: undefined };
      }
    }
    stop = undefined;
    window = [];
    windowUsedL = undefined;
  }

  if (!steady) return { window, windowUsedL, motionSinceMs, stop, pending };
  window = pushLimited(window, levelL, MOVING_WINDOW);
  windowUsedL = s.fuelUsedL;

  if (pending) {
    const moving = pushLimited(pending.moving, levelL, CONFIRM_RECORDS);
    if (moving.length < CONFIRM_RECORDS) {
      pending = {
        stop: pending.stop,
        kind: pending.kind,
        deltaL: pending.deltaL,
        afterL: pending.afterL,
        motionSinceMs: pending.motionSinceMs,
        moving,
        movingUsedL: pending.movingUsedL ?? s.fuelUsedL,
      };
    } else {
      const confirmedL = median(moving);
      const before = pending.stop.beforeL!;
      const net = confirmedL - before + burnt(rule, pending.stop.beforeUsedL, s.fuelUsedL);
      const holds = pending.kind === 'up' ? net >= rule.refillL / 2 : net <= -rule.theftL / 2;
      if (holds) facts.push(toEvent(rule, pending, confirmedL));
      pending = undefined;
    }
  }
  return { window, windowUsedL, motionSinceMs, stop, pending };
}

function fuelRule(capacityL: number): TankRule {
  return {
    refillCode: 'CRG',
    theftCode: 'DCS',
    refillL: Math.max(FUEL_REFILL_MIN_L, FUEL_REFILL_MIN_SHARE * capacityL),
    theftL: Math.max(FUEL_THEFT_MIN_L, FUEL_THEFT_MIN_SHARE * capacityL),
    countsBurnt: true,
  };
}

function ureaRule(capacityL: number): TankRule {
  const refillL = Math.max(UREA_REFILL_MIN_L, UREA_REFILL_MIN_SHARE * capacityL);
  return { refillCode: 'AUR', refillL, theftL: refillL, countsBurnt: false };
}

/** Refills, suspected thefts and AdBlue refills (§7), one event each once confirmed. */
export const fuelDetector: Detector<FuelState> = {
  name: 'fuel',
  initial: INITIAL_FUEL,
  step(slice, { sample: s, prev }, context, settings) {
    let fuel = slice.fuel;
    let urea = slice.urea;
    let facts: EventFact[] | undefined;
    const capacityL = fuelCapacityL(context);
    const fuelL =
      s.fuelLevelL ??
      (capacityL !== undefined && s.fuelLevelPct !== undefined
        ? context.fuelTanks && context.fuelTanks.length > 0
          ? tanksLitres(context.fuelTanks, s.fuelLevelPct)
          : (s.fuelLevelPct / 100) * capacityL
        : undefined);
    if (fuelL !== undefined) {
      facts = [];
      fuel = stepTrack(fuel, fuelL, s, prev, fuelRule(capacityL ?? 0), settings, facts);
    }
    const ureaCapL = context.ureaTankL;
    if (ureaCapL !== undefined && ureaCapL > 0 && s.ureaLevelPct !== undefined) {
      facts ??= [];
      const ureaL = (s.ureaLevelPct / 100) * ureaCapL;
      urea = stepTrack(urea, ureaL, s, prev, ureaRule(ureaCapL), settings, facts);
    }
    if (fuel === slice.fuel && urea === slice.urea) return { slice, facts: NO_FACTS };
    return {
      slice: { fuel, urea },
      facts: facts && facts.length > 0 ? facts : NO_FACTS,
    };
  },
};
