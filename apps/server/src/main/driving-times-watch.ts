// The driving-times watch (issue 26, decision 0043): a driver's driving left depends on every truck
// their card was in, which no per-vehicle reducer sees. So it is evaluated per driver here, after
// commit: when a driver's activity changes (committed `driver-activity` facts, from any pipeline,
// on the bus) and when a live record of the truck they drive reaches the next instant that matters
// (a break due in 15 min, the daily limit in 30 min, a limit passed). What it finds goes to
// `push` (the API nodes' sockets: `drivingTimes/update`) and to `raise` (the alert path:
// `DTB`, `DTD`, `DTI` stored once per episode in `events`, then the dispatcher).

import { DRIVING_RULES, type DriverDrivingTimesDto } from '@rumbo/contracts';
import { infringementsIn, type ActivityInterval, type EventFact } from '@rumbo/telematics';
import type { Kysely } from 'kysely';
import type { Bus } from '../bus/bus.js';
import { insertEventOnce } from '../db/event-once.js';
import type { Database } from '../db/schema.js';
import { cardStatus } from '../modules/driving-times/index.js';

/** `DTB`: the break is due in this much driving. */
export const BREAK_WARNING_S = 15 * 60;
/** `DTD`: the daily driving limit is this far. */
export const DAY_WARNING_S = 30 * 60;

/** An alert as the dispatcher takes it. */
export interface RaisedEvent {
  tenantId: number;
  vehicleId: number;
  fact: EventFact;
}

interface Watched {
  tenantId: number;
  card: string;
  vehicleId: number;
  /** The next record time at which the driver is evaluated again (Infinity: not driving). */
  nextMs: number;
}

export interface DrivingTimesWatchDeps {
  db: Kysely<Database>;
  bus: Bus;
  /** The API nodes: a driver's row to the tenant's sockets. */
  push?: (tenantId: number, row: DriverDrivingTimesDto) => void;
  /** The alert path: stored events to tell. */
  raise?: (events: RaisedEvent[]) => Promise<void>;
  log: { warn(obj: object, msg?: string): void };
}

/** When, driving on from `atMs`, each warning and limit is reached (Infinity: not driving). */
function nextInstant(row: DriverDrivingTimesDto, isDriving: boolean, atMs: number): number {
  if (!isDriving) return Infinity;
  const marks = [
    row.drivingLeft.breakS - BREAK_WARNING_S,
    row.drivingLeft.dayS - DAY_WARNING_S,
    row.drivingLeft.breakS,
    row.drivingLeft.dayS,
  ].filter((s) => s > 0);
  return marks.length === 0 ? Infinity : atMs + Math.min(...marks) * 1000;
}

/**
 * The instant the driving reached a mark `pastS` seconds of driving before `atMs`: counted back
 * through the drive intervals, so a stop in between (one that does not end the episode, e.g. 10 min,
 * no break part) does not move it — the same episode keeps the same start, whichever record finds it.
 */
export function instantDrivenBack(
  intervals: readonly ActivityInterval[],
  atMs: number,
  pastS: number,
): number {
  let leftMs = Math.max(0, pastS) * 1000;
  for (let i = intervals.length - 1; i >= 0; i--) {
    const a = intervals[i]!;
    if (a.kind !== 'drive' || a.startMs >= atMs) continue;
    const endMs = Math.min(a.endMs, atMs);
    if (endMs - a.startMs >= leftMs) return Math.round((endMs - leftMs) / 1000) * 1000;
    leftMs -= endMs - a.startMs;
  }
  return Math.round((atMs - pastS * 1000) / 1000) * 1000;
}

/** Starts the watch; returns its stop. */
export function drivingTimesWatch(deps: DrivingTimesWatchDeps): () => void {
  const { db, bus } = deps;
  const watched = new Map<string, Watched>();
  const byVehicle = new Map<number, Set<string>>();
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const follow = (key: string, w: Watched) => {
    const before = watched.get(key);
    if (before && before.vehicleId !== w.vehicleId) byVehicle.get(before.vehicleId)?.delete(key);
    watched.set(key, w);
    let set = byVehicle.get(w.vehicleId);
    if (!set) byVehicle.set(w.vehicleId, (set = new Set()));
    set.add(key);
  };

  async function alertsOf(
    tenantId: number,
    vehicleId: number,
    card: string,
    status: Awaited<ReturnType<typeof cardStatus>>,
    atMs: number,
  ): Promise<RaisedEvent[]> {
    const { row, intervals, rules } = status;
    const candidates: {
      code: string;
      startTimeMs: number;
      value: number;
      data?: Record<string, string>;
    }[] = [];
    // The instant the warning was reached, the same whichever record finds it: one per episode.
    if (row.activity === 'drive' && row.drivingLeft.breakS <= BREAK_WARNING_S)
      candidates.push({
        code: 'DTB',
        // Counted from the driving since the break: the driving left stops at 0 past the limit.
        startTimeMs: instantDrivenBack(
          intervals,
          atMs,
          row.drivenS.sinceBreakS - (rules.continuousDrivingS - BREAK_WARNING_S),
        ),
        value: row.drivingLeft.breakS,
      });
    // Past the day's limit (9 or 10 h: the left stops at 0) the instant is not known again; the
    // DTI tells that, so a DTD is raised only while some driving is left.
    if (
      row.activity === 'drive' &&
      row.drivingLeft.dayS > 0 &&
      row.drivingLeft.dayS <= DAY_WARNING_S
    )
      candidates.push({
        code: 'DTD',
        startTimeMs: instantDrivenBack(intervals, atMs, DAY_WARNING_S - row.drivingLeft.dayS),
        value: row.drivingLeft.dayS,
      });
    for (const f of infringementsIn(intervals, rules, atMs - 86_400_000, atMs + 1))
      candidates.push({
        code: 'DTI',
        // One per infringement: its start, plus the rule's place in the list (two rules may start together).
        startTimeMs: f.startMs + DRIVING_RULES.indexOf(f.rule),
        value: f.excessS,
        data: { rule: f.rule, severity: f.severity },
      });
    const raised: RaisedEvent[] = [];
    for (const c of candidates) {
      const isNew = await insertEventOnce(db, {
        tenantId,
        vehicleId,
        code: c.code,
        startTimeMs: c.startTimeMs,
        lat: null,
        lng: null,
        value: c.value,
        driverCode: card,
        data: c.data ?? null,
      });
      if (!isNew) continue;
      const fact: EventFact = {
        type: 'event',
        code: c.code,
        startTimeMs: c.startTimeMs,
        value: c.value,
        driverCode: card,
      };
      if (c.data) fact.data = c.data;
      raised.push({ tenantId, vehicleId, fact });
    }
    return raised;
  }

  async function evaluate(tenantId: number, card: string, vehicleId: number, atMs: number) {
    const status = await cardStatus(db, tenantId, card, atMs, vehicleId);
    const key = `${tenantId}|${card}`;
    follow(key, {
      tenantId,
      card,
      vehicleId,
      nextMs: nextInstant(status.row, status.openKind === 'drive', atMs),
    });
    deps.push?.(tenantId, status.row);
    if (deps.raise) {
      const events = await alertsOf(tenantId, vehicleId, card, status, atMs);
      if (events.length > 0) await deps.raise(events);
    }
  }

  const enqueue = (tenantId: number, card: string, vehicleId: number, atMs: number) => {
    queue = queue
      .then(() => (stopped ? undefined : evaluate(tenantId, card, vehicleId, atMs)))
      .catch((error: unknown) => deps.log.warn({ err: error }, 'driving times evaluation failed'));
  };

  const offFacts = bus.onFacts((facts) => {
    const latest = new Map<
      string,
      { tenantId: number; card: string; vehicleId: number; atMs: number }
    >();
    for (const { tag, fact } of facts) {
      if (fact.type !== 'driver-activity') continue;
      const key = `${tag.tenantId}|${fact.card}`;
      const seen = latest.get(key);
      if (!seen || seen.atMs <= fact.atMs)
        latest.set(key, {
          tenantId: tag.tenantId,
          card: fact.card,
          vehicleId: tag.vehicleId,
          atMs: fact.atMs,
        });
    }
    for (const e of latest.values()) enqueue(e.tenantId, e.card, e.vehicleId, e.atMs);
  });
  const offLive = bus.onLive((messages) => {
    for (const { vehicleId, update } of messages) {
      const keys = byVehicle.get(vehicleId);
      if (!keys) continue;
      for (const key of keys) {
        const w = watched.get(key);
        if (!w || w.vehicleId !== vehicleId || update.fixTimeMs < w.nextMs) continue;
        w.nextMs = Infinity; // evaluated once; the evaluation sets the next instant
        enqueue(w.tenantId, w.card, vehicleId, update.fixTimeMs);
      }
    }
  });
  return () => {
    stopped = true;
    offFacts();
    offLive();
  };
}
