// Harsh-driving alerts (docs/domain.md §10, decisions.md "one alert per episode",
// docs/decisions/0016-alert-rules.md). `AAB` acceleration, `AFI` braking, `CAB` cornering.
// - Source `device` (default): the tracker's green-driving event (IO 253, magnitude IO 254). Records
//   of one type less than `harshMergeS` apart are one episode; one event at its first record.
// - Source `computed` (trackers without such events): from consecutive records at most
//   `harshMaxIntervalS` apart — longitudinal Δv/Δt, lateral speed × yaw rate (Δheading/Δt) — at or
//   over the threshold continuously for `harshMinS`; one event per run, raised when it has held.
// Value: the magnitude in m/s² (the device's g × 9.80665; computed: the run's peak so far).

import type { HarshEvent } from '../position.js';
import type { DeviceFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { eventFact, originOf, type EventOrigin, type RuleAlertCode } from './alert-codes.js';
import { NO_FACTS, type Detector } from './detector.js';

const CODE_OF: Readonly<Record<HarshEvent, RuleAlertCode>> = {
  accel: 'AAB',
  brake: 'AFI',
  corner: 'CAB',
};

const KINDS: readonly HarshEvent[] = ['accel', 'brake', 'corner'];

/** A run of computed acceleration over a threshold. */
export interface HarshRun extends EventOrigin {
  kind: HarshEvent;
  /** Start of the first interval over the threshold. */
  sinceMs: number;
  peakMps2: number;
  isAlerted: boolean;
}

/** The harsh detector's slice. */
export interface HarshState {
  /** The newest device event (an episode while the next one comes within `harshMergeS`). */
  device?: { kind: HarshEvent; atMs: number };
  /** Computed runs in progress, at most one per kind. */
  runs: readonly HarshRun[];
}

/** Before any record. */
export const INITIAL_HARSH: HarshState = Object.freeze({ runs: Object.freeze([]) });

const DEG = Math.PI / 180;

/** Magnitudes of the interval prev → s over its threshold, by kind (0 when under or unknown). */
function intervalMagnitude(
  kind: HarshEvent,
  prev: Sample,
  s: Sample,
  dtS: number,
  settings: ReducerSettings,
): number {
  const v0 = prev.speedKmh;
  const v1 = s.speedKmh;
  if (v0 === undefined || v1 === undefined) return 0;
  let a: number;
  let threshold: number;
  if (kind === 'corner') {
    if (prev.headingDeg === undefined || s.headingDeg === undefined) return 0;
    if (v0 < settings.motionSpeedKmh || v1 < settings.motionSpeedKmh) return 0;
    let turnDeg = Math.abs(s.headingDeg - prev.headingDeg) % 360;
    if (turnDeg > 180) turnDeg = 360 - turnDeg;
    a = (((v0 + v1) / 2 / 3.6) * turnDeg * DEG) / dtS;
    threshold = settings.harshCornerMps2;
  } else {
    const dv = (v1 - v0) / 3.6 / dtS;
    a = kind === 'accel' ? dv : -dv;
    threshold = kind === 'accel' ? settings.harshAccelMps2 : settings.harshBrakeMps2;
  }
  return a >= threshold ? a : 0;
}

function stepComputed(
  runs: HarshState['runs'],
  s: Sample,
  prev: Sample | undefined,
  settings: ReducerSettings,
  facts: DeviceFact[],
): HarshState['runs'] {
  const dtS = prev ? (s.fixTimeMs - prev.fixTimeMs) / 1000 : 0;
  if (!prev || dtS <= 0 || dtS > settings.harshMaxIntervalS) {
    return runs.length === 0 ? runs : INITIAL_HARSH.runs;
  }
  let next: HarshRun[] | undefined;
  for (const kind of KINDS) {
    const magnitude = intervalMagnitude(kind, prev, s, dtS, settings);
    const held = runs.find((r) => r.kind === kind);
    if (magnitude === 0) {
      if (held) next ??= runs.filter((r) => r.kind !== kind);
      continue;
    }
    let run: HarshRun = held
      ? { ...held, peakMps2: Math.max(held.peakMps2, magnitude) }
      : { ...originOf(prev), kind, sinceMs: prev.fixTimeMs, peakMps2: magnitude, isAlerted: false };
    if (!run.isAlerted && (s.fixTimeMs - run.sinceMs) / 1000 >= settings.harshMinS) {
      facts.push(eventFact(CODE_OF[kind], run, { value: round2(run.peakMps2) }));
      run = { ...run, isAlerted: true };
    }
    next = [...(next ?? runs).filter((r) => r.kind !== kind), run];
  }
  return next ?? runs;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** `AAB`, `AFI`, `CAB`: one event per harsh episode. */
export const harshDetector: Detector<HarshState> = {
  name: 'harsh',
  initial: INITIAL_HARSH,
  step(slice, { sample: s, prev }, context, settings) {
    const facts: DeviceFact[] = [];
    let device = slice.device;
    let runs = slice.runs;
    if (context.alerts?.harshSource === 'computed') {
      runs = stepComputed(runs, s, prev, settings, facts);
    } else if (s.harshEvent !== undefined) {
      const isSameEpisode =
        device?.kind === s.harshEvent && (s.fixTimeMs - device.atMs) / 1000 <= settings.harshMergeS;
      if (!isSameEpisode) {
        const value = s.harshMps2 === undefined ? undefined : round2(s.harshMps2);
        facts.push(eventFact(CODE_OF[s.harshEvent], originOf(s), { value }));
      }
      device = { kind: s.harshEvent, atMs: s.fixTimeMs };
    } else if (device && (s.fixTimeMs - device.atMs) / 1000 > settings.harshMergeS) {
      device = undefined;
    }
    if (device === slice.device && runs === slice.runs) {
      return { slice, facts: facts.length > 0 ? facts : NO_FACTS };
    }
    const next: HarshState = device ? { device, runs } : { runs };
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  },
};
