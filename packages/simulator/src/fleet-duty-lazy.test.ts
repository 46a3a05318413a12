// The drivers' plan made as time passes (`fleetDuty`, decision 0048): whatever instants it is
// asked for and in whatever steps, its stints, its drivers' activities and the records a fleet
// sends with it are those of the plan made all at once over 30 days, for a crew, a driver who
// pushes on, drivers who keep the rules and a driver placed as the demo places one.
import { describe, expect, it } from 'vitest';
import { cardTruth, type CardStint, type DutyFleet } from './duty-fleet.js';
import { createFleet, DUTY_PLAN_AHEAD_MS, fleetDuty, fleetTruckPlan } from './fleet.js';
import { Random } from './random.js';
import type { SimRecord } from './sim-record.js';
import { legDutySegments, type TruckDutyOptions } from './truck-duty.js';

const DAY = 86_400_000;
const START = Date.UTC(2026, 4, 6, 2, 30);
const END = START + 30 * DAY;
const dutyOf = (i: number): TruckDutyOptions =>
  i === 5
    ? { shiftHours: [20, 35], averageKmh: 67, extendedAtMs: START + 12 * DAY }
    : { crew: i === 0, pushesOn: i === 1 };
const options = { vehicles: 6, seed: 'lazy-duty', startMs: START, osmandEvery: 0, duty: dutyOf };

/** The stints of every truck over [START, END), each leg's activities walked all at once. */
function eagerStints(): CardStint[][] {
  const lazy = fleetDuty(options);
  return lazy.trucks.map((t) => {
    const duty = dutyOf(t.index);
    const cards = lazy.drivers.filter((_, d) => lazy.homeTruckOf[d] === t.index);
    const plan = fleetTruckPlan(options, t.index, duty);
    const out: CardStint[] = [];
    for (let k = 0; plan.leg(k).startMs < END; k++) {
      for (const s of legDutySegments(plan.leg(k), duty.crew === true, START)) {
        const [startMs, endMs] = [Math.max(s.startMs, START), Math.min(s.endMs, END)];
        if (endMs > startMs) out.push({ card: cards[s.driver]!.card, ...s, startMs, endMs });
      }
    }
    return out
      .map(({ card, slot, kind, startMs, endMs }) => ({ card, slot, kind, startMs, endMs }))
      .sort((a, b) => a.startMs - b.startMs || a.slot - b.slot);
  });
}

/** A fleet's stints cut at END. */
const cut = (fleet: DutyFleet): CardStint[][] =>
  fleet.trucks.map((t) =>
    t.stints.filter((s) => s.startMs < END).map((s) => ({ ...s, endMs: Math.min(s.endMs, END) })),
  );

function historyOf(tachograph: DutyFleet, index: number, fromMs: number, toMs: number) {
  const fleet = createFleet({ ...options, tachograph });
  const records: SimRecord[] = [];
  for (const chunk of fleet.history(index, { fromMs, toMs })) records.push(...chunk.records);
  return records;
}

describe('the drivers planned as time passes', () => {
  const eager = eagerStints();

  it('plan nothing until asked, then a week past the instant asked', () => {
    const lazy = fleetDuty(options);
    expect(lazy.trucks.every((t) => t.stints.length === 0)).toBe(true);
    expect(lazy.drivers).toHaveLength(7);
    lazy.trucks[2]!.planTo!(START + 3 * DAY);
    const last = lazy.trucks[2]!.stints.at(-1)!;
    expect(last.endMs).toBeGreaterThanOrEqual(START + 3 * DAY + DUTY_PLAN_AHEAD_MS);
    expect(last.endMs).toBeLessThan(START + 3 * DAY + DUTY_PLAN_AHEAD_MS + 3 * DAY);
    expect(lazy.trucks[3]!.stints).toHaveLength(0);
  });

  it('give the stints of the plan made at once, asked in any steps', () => {
    const rng = new Random('lazy-steps');
    for (const stepH of [1, 30, 200]) {
      const lazy = fleetDuty(options);
      for (let atMs = START; atMs < END; atMs += rng.range(0.1, 2) * stepH * 3_600_000) {
        for (const t of lazy.trucks) t.planTo!(atMs);
      }
      for (const t of lazy.trucks) t.planTo!(END);
      expect(cut(lazy)).toEqual(eager);
    }
    // Planned far at once (the old plan's 90 days ahead) is the same too.
    expect(cut(fleetDuty(options, END + 60 * DAY))).toEqual(eager);
  });

  it('give each card the same activities as the plan made at once', () => {
    const lazy = fleetDuty(options);
    const atOnce = fleetDuty(options, END + 60 * DAY);
    for (const d of atOnce.drivers) {
      for (const [fromMs, toMs] of [
        [START, START + 2 * DAY],
        [START + 9 * DAY, START + 16 * DAY],
        [START, END],
      ] as const) {
        expect(cardTruth(lazy, d.card, fromMs, toMs)).toEqual(
          cardTruth(atOnce, d.card, fromMs, toMs),
        );
      }
    }
    expect(lazy.drivers.map((d) => d.segments.filter((s) => s.endMs <= END))).toEqual(
      atOnce.drivers.map((d) => d.segments.filter((s) => s.endMs <= END)),
    );
  });

  it('send the same records as with the plan made at once', { timeout: 120_000 }, () => {
    const atOnce = fleetDuty(options, END);
    for (const index of [0, 1, 5]) {
      for (const [fromMs, toMs] of [
        [START, START + DAY],
        // Across the end of the first week planned when asked at day 12.
        [START + 12 * DAY, START + 21 * DAY],
      ] as const) {
        const lazy = historyOf(fleetDuty(options), index, fromMs, toMs);
        expect(lazy.length).toBeGreaterThan(500);
        expect(lazy.filter((r) => r.eventIoId === 184).length).toBeGreaterThan(10);
        expect(lazy).toEqual(historyOf(atOnce, index, fromMs, toMs));
      }
    }
  });
});
