// The driving-times accuracy test's month (issue 26): a simulated fleet of drivers on duty, their
// trucks' FMB640 records through the Teltonika encoding and the server's decoder, and the scoring
// of stored activities and the engine's infringements against the simulator's truth.
import {
  EU_561_2006,
  IO_TABLES,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  infringementsIn,
  mapAvlRecord,
  type ActivityInterval,
  type DriverActivityKind,
  type DrivingRule,
  type Infringement,
  type Position,
} from '@rumbo/telematics';
import {
  HARSH_DUTY_NOISE,
  cardTruth,
  dutyTruckRecords,
  observedTruth,
  planDutyFleet,
  toAvlRecord,
  type DutyFleet,
  type TruthActivity,
} from '@rumbo/simulator';

export const DAY_MS = 86_400_000;
/** Monday 3 March 2025, 00:00 UTC (tachographs count days and weeks in UTC). */
export const START_MS = Date.UTC(2025, 2, 3);

export interface AccuracyMonth {
  fleet: DutyFleet;
  startMs: number;
  endMs: number;
  /** Each truck's positions as the server decodes them, by truck index. */
  positions: Position[][];
  /** Each card's truth as Rumbo can know it (silent devices are unknown). */
  truth: Map<string, TruthActivity[]>;
  records: number;
}

/** Records as a server decodes them: FMB640 Codec 8E frames of 50 through the decoder. */
function decode(records: Parameters<typeof toAvlRecord>[0][], imei: string): Position[] {
  const out: Position[] = [];
  for (let i = 0; i < records.length; i += 50) {
    const message = decodeTeltonikaTcp(
      encodeCodec8eFrame(records.slice(i, i + 50).map(toAvlRecord)),
    );
    if (message.kind !== 'avl') throw new Error(`expected an AVL packet, got ${message.kind}`);
    for (const raw of message.records) out.push(mapAvlRecord(raw, IO_TABLES.fmb640, imei));
  }
  return out;
}

/**
 * A harsh month: `drivers` drivers (three crews), 30 % of single drivers pushing on, 5 % of daily
 * rests begun with the card out, drivers in pool trucks now and then; devices that lose 5 % of
 * change records and fall silent (10 min – 3 h) every other day; a record every 2 min moving.
 */
export function accuracyMonth(drivers: number, days: number): AccuracyMonth {
  const startMs = START_MS;
  const endMs = startMs + days * DAY_MS;
  const seed = 'driving-times-accuracy';
  const fleet = planDutyFleet({
    seed,
    drivers,
    crews: 3,
    lateShare: 0.3,
    startMs,
    endMs,
    poolTrucks: 3,
    poolShare: 0.05,
    cardOutShare: 0.05,
  });
  const positions: Position[][] = [];
  const blind = new Map<number, { startMs: number; endMs: number }[]>();
  let records = 0;
  for (const truck of fleet.trucks) {
    const r = dutyTruckRecords(truck, {
      seed,
      startMs,
      endMs,
      noise: HARSH_DUTY_NOISE,
      cadence: { movingS: 120, onS: 600, offS: 1800 },
    });
    records += r.records.length;
    blind.set(truck.index, r.blindSpans);
    positions.push(decode(r.records, imeiOf(truck.index)));
  }
  const truth = new Map<string, TruthActivity[]>();
  for (const d of fleet.drivers) {
    const raw = cardTruth(fleet, d.card, startMs, endMs);
    truth.set(
      d.card,
      observedTruth(raw, (v) => blind.get(v) ?? []),
    );
  }
  return { fleet, startMs, endMs, positions, truth, records };
}

export const imeiOf = (truck: number): string => `35926${String(truck).padStart(10, '0')}`;

/** A stored interval. */
export interface StoredActivity {
  card: string;
  kind: DriverActivityKind;
  startMs: number;
  /** null: still open (ends at the end of the month). */
  endMs: number | null;
}

/** A card's timeline over [fromMs, toMs), gaps filled with `unknown`, overlaps cut. */
export function timeline(
  list: readonly { kind: DriverActivityKind; startMs: number; endMs: number | null }[],
  fromMs: number,
  toMs: number,
): ActivityInterval[] {
  const sorted = [...list].sort((a, b) => a.startMs - b.startMs);
  const out: ActivityInterval[] = [];
  let atMs = fromMs;
  sorted.forEach((a, i) => {
    const next = sorted[i + 1]?.startMs ?? toMs;
    const startMs = Math.max(atMs, a.startMs, fromMs);
    const endMs = Math.min(a.endMs ?? toMs, next, toMs);
    if (endMs <= startMs) return;
    if (startMs > atMs) out.push({ kind: 'unknown', startMs: atMs, endMs: startMs });
    const last = out.at(-1);
    if (last && last.kind === a.kind && last.endMs === startMs) last.endMs = endMs;
    else out.push({ kind: a.kind, startMs, endMs });
    atMs = endMs;
  });
  if (atMs < toMs) out.push({ kind: 'unknown', startMs: atMs, endMs: toMs });
  return out;
}

/** Per day: the time the stored timeline says another activity than the truth, and the day's truth. */
export interface DayError {
  mismatchMs: number[];
  /** Per card: mismatch per day. */
  worstCardMs: number[];
  truthMs: Record<DriverActivityKind, number>[];
}

/** Adds a card's mismatch per day (both timelines cover the same span, sorted, no holes). */
export function mismatchPerDay(
  truth: readonly ActivityInterval[],
  stored: readonly ActivityInterval[],
  fromMs: number,
  days: number,
): number[] {
  const perDay = new Array<number>(days).fill(0);
  let i = 0;
  let j = 0;
  while (i < truth.length && j < stored.length) {
    const a = truth[i]!;
    const b = stored[j]!;
    const s = Math.max(a.startMs, b.startMs);
    const e = Math.min(a.endMs, b.endMs);
    if (e > s && a.kind !== b.kind) {
      for (let t = s; t < e;) {
        const day = Math.floor((t - fromMs) / DAY_MS);
        const dayEnd = fromMs + (day + 1) * DAY_MS;
        const upTo = Math.min(e, dayEnd);
        perDay[day] = (perDay[day] ?? 0) + upTo - t;
        t = upTo;
      }
    }
    if (a.endMs <= b.endMs) i++;
    else j++;
  }
  return perDay;
}

/** Precision and recall counts of one rule. */
export interface RuleScore {
  truth: number;
  detected: number;
  found: number;
  matched: number;
}

/** The engine's infringements over the month for a card's timeline. */
export const infringementsOf = (
  activities: readonly ActivityInterval[],
  fromMs: number,
  toMs: number,
): Infringement[] => infringementsIn(activities, EU_561_2006, fromMs, toMs);

/** Two infringements are the same when of the same rule and their spans overlap (or touch). */
const same = (a: Infringement, b: Infringement): boolean =>
  a.rule === b.rule && a.startMs <= b.endMs && b.startMs <= a.endMs;

/** Adds one card's matches to the per-rule scores (one to one, greedy in time order). */
export function scoreInfringements(
  truth: readonly Infringement[],
  detected: readonly Infringement[],
  scores: Map<DrivingRule, RuleScore>,
): void {
  const score = (rule: DrivingRule): RuleScore => {
    let s = scores.get(rule);
    if (!s) scores.set(rule, (s = { truth: 0, detected: 0, found: 0, matched: 0 }));
    return s;
  };
  const used = new Set<Infringement>();
  for (const t of truth) {
    score(t.rule).truth++;
    const hit = detected.find((d) => !used.has(d) && same(t, d));
    if (hit) {
      used.add(hit);
      score(t.rule).found++;
    }
  }
  for (const d of detected) {
    score(d.rule).detected++;
    if (truth.some((t) => same(t, d))) score(d.rule).matched++;
  }
}
