// Driver activities from the tachograph (issue 26; decision 0043): per slot of the vehicle's
// tachograph, the card in it and its working state (Teltonika IO 184 / 185: 0 rest, 1 available,
// 2 work, 3 drive, 6 error, 7 not available → unknown) make activity intervals. An interval opens
// at the record that first shows its (card, kind) and closes at the record that shows another
// kind, another card or none (card out, IO 187 = 0); after a silence over the trip gap it closes
// at the last record before it — the silence is no interval at all, so the driver's timeline shows
// it as unknown, never as the activity it might have been. Facts at open and at close; the open
// interval is the slice (and the stored open row). Replaying the stored records gives the same
// facts: nothing here reads a clock or the server.

import type { DriverActivityKind } from '../driving-times/types.js';
import type { DeviceFact } from '../reducer/facts.js';
import type { Sample } from '../reducer/sample.js';
import { NO_FACTS, type Detector, type DetectorStep } from './detector.js';
import type { DriverActivityFact, TachographSlot } from './driver-activity.facts.js';

/** The open interval of one slot. */
export interface OpenActivity {
  card: string;
  kind: DriverActivityKind;
  startMs: number;
  lat?: number;
  lng?: number;
}

/** The detector's slice: each slot's open interval. */
export interface DriverActivityState {
  s1?: OpenActivity;
  s2?: OpenActivity;
}

export const INITIAL_DRIVER_ACTIVITY: DriverActivityState = Object.freeze({});

/** The tachograph's working-state enumeration → activity (error, not available → unknown). */
export function activityOfWorkingState(state: number): DriverActivityKind {
  switch (state) {
    case 0:
      return 'rest';
    case 1:
      return 'available';
    case 2:
      return 'work';
    case 3:
      return 'drive';
    default:
      return 'unknown';
  }
}

function cardIn(s: Sample, slot: TachographSlot): string | undefined {
  if (slot === 1) {
    if (s.driver1Card === 0) return undefined;
    return s.driverCode === '' ? undefined : s.driverCode;
  }
  return s.driver2Code === '' ? undefined : s.driver2Code;
}

function stateIn(s: Sample, slot: TachographSlot): number | undefined {
  return slot === 1 ? s.driver1State : s.driver2State;
}

/** Whether the slot's open interval goes on unchanged at this record. */
function goesOn(open: OpenActivity | undefined, s: Sample, slot: TachographSlot): boolean {
  const state = stateIn(s, slot);
  const card = cardIn(s, slot);
  if (open === undefined) return state === undefined || card === undefined;
  return state !== undefined && card === open.card && activityOfWorkingState(state) === open.kind;
}

function fact(
  slot: TachographSlot,
  open: OpenActivity,
  atMs: number,
  endMs?: number,
): DriverActivityFact {
  const f: DriverActivityFact = {
    type: 'driver-activity',
    atMs,
    slot,
    card: open.card,
    kind: open.kind,
    startMs: open.startMs,
  };
  if (endMs !== undefined) f.endMs = endMs;
  if (open.lat !== undefined) {
    f.lat = open.lat;
    f.lng = open.lng;
  }
  return f;
}

/** One slot's step off the hot path: close what ended, open what starts. */
function stepSlot(
  open: OpenActivity | undefined,
  s: Sample,
  prev: Sample | undefined,
  isGap: boolean,
  slot: TachographSlot,
  facts: DeviceFact[],
): OpenActivity | undefined {
  const state = stateIn(s, slot);
  const card = cardIn(s, slot);
  const kind = state === undefined ? undefined : activityOfWorkingState(state);
  if (open !== undefined) {
    const endMs = isGap && prev !== undefined ? prev.fixTimeMs : s.fixTimeMs;
    facts.push(fact(slot, open, s.fixTimeMs, endMs));
  }
  if (kind === undefined || card === undefined) return undefined;
  const next: OpenActivity = { card, kind, startMs: s.fixTimeMs };
  if (s.hasLocation) {
    next.lat = s.lat;
    next.lng = s.lng;
  }
  facts.push(fact(slot, next, s.fixTimeMs));
  return next;
}

// The unchanged step, reused: the reducer reads a step's result at once and keeps only its
// fields, so the hot path (every slot goes on) allocates nothing.
const SAME: DetectorStep<DriverActivityState> = { slice: INITIAL_DRIVER_ACTIVITY, facts: NO_FACTS };

/** Driver activities, per tachograph slot. */
export const driverActivityDetector: Detector<DriverActivityState> = {
  name: 'driver-activity',
  initial: INITIAL_DRIVER_ACTIVITY,
  step(slice, input) {
    const { sample: s, prev, isGap } = input;
    if (!isGap && goesOn(slice.s1, s, 1) && goesOn(slice.s2, s, 2)) {
      SAME.slice = slice;
      return SAME;
    }
    const facts: DeviceFact[] = [];
    const s1 =
      isGap || !goesOn(slice.s1, s, 1) ? stepSlot(slice.s1, s, prev, isGap, 1, facts) : slice.s1;
    const s2 =
      isGap || !goesOn(slice.s2, s, 2) ? stepSlot(slice.s2, s, prev, isGap, 2, facts) : slice.s2;
    const next: DriverActivityState = {};
    if (s1 !== undefined) next.s1 = s1;
    if (s2 !== undefined) next.s2 = s2;
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  },
};
