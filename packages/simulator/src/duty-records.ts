// The records a truck's FMB640 sends from its tachograph's slots (issue 26): a record at each change
// of a slot's working state or card (event IO 184, 185 or 187) and periodic ones (every minute
// moving, five with the engine on, thirty parked), carrying IO 184/185 (working states), 187 (card 1
// presence) and 195–198 (the cards; an empty slot sends zeros). Noise, from a stream of its own:
// change records the device never sends (the change shows at the next record) and silences (the
// device off: no records; one at waking). A silence longer than the trip gap hides what the drivers
// did: `blindSpans` lists those, and `observedTruth` turns them into `unknown` in the truth.

import type { CardStint, DutyTruck } from './duty-fleet.js';
import type { DutyKind } from './duty-plan.js';
import type { TruthActivity } from './ground-truth.js';
import { Random } from './random.js';
import type { SimRecord } from './sim-record.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The reducer's trip gap (`tripMaxGapS`): a silence longer than this is a gap in the activities. */
export const DEVICE_GAP_MS = 3_600_000;
const CRUISE_KMH = 80;

/** The tachograph's working-state code of each activity (IO 184/185); 7: not available. */
export const WORKING_STATE: Readonly<Record<DutyKind, number>> = {
  rest: 0,
  available: 1,
  work: 2,
  drive: 3,
};
const NO_STATE = 7;

export interface DutyRecordNoise {
  /** Share of change records the device does not send. */
  lostChangeShare: number;
  /** Device silences per truck per day (a fraction: the chance of one that day) and their length. */
  silencesPerDay: number;
  silenceMinutes: readonly [number, number];
  /** Share of records sent twice (a packet resent after a lost acknowledgement). */
  duplicateShare: number;
}

export const NO_DUTY_NOISE: DutyRecordNoise = {
  lostChangeShare: 0,
  silencesPerDay: 0,
  silenceMinutes: [10, 60],
  duplicateShare: 0,
};

/**
 * Harsher than the field: a silence of 10 min – 3 h every other day while the truck stands with
 * nobody at work (the battery isolator off during a rest: no records; the device wakes when it is
 * switched on, at the rest's end at the latest; over the trip gap it is a gap in the activities),
 * and 1 % of records sent twice (a packet resent after a lost acknowledgement). No change record is
 * lost: an FMB640 logs an IO 184 change to flash and sends it late rather than never, and a change
 * nobody sent cannot be recovered (`lostChangeShare` measures that: decision 0048).
 */
export const HARSH_DUTY_NOISE: DutyRecordNoise = {
  lostChangeShare: 0,
  silencesPerDay: 0.5,
  silenceMinutes: [10, 180],
  duplicateShare: 0.01,
};

/** Record periods, seconds. */
export interface DutyCadence {
  movingS: number;
  onS: number;
  offS: number;
}
export const DUTY_CADENCE: DutyCadence = { movingS: 60, onS: 300, offS: 1800 };

/** What a truck's slots hold over a stretch. */
interface Piece {
  startMs: number;
  endMs: number;
  s1?: CardStint;
  s2?: CardStint;
}

function pieces(truck: DutyTruck, fromMs: number, toMs: number): Piece[] {
  const edges = new Set<number>([fromMs, toMs]);
  for (const s of truck.stints) {
    if (s.startMs > fromMs && s.startMs < toMs) edges.add(s.startMs);
    if (s.endMs > fromMs && s.endMs < toMs) edges.add(s.endMs);
  }
  const times = [...edges].sort((a, b) => a - b);
  const bySlot = [1, 2].map((slot) => truck.stints.filter((s) => s.slot === slot));
  const at = [0, 0];
  const out: Piece[] = [];
  for (let i = 0; i + 1 < times.length; i++) {
    const p: Piece = { startMs: times[i]!, endMs: times[i + 1]! };
    for (const k of [0, 1]) {
      const list = bySlot[k]!;
      while (at[k]! < list.length && list[at[k]!]!.endMs <= p.startMs) at[k]! += 1;
      const s = list[at[k]!];
      if (s && s.startMs <= p.startMs) {
        if (k === 0) p.s1 = s;
        else p.s2 = s;
      }
    }
    out.push(p);
  }
  return out;
}

export interface DutyRecordOptions {
  seed: string | number;
  startMs: number;
  endMs: number;
  noise?: DutyRecordNoise;
  cadence?: DutyCadence;
  /** Where the truck's line starts. */
  origin?: { lat: number; lng: number };
}

export interface DutyTruckRecords {
  records: SimRecord[];
  /** Silences longer than the trip gap: [last record before, first after). */
  blindSpans: { startMs: number; endMs: number }[];
}

/** Whether nobody in the truck is at work: both slots resting or empty (the engine off). */
const isParked = (p: Piece): boolean =>
  (p.s1 === undefined || p.s1.kind === 'rest') && (p.s2 === undefined || p.s2.kind === 'rest');

/**
 * The silences of a truck: a day's silence starts at a random instant and lasts its drawn length,
 * cut at the end of the parked stretch holding its start (none when the truck is in use then).
 */
function silences(rng: Random, noise: DutyRecordNoise, all: readonly Piece[]) {
  const out: { startMs: number; endMs: number }[] = [];
  const fromMs = all[0]?.startMs ?? 0;
  const toMs = all.at(-1)?.endMs ?? 0;
  let i = 0;
  for (let day = fromMs; day < toMs; day += DAY_MS) {
    if (!rng.chance(noise.silencesPerDay)) continue;
    const startMs = Math.round((day + rng.range(0, DAY_MS)) / 1000) * 1000;
    const len = rng.range(noise.silenceMinutes[0], noise.silenceMinutes[1]) * MINUTE_MS;
    while (i < all.length && all[i]!.endMs <= startMs) i++;
    let j = i;
    while (j < all.length && isParked(all[j]!)) j++;
    if (j === i || startMs >= toMs) continue;
    const parkedEndMs = all[j - 1]!.endMs;
    out.push({ startMs, endMs: Math.min(parkedEndMs, Math.round((startMs + len) / 1000) * 1000) });
  }
  return out;
}

/** Every record the truck's device sends over [startMs, endMs), oldest first. */
export function dutyTruckRecords(truck: DutyTruck, o: DutyRecordOptions): DutyTruckRecords {
  const noise = o.noise ?? NO_DUTY_NOISE;
  const cadence = o.cadence ?? DUTY_CADENCE;
  const rng = new Random(`${o.seed}/duty-records/${truck.index}`);
  const all = pieces(truck, o.startMs, o.endMs);
  const quiet = silences(rng.fork('silence'), noise, all);
  const isQuiet = (ms: number) => quiet.some((q) => ms >= q.startMs && ms < q.endMs);
  const wakes = new Set(quiet.map((q) => q.endMs));
  const origin = o.origin ?? { lat: -34.6 + truck.index * 0.02, lng: -58.4 };
  const records: SimRecord[] = [];
  let movedMs = 0;
  let previous: Piece | undefined;
  for (const p of all) {
    const moving = p.s1?.kind === 'drive';
    const on = moving || [p.s1?.kind, p.s2?.kind].some((k) => k === 'work' || k === 'available');
    const periodMs = (moving ? cadence.movingS : on ? cadence.onS : cadence.offS) * 1000;
    const event = changeIo(previous, p);
    const times: { ms: number; event: number }[] = [];
    if (previous === undefined || !rng.chance(noise.lostChangeShare)) {
      times.push({ ms: p.startMs, event });
    }
    for (let t = p.startMs + periodMs; t < p.endMs; t += periodMs) times.push({ ms: t, event: 0 });
    for (const w of wakes) if (w >= p.startMs && w < p.endMs) times.push({ ms: w, event: 0 });
    times.sort((a, b) => a.ms - b.ms);
    let last = -1;
    for (const { ms, event: eventIoId } of times) {
      if (ms === last || (isQuiet(ms) && !wakes.has(ms))) continue;
      last = ms;
      const moved = movedMs + (moving ? ms - p.startMs : 0);
      const record = recordAt(ms, p, moving, on, moved, origin, eventIoId);
      records.push(record);
      if (rng.chance(noise.duplicateShare)) records.push({ ...record });
    }
    if (moving) movedMs += p.endMs - p.startMs;
    previous = p;
  }
  const blindSpans: { startMs: number; endMs: number }[] = [];
  for (let i = 1; i < records.length; i++) {
    const a = records[i - 1]!.fixTimeMs;
    const b = records[i]!.fixTimeMs;
    if (b - a > DEVICE_GAP_MS) blindSpans.push({ startMs: a, endMs: b });
  }
  return { records, blindSpans };
}

/** The IO that changed between two pieces (the event id of the change record). */
function changeIo(a: Piece | undefined, b: Piece): number {
  if (a === undefined) return 0;
  if (a.s1?.card !== b.s1?.card) return 187;
  if (a.s1?.kind !== b.s1?.kind) return 184;
  return 185;
}

/** The tachograph's IO of a record: each slot's card ('' empty) and working state (7 empty). */
export function tachographFields(
  s1: CardStint | undefined,
  s2: CardStint | undefined,
): Pick<
  SimRecord,
  'driverCode' | 'driver1State' | 'driver1CardPresence' | 'driver2State' | 'driver2Code'
> {
  return {
    driverCode: s1?.card ?? '',
    driver1State: s1 ? WORKING_STATE[s1.kind] : NO_STATE,
    driver1CardPresence: s1 ? 1 : 0,
    driver2State: s2 ? WORKING_STATE[s2.kind] : NO_STATE,
    driver2Code: s2?.card ?? '',
  };
}

function recordAt(
  ms: number,
  p: Piece,
  moving: boolean,
  on: boolean,
  movedMs: number,
  origin: { lat: number; lng: number },
  eventIoId: number,
): SimRecord {
  const movedM = (movedMs / 3_600_000) * CRUISE_KMH * 1000;
  // Back and forth along a 300 km meridian line.
  const lapM = movedM % 600_000;
  const alongM = lapM < 300_000 ? lapM : 600_000 - lapM;
  const speed = moving ? CRUISE_KMH : 0;
  return {
    fixTimeMs: ms,
    lat: Math.round((origin.lat + alongM / 111_320) * 1e7) / 1e7,
    lng: origin.lng,
    altitudeM: 30,
    headingDeg: lapM < 300_000 ? 0 : 180,
    speedKmh: speed,
    satellites: 12,
    hdop: 0.8,
    ignition: on,
    movement: moving,
    wheelSpeedKmh: speed,
    rpm: moving ? 1300 : on ? 600 : 0,
    torquePct: moving ? 45 : on ? 8 : 0,
    pedalPct: moving ? 30 : 0,
    brake: false,
    cruise: moving,
    fuelLevelPct: 60,
    fuelUsedL: Math.round(200_000 + movedM * 0.0003),
    fuelRateLph: moving ? 28 : on ? 3 : 0,
    odometerM: Math.round(400_000_000 + movedM),
    engineHours: 9000,
    ureaLevelPct: 70,
    serviceDistanceKm: 20_000,
    ...tachographFields(p.s1, p.s2),
    powerV: on ? 27.8 : 25.1,
    batteryV: 4.1,
    gsmSignal: 4,
    idling: on && !moving,
    phoneBatteryPct: 0,
    eventIoId,
  };
}

/**
 * A card's truth as Rumbo can know it: the time its truck's device was silent for longer than the
 * trip gap is `unknown` (nobody can tell what the driver did then).
 */
export function observedTruth(
  activities: readonly TruthActivity[],
  blindSpansOf: (vehicle: number) => readonly { startMs: number; endMs: number }[],
): TruthActivity[] {
  const out: TruthActivity[] = [];
  const push = (a: TruthActivity): void => {
    if (a.endMs <= a.startMs) return;
    const last = out.at(-1);
    if (last && last.kind === 'unknown' && a.kind === 'unknown' && last.endMs === a.startMs) {
      last.endMs = a.endMs;
    } else out.push(a);
  };
  for (const a of activities) {
    if (a.vehicle === undefined) {
      push({ ...a });
      continue;
    }
    let atMs = a.startMs;
    for (const span of blindSpansOf(a.vehicle)) {
      if (span.endMs <= atMs || span.startMs >= a.endMs) continue;
      push({ ...a, startMs: atMs, endMs: Math.max(atMs, span.startMs) });
      const end = Math.min(a.endMs, span.endMs);
      push({ card: a.card, kind: 'unknown', startMs: Math.max(atMs, span.startMs), endMs: end });
      atMs = end;
    }
    push({ ...a, startMs: atMs });
  }
  return out;
}
