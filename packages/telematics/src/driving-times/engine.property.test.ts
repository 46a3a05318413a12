import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  EU_561_2006,
  drivingStatusOf,
  drivingTimesAt,
  infringementsIn,
  initialDrivingState,
  normaliseActivities,
  pendingInfringements,
  replayDriving,
  stepDriving,
} from './index.js';
import type { ActivityInterval, DriverActivityKind, Infringement } from './types.js';
import { MONDAY_MS } from './test-helpers.js';

const EU = EU_561_2006;
const MIN_MS = 60_000;
const WEEK_MS = 7 * 86_400_000;

const kindArb = fc.constantFrom<DriverActivityKind>(
  'drive',
  'drive',
  'drive',
  'rest',
  'rest',
  'work',
  'available',
  'unknown',
);
/** Durations from a minute to 15 h, biased toward the rules' edges. */
const minutesArb = fc.oneof(
  fc.integer({ min: 1, max: 900 }),
  fc.constantFrom(15, 30, 44, 45, 180, 270, 271, 540, 600, 660, 1440, 2700),
);

/** A driver's record: contiguous intervals (an `unknown` one left out as a gap half the time). */
const recordArb = fc
  .record({
    offsetMin: fc.integer({ min: 0, max: 7 * 1440 }),
    steps: fc.array(fc.tuple(kindArb, minutesArb, fc.boolean(), fc.nat(9)), {
      minLength: 1,
      maxLength: 80,
    }),
  })
  .map(({ offsetMin, steps }) => {
    const out: ActivityInterval[] = [];
    let t = MONDAY_MS + offsetMin * MIN_MS;
    for (const [kind, minutes, isGap, crew] of steps) {
      const endMs = t + minutes * MIN_MS;
      // A co-driver on a tenth of the intervals (multi-manning days).
      if (!(kind === 'unknown' && isGap))
        out.push(
          crew === 0 ? { kind, startMs: t, endMs, hasCoDriver: true } : { kind, startMs: t, endMs },
        );
      t = endMs;
    }
    return out;
  })
  .filter((list) => list.length > 0);

const endOf = (list: ActivityInterval[]): number => list[list.length - 1]!.endMs;

/** Cuts each interval at the given fractions of its length (whole ms). */
function cut(list: ActivityInterval[], fractions: number[]): ActivityInterval[] {
  const out: ActivityInterval[] = [];
  list.forEach((a, i) => {
    const f = fractions[i % Math.max(1, fractions.length)] ?? 0;
    const at = a.startMs + Math.floor((a.endMs - a.startMs) * f);
    if (at > a.startMs && at < a.endMs) {
      out.push({ ...a, endMs: at }, { ...a, startMs: at });
    } else out.push({ ...a });
  });
  return out;
}

const shifted = (f: Infringement, byMs: number): Infringement => ({
  ...f,
  startMs: f.startMs + byMs,
  endMs: f.endMs + byMs,
  evidence: f.evidence.map((e) => ({ ...e, startMs: e.startMs + byMs, endMs: e.endMs + byMs })),
});

const byTime = (list: Infringement[]): Infringement[] =>
  [...list].sort(
    (a, b) => a.endMs - b.endMs || a.startMs - b.startMs || a.rule.localeCompare(b.rule),
  );

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 150) };

describe('the engine, on random records', () => {
  test('cutting intervals into chunks, in any order, gives the same answers', () => {
    fc.assert(
      fc.property(
        recordArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (record, fractions, rounds, isReversed, probe) => {
          let chunks = record;
          for (let i = 0; i < rounds; i++) chunks = cut(chunks, fractions.slice(i));
          if (isReversed) chunks = [...chunks].reverse();
          const endMs = endOf(record);
          expect(infringementsIn(chunks, EU, -Infinity, Infinity)).toEqual(
            infringementsIn(record, EU, -Infinity, Infinity),
          );
          const atMs = record[0]!.startMs + Math.floor((endMs - record[0]!.startMs) * probe);
          for (const t of [atMs, endMs, endMs + 3 * 3_600_000])
            expect(drivingTimesAt(chunks, EU, t)).toEqual(drivingTimesAt(record, EU, t));
        },
      ),
      RUNS,
    );
  });

  test('overlapping copies of the same intervals change nothing', () => {
    fc.assert(
      fc.property(recordArb, (record) => {
        const doubled = [...record, ...record.filter((_, i) => i % 2 === 0)];
        expect(infringementsIn(doubled, EU, -Infinity, Infinity)).toEqual(
          infringementsIn(record, EU, -Infinity, Infinity),
        );
      }),
      RUNS,
    );
  });

  test('shifting a record by whole weeks shifts its infringements', () => {
    fc.assert(
      fc.property(recordArb, fc.integer({ min: -3, max: 3 }), (record, weeks) => {
        const byMs = weeks * WEEK_MS;
        const moved = record.map((a) => ({
          ...a,
          startMs: a.startMs + byMs,
          endMs: a.endMs + byMs,
        }));
        expect(infringementsIn(moved, EU, -Infinity, Infinity)).toEqual(
          infringementsIn(record, EU, -Infinity, Infinity).map((f) => shifted(f, byMs)),
        );
      }),
      RUNS,
    );
  });

  test('no figure is ever negative', () => {
    fc.assert(
      fc.property(recordArb, fc.double({ min: 0, max: 1.2, noNaN: true }), (record, probe) => {
        const startMs = record[0]!.startMs;
        const status = drivingTimesAt(record, EU, startMs + (endOf(record) - startMs) * probe);
        for (const [key, value] of Object.entries(status))
          if (typeof value === 'number') expect(value, key).toBeGreaterThanOrEqual(0);
        expect(status.leftBeforeBreakS).toBeLessThanOrEqual(EU.continuousDrivingS);
        for (const f of infringementsIn(record, EU, -Infinity, Infinity)) {
          expect(f.excessS).toBeGreaterThan(0);
          expect(f.measuredS).toBeGreaterThanOrEqual(0);
          expect(f.endMs).toBeGreaterThanOrEqual(f.startMs);
        }
      }),
      RUNS,
    );
  });

  test('stepping the fold chunk by chunk reaches the state the replay reaches', () => {
    fc.assert(
      fc.property(
        recordArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true })),
        (record, fractions) => {
          const list = normaliseActivities(record);
          let state = initialDrivingState();
          const stepped: Infringement[] = [];
          for (const a of cut(record, fractions)) {
            const next = stepDriving(state, a, EU);
            state = next.state;
            stepped.push(...next.infringements);
          }
          const replayed = replayDriving(list, EU);
          expect(state).toEqual(replayed.state);
          // A live caller's state answers as the replay does.
          const endMs = endOf(record);
          expect(drivingStatusOf(state, EU, endMs)).toEqual(drivingTimesAt(record, EU, endMs));
          const withPending = [...stepped, ...pendingInfringements(state, EU, endMs)];
          const judged = infringementsIn(record, EU, -Infinity, Infinity);
          const bare = judged.map(({ evidence: _e, unknownS: _u, ...f }) => ({
            ...f,
            evidence: [],
          }));
          expect(byTime(withPending)).toEqual(bare);
          // Within one interval the order of emission may differ; the set may not.
          expect(byTime(stepped)).toEqual(byTime(replayed.infringements));
        },
      ),
      RUNS,
    );
  });
});
