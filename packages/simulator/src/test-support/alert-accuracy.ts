// Scoring of detected alert events against a simulated truck's ground truth: precision and
// recall with the tolerance the tracker's record cadence imposes (a fact within `toleranceMs` of
// a rule's threshold cannot be told from the records, so it counts neither way).

import {
  IO_TABLES,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  initialDeviceState,
  mapAvlRecord,
  step,
  type EventFact,
  type Position,
  type VehicleContext,
} from '@rumbo/telematics';
import type { Random } from '../random.js';
import type { SimRecord } from '../sim-record.js';
import { toAvlRecord } from '../teltonika-encoding.js';

/** Records as a server stores them: through the FMB640 encoding and the server's decoder. */
export function throughTeltonika(records: readonly SimRecord[], imei: string): Position[] {
  const out: Position[] = [];
  for (let i = 0; i < records.length; i += 50) {
    const frame = encodeCodec8eFrame(records.slice(i, i + 50).map(toAvlRecord));
    const message = decodeTeltonikaTcp(frame);
    if (message.kind !== 'avl') throw new Error(`expected an AVL packet, got ${message.kind}`);
    for (const raw of message.records) out.push(mapAvlRecord(raw, IO_TABLES.fmb640, imei));
  }
  return out;
}

/** Every event the default detector chain raises for these records. */
export function detectEvents(positions: readonly Position[], context: VehicleContext): EventFact[] {
  let state = initialDeviceState();
  const events: EventFact[] = [];
  for (const p of positions) {
    const result = step(state, p, undefined, { context });
    state = result.state;
    for (const f of result.facts) if (f.type === 'event') events.push(f);
  }
  return events;
}

/** One truth fact as scored: its span, and whether the rule should raise it. */
export interface ScoredTruth {
  startMs: number;
  endMs: number;
  /** true: must be detected; false: must not; undefined: within the tolerance, either is right. */
  isPositive: boolean | undefined;
}

/** Counts of one row of the table. */
export interface Score {
  truePositives: number;
  positives: number;
  matchedDetections: number;
  detections: number;
  undecidable: number;
}

/**
 * Whether a truth measure is over a threshold when the records may show it up to `shorterMs`
 * shorter or `longerMs` longer than it was: undefined when they may fall on either side.
 */
export function judge(
  measureMs: number,
  thresholdMs: number,
  shorterMs: number,
  longerMs = shorterMs,
): boolean | undefined {
  if (measureMs - shorterMs >= thresholdMs) return true;
  if (measureMs + longerMs < thresholdMs) return false;
  return undefined;
}

/**
 * Matches detections (their start time) with truths: a detection matches a truth whose span,
 * widened by `slackMs`, holds its start. Recall counts positives matched; precision counts
 * detections that matched a positive or an undecidable truth.
 */
export function score(
  truths: readonly ScoredTruth[],
  detectionsMs: readonly number[],
  slackMs: number,
): Score {
  const matchedTruth = new Set<number>();
  let matchedDetections = 0;
  for (const t of detectionsMs) {
    const i = truths.findIndex(
      (f) => f.isPositive !== false && t >= f.startMs - slackMs && t <= f.endMs + slackMs,
    );
    if (i >= 0) {
      matchedDetections++;
      matchedTruth.add(i);
    }
  }
  let truePositives = 0;
  for (const i of matchedTruth) if (truths[i]!.isPositive === true) truePositives++;
  return {
    truePositives,
    positives: truths.filter((f) => f.isPositive === true).length,
    matchedDetections,
    detections: detectionsMs.length,
    undecidable: truths.filter((f) => f.isPositive === undefined).length,
  };
}

/** Adds two scores. */
export function addScores(a: Score, b: Score): Score {
  return {
    truePositives: a.truePositives + b.truePositives,
    positives: a.positives + b.positives,
    matchedDetections: a.matchedDetections + b.matchedDetections,
    detections: a.detections + b.detections,
    undecidable: a.undecidable + b.undecidable,
  };
}

/** An empty score. */
export const NO_SCORE: Score = {
  truePositives: 0,
  positives: 0,
  matchedDetections: 0,
  detections: 0,
  undecidable: 0,
};

/** Recall and precision of a score, 0–1 (1 when there is nothing to find or nothing found). */
export function rates(s: Score): { recall: number; precision: number } {
  return {
    recall: s.positives === 0 ? 1 : s.truePositives / s.positives,
    precision: s.detections === 0 ? 1 : s.matchedDetections / s.detections,
  };
}

/** The printed table. */
export function formatTable(rows: readonly [string, Score][]): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`.padStart(8);
  const lines = [
    'rule                      truth  undecid.  raised   recall  precision',
    ...rows.map(([name, s]) => {
      const r = rates(s);
      return `${name.padEnd(24)} ${String(s.positives).padStart(6)} ${String(s.undecidable).padStart(9)} ${String(s.detections).padStart(7)} ${pct(r.recall)} ${pct(r.precision)}`;
    }),
  ];
  return lines.join('\n');
}

function gaussian(random: Random): number {
  const u = Math.max(1e-12, random.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** GNSS noise on every position: σ 4 m per axis, 2 % of fixes off by up to 25 m. */
export function withGnssNoise(positions: readonly Position[], random: Random): Position[] {
  const mLat = 111_195;
  return positions.map((p) => {
    const outlier = random.next() < 0.02;
    const sx = outlier ? (random.next() - 0.5) * 50 : gaussian(random) * 4;
    const sy = outlier ? (random.next() - 0.5) * 50 : gaussian(random) * 4;
    const kx = mLat * Math.cos((p.lat * Math.PI) / 180);
    return { ...p, lat: p.lat + sy / mLat, lng: p.lng + sx / kx };
  });
}
