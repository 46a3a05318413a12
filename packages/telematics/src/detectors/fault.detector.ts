// Fault episodes (docs/domain.md §9, issue 15): a record carrying a DM1 (or OBD) report lists the
// active codes. An episode keyed by (source, code) opens when a code is first reported, follows
// it across ignition cycles and reporting gaps, and closes when the code is absent from 2
// consecutive reports of its source (closed at the first of them) or has not been reported for
// 10 min of ignition on, counted over known intervals (closed at the record that finds it). Severity from the lamps; a red
// stop lamp raises `FCR` once per episode.

import { dtcCode, severityOf, type FaultSeverity } from '../diagnostics/dtc.js';
import type { Dtc, DtcLamps } from '../position.js';
import type { EventFact } from '../reducer/facts.js';
import type { FaultFact, FaultPoint } from './fault.facts.js';
import type { Sample } from '../reducer/sample.js';
import { NO_FACTS, type Detector } from './detector.js';

/** Reports in a row without the code that close its episode (§9). */
export const FAULT_ABSENT_REPORTS = 2;
/** Ignition-on time without the code being reported that closes its episode, s (§9). */
export const FAULT_QUIET_ON_S = 600;

/** An open episode. */
export interface FaultEpisode {
  source: 'j1939' | 'obd';
  code: string;
  spn?: number;
  fmi?: number;
  start: FaultPoint;
  lastSeenMs: number;
  /** {@link FaultState.onS} when the code was last reported. */
  onSAtSeen: number;
  occurrences?: number;
  lamps: DtcLamps;
  severity: FaultSeverity;
  /** `FCR` was raised for this episode. */
  critical: boolean;
  /** Reports in a row without the code, and where the first of them was. */
  missed: number;
  firstMiss?: FaultPoint;
}

/** The fault detector's slice. */
export interface FaultState {
  episodes: readonly FaultEpisode[];
  /** Ignition-on seconds counted so far (a clock the quiet rule reads; gaps do not count). */
  onS: number;
}

/** Before any record. */
export const INITIAL_FAULTS: FaultState = { episodes: [], onS: 0 };

const NO_LAMPS: DtcLamps = Object.freeze({
  mil: false,
  redStop: false,
  amber: false,
  protect: false,
});

function pointOf(s: Sample): FaultPoint {
  const p: FaultPoint = { timeMs: s.fixTimeMs };
  if (s.hasLocation) {
    p.lat = s.lat;
    p.lng = s.lng;
  }
  if (s.odometerM !== undefined) p.odometerM = s.odometerM;
  if (s.engineHours !== undefined) p.engineHours = s.engineHours;
  return p;
}

function mergeLamps(a: DtcLamps, b: DtcLamps | undefined): DtcLamps {
  if (!b) return a;
  if (
    (b.mil && !a.mil) ||
    (b.redStop && !a.redStop) ||
    (b.amber && !a.amber) ||
    (b.protect && !a.protect)
  )
    return {
      mil: a.mil || b.mil,
      redStop: a.redStop || b.redStop,
      amber: a.amber || b.amber,
      protect: a.protect || b.protect,
    };
  return a;
}

function toFact(
  e: FaultEpisode,
  atMs: number,
  end?: FaultPoint,
  endReason?: 'absent' | 'quiet',
): FaultFact {
  const fact: FaultFact = {
    type: 'fault',
    atMs,
    source: e.source,
    code: e.code,
    start: e.start,
    lastSeenMs: e.lastSeenMs,
    lamps: e.lamps,
    severity: e.severity,
  };
  if (e.spn !== undefined) fact.spn = e.spn;
  if (e.fmi !== undefined) fact.fmi = e.fmi;
  if (e.occurrences !== undefined) fact.occurrences = e.occurrences;
  if (end) {
    fact.end = end;
    fact.endReason = endReason;
  }
  return fact;
}

function criticalEvent(e: FaultEpisode, s: Sample): EventFact {
  const fact: EventFact = { type: 'event', code: 'FCR', startTimeMs: s.fixTimeMs };
  if (s.hasLocation) {
    fact.lat = s.lat;
    fact.lng = s.lng;
  }
  if (s.driverCode !== undefined) fact.driverCode = s.driverCode;
  const data: Record<string, string | number> = { dtc: e.code, source: e.source };
  if (e.spn !== undefined) data.spn = e.spn;
  if (e.fmi !== undefined) data.fmi = e.fmi;
  fact.data = data;
  return fact;
}

/** The episode after its code was reported again (or first: `e` undefined). */
function seen(
  e: FaultEpisode | undefined,
  dtc: Dtc,
  s: Sample,
  onS: number,
): { episode: FaultEpisode; changed: boolean } {
  const occurrences = dtc.standard === 'j1939' ? dtc.occurrences : undefined;
  const lamps = mergeLamps(e?.lamps ?? NO_LAMPS, dtc.standard === 'j1939' ? dtc.lamps : undefined);
  const severity = severityOf(lamps);
  const episode: FaultEpisode = {
    source: dtc.standard,
    code: e?.code ?? dtcCode(dtc),
    start: e?.start ?? pointOf(s),
    lastSeenMs: s.fixTimeMs,
    onSAtSeen: onS,
    lamps,
    severity,
    critical: e?.critical ?? false,
    missed: 0,
  };
  if (dtc.standard === 'j1939') {
    episode.spn = dtc.spn;
    episode.fmi = dtc.fmi;
  }
  if (occurrences !== undefined) episode.occurrences = occurrences;
  const changed =
    !e || e.severity !== severity || e.occurrences !== occurrences || e.lamps !== lamps;
  return { episode, changed };
}

/** Fault episodes (§9): `fault` facts at open, change and close; `FCR` on a red stop lamp. */
export const faultDetector: Detector<FaultState> = {
  name: 'fault',
  initial: INITIAL_FAULTS,
  step(slice, { sample: s, prev }, _context, settings) {
    const report = s.dtcs;
    // Most records: no report and nothing open. No allocation.
    if (report === undefined && slice.episodes.length === 0) return { slice, facts: NO_FACTS };

    let onS = slice.onS;
    // Ignition-on time, known intervals only: a reporting gap (> maxGap) is not quiet time.
    if (prev && (prev.ignition ?? prev.engineOn) === true) {
      const dtS = (s.fixTimeMs - prev.fixTimeMs) / 1000;
      if (dtS <= settings.maxGapS) onS += dtS;
    }

    const facts: (FaultFact | EventFact)[] = [];
    let episodes: FaultEpisode[] | undefined;

    if (report !== undefined) {
      episodes = [];
      const reported = new Set<string>();
      const sources = new Set<string>(report.map((d) => d.standard));
      for (const dtc of report) {
        const code = dtcCode(dtc);
        if (reported.has(code)) continue;
        reported.add(code);
        const old = slice.episodes.find((e) => e.code === code);
        const { episode, changed } = seen(old, dtc, s, onS);
        if (changed) facts.push(toFact(episode, s.fixTimeMs));
        if (episode.lamps.redStop && !episode.critical) {
          episode.critical = true;
          facts.push(criticalEvent(episode, s));
        }
        episodes.push(episode);
      }
      for (const e of slice.episodes) {
        if (reported.has(e.code)) continue;
        // An empty report speaks for every source; a non-empty one for its own.
        if (report.length > 0 && !sources.has(e.source)) {
          episodes.push(e);
          continue;
        }
        const missed = e.missed + 1;
        const firstMiss = e.firstMiss ?? pointOf(s);
        if (missed >= FAULT_ABSENT_REPORTS) facts.push(toFact(e, s.fixTimeMs, firstMiss, 'absent'));
        else episodes.push({ ...e, missed, firstMiss });
      }
    }

    const current = episodes ?? slice.episodes;
    if (current.some((e) => onS - e.onSAtSeen >= FAULT_QUIET_ON_S)) {
      const kept: FaultEpisode[] = [];
      for (const e of current) {
        if (onS - e.onSAtSeen >= FAULT_QUIET_ON_S)
          facts.push(toFact(e, s.fixTimeMs, pointOf(s), 'quiet'));
        else kept.push(e);
      }
      episodes = kept;
    }

    const next: FaultState =
      episodes === undefined && onS === slice.onS
        ? slice
        : { episodes: episodes ?? slice.episodes, onS };
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  },
};
