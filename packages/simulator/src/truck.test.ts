import { describe, expect, it } from 'vitest';
import type { SimRecord } from './sim-record.js';
import { describeVehicle } from './catalog.js';
import { MONDAY_MS, makeTruck } from './test-support/trucks.js';
import { styleOf } from './truck-profile.js';
import { TruckPlan } from './truck-plan.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function isIncreasing(values: number[]): boolean {
  return values.every((v, i) => i === 0 || v > (values[i - 1] ?? -Infinity));
}

function isNonDecreasing(values: number[]): boolean {
  return values.every((v, i) => i === 0 || v >= (values[i - 1] ?? -Infinity));
}

/** What is implausible about a record (empty when nothing is). */
function implausibilities(r: SimRecord): string[] {
  const out: string[] = [];
  const check = (ok: boolean, what: string): void => void (ok || out.push(what));
  const within = (v: number, min: number, max: number): boolean => v >= min && v <= max;
  check(within(r.speedKmh, 0, 130), `speed ${r.speedKmh}`);
  check(within(r.fuelLevelPct, 0, 100), `fuel level ${r.fuelLevelPct}`);
  check(within(r.ureaLevelPct, 0, 100), `urea level ${r.ureaLevelPct}`);
  check(within(r.torquePct, 0, 100) && within(r.pedalPct, 0, 100), 'torque or pedal');
  check(within(r.satellites, 8, 14), `satellites ${r.satellites}`);
  check(within(r.headingDeg, 0, 359), `heading ${r.headingDeg}`);
  check(within(r.lat, -35.5, -31) && within(r.lng, -64.5, -58), 'outside the region');
  if (!r.ignition) {
    check(r.speedKmh === 0 && r.rpm === 0 && r.driverCode === undefined, 'engine off but running');
  } else {
    // A driver without a card drives a leg now and then (truck-events.ts).
    if (r.driverCode !== undefined) check(/^ARG\d{13}$/.test(r.driverCode), 'a malformed card');
    if (r.speedKmh === 0) check(within(r.rpm, 585, 615), `idle rpm ${r.rpm}`);
    else check(within(r.rpm, 900, 2100), `driving rpm ${r.rpm}`);
  }
  if (r.cruise) check(r.pedalPct === 0 && r.speedKmh > 60, 'cruise control with pedal or slow');
  return out;
}

describe('a simulated truck', () => {
  it('produces the same records and ground truth from the same seed', () => {
    const a = makeTruck(3, { seed: 'same' });
    const b = makeTruck(3, { seed: 'same' });
    const records = a.tick(16 * HOUR_MS);
    expect(b.tick(16 * HOUR_MS)).toEqual(records);
    expect(b.groundTruth()).toEqual(a.groundTruth());
    const other = makeTruck(3, { seed: 'other' }).tick(16 * HOUR_MS);
    expect(other.map((r) => [r.fixTimeMs, r.lat, r.lng])).not.toEqual(
      records.map((r) => [r.fixTimeMs, r.lat, r.lng]),
    );
  });

  it('produces the same records whether ticked second by second or in one go', () => {
    const stepped = makeTruck(0);
    const bySecond: SimRecord[] = [];
    for (let t = 0; t < 12 * HOUR_MS; t += 1000) bySecond.push(...stepped.tick(1000));
    expect(makeTruck(0).tick(12 * HOUR_MS)).toEqual(bySecond);
  });

  it('keeps every signal plausible over two days', () => {
    for (const index of [0, 1, 2]) {
      const records = makeTruck(index).tick(2 * DAY_MS);
      expect(records.length).toBeGreaterThan(2000);
      expect(isIncreasing(records.map((r) => r.fixTimeMs))).toBe(true);
      expect(isNonDecreasing(records.map((r) => r.odometerM))).toBe(true);
      expect(isNonDecreasing(records.map((r) => r.fuelUsedL))).toBe(true);
      expect(isNonDecreasing(records.map((r) => r.engineHours))).toBe(true);
      const problems = records.flatMap((r) =>
        implausibilities(r).map((p) => `${r.fixTimeMs}: ${p}`),
      );
      expect(problems).toEqual([]);
      // A smooth driver cruises in the rpm green band; an aggressive one revs above it (one gear
      // down, issue 22); the others' shift points vary from driver to driver.
      const highway = records.filter((r) => r.speedKmh >= 82 && r.speedKmh <= 88);
      const highwayMax = Math.max(...highway.map((r) => r.rpm));
      if (styleOf(index) === 'aggressive') expect(highwayMax).toBeGreaterThan(1500);
      if (styleOf(index) === 'smooth') expect(highwayMax).toBeLessThan(1500);
    }
  });

  it('takes a record every 10 s moving, every minute idling and every 5 min parked', () => {
    const records = makeTruck(4).tick(2 * DAY_MS);
    const gaps = { moving: [] as number[], idling: [] as number[], parked: [] as number[] };
    for (let i = 1; i < records.length; i++) {
      const [prev, r] = [records[i - 1] as SimRecord, records[i] as SimRecord];
      if (r.eventIoId !== 0 || prev.ignition !== r.ignition) continue;
      const dt = r.fixTimeMs - prev.fixTimeMs;
      if (prev.speedKmh > 0 && r.speedKmh > 0) gaps.moving.push(dt);
      else if (prev.idling && r.idling) gaps.idling.push(dt);
      else if (!prev.ignition && !r.ignition) gaps.parked.push(dt);
    }
    expect(Math.max(...gaps.moving)).toBe(10_000);
    expect(gaps.moving.filter((dt) => dt < 10_000).length).toBeGreaterThan(0); // heading turns
    expect(new Set(gaps.idling)).toEqual(new Set([60_000]));
    expect(new Set(gaps.parked)).toEqual(new Set([300_000]));
  });

  it('burns 30–35 L/100 km driving (a rigid truck 24–29) and about 2 to 2.5 L/h idling', () => {
    for (const index of [0, 1, 2, 4]) {
      const truck = makeTruck(index);
      truck.tick(2 * DAY_MS);
      const truth = truck.groundTruth();
      const km = truth.trips.reduce((sum, t) => sum + t.distanceM, 0) / 1000;
      const litres = truth.trips.reduce((sum, t) => sum + t.fuelUsedL, 0);
      const rigid = describeVehicle(index, { seed: 42 }).kind === 'rigid';
      expect((100 * litres) / km).toBeGreaterThan(rigid ? 24 : 30);
      expect((100 * litres) / km).toBeLessThan(rigid ? 29 : 36);
      const idleH = truth.idlePeriods.reduce((sum, i) => sum + i.durationMs, 0) / HOUR_MS;
      const idleL = truth.idlePeriods.reduce((sum, i) => sum + i.fuelUsedL, 0);
      expect(idleL / idleH).toBeCloseTo(rigid ? 2 : 2.5, 0);
    }
  });

  it('shows trips, dock idling, speeding, harsh brakes, refuels and AdBlue top-ups in a long day of a fleet', () => {
    const trucks = Array.from({ length: 12 }, (_, i) => makeTruck(i, { seed: 'long-day' }));
    const records = trucks.map((t) => t.tick(30 * HOUR_MS));
    const truths = trucks.map((t) => t.groundTruth());
    const trips = truths.flatMap((t) => t.trips);
    const idlePeriods = truths.flatMap((t) => t.idlePeriods);
    const speedingEpisodes = truths.flatMap((t) => t.speedingEpisodes);

    expect(trips.length).toBeGreaterThan(24);
    for (const trip of trips) expect(trip.distanceM).toBeGreaterThan(40_000);

    const dockIdles = idlePeriods.filter((i) => i.kind === 'dock');
    expect(dockIdles.length).toBeGreaterThan(10);
    // 3–15 min; the idler (one truck in ten, issue 13) idles three times as long, 15–45 min.
    trucks.forEach((truck, i) => {
      const maxMin = truck.identity.style === 'idler' ? 45 : 15;
      for (const idle of truths[i]!.idlePeriods.filter((p) => p.kind === 'dock')) {
        expect(idle.durationMs).toBeGreaterThanOrEqual(3 * MINUTE_MS - 1000);
        expect(idle.durationMs).toBeLessThanOrEqual(maxMin * MINUTE_MS + 1000);
      }
    });

    expect(speedingEpisodes.length).toBeGreaterThan(5);
    for (const s of speedingEpisodes) {
      expect(s.maxSpeedKmh).toBeGreaterThan(90);
      expect(s.durationMs).toBeGreaterThanOrEqual(15_000);
      expect(s.durationMs).toBeLessThanOrEqual(70_000);
    }

    expect(truths.flatMap((t) => t.refuels).length).toBeGreaterThan(0);
    expect(truths.flatMap((t) => t.adBlueTopUps).length).toBeGreaterThan(0);
    truths.forEach((truth, i) => {
      const recs = records[i] ?? [];
      for (const refuel of truth.refuels) {
        const before = recs.filter((r) => r.fixTimeMs < refuel.timeMs).at(-1);
        const after = recs.find((r) => r.fixTimeMs >= refuel.timeMs);
        expect(after!.fuelLevelPct - before!.fuelLevelPct).toBeGreaterThanOrEqual(29);
        expect([before!.ignition, after!.ignition]).toEqual([false, false]);
      }
      for (const harsh of truth.harshBrakes) {
        const event = recs.find((r) => r.fixTimeMs === harsh.timeMs);
        expect(event).toMatchObject({ eventIoId: 253, harshEvent: 'brake' });
        expect(harsh.decelerationMps2).toBeGreaterThanOrEqual(2.7);
      }
    });
    expect(truths.flatMap((t) => t.harshBrakes).length).toBeGreaterThan(0);
  });

  it('keeps the records taken without coverage and sends them after it returns, oldest first', () => {
    const truck = makeTruck(0, { rates: { coverageLoss: 1 / 1200 } });
    const released: { atMs: number; record: SimRecord }[] = [];
    for (let t = 0; t < 16 * HOUR_MS; t += MINUTE_MS) {
      for (const record of truck.tick(MINUTE_MS)) released.push({ atMs: truck.timeMs, record });
    }
    const gaps = truck.groundTruth().coverageGaps;
    expect(gaps.length).toBeGreaterThan(1);
    for (const gap of gaps) {
      expect(gap.endMs - gap.startMs).toBeGreaterThanOrEqual(5 * MINUTE_MS - 1000);
      expect(gap.endMs - gap.startMs).toBeLessThanOrEqual(30 * MINUTE_MS + 1000);
      const late = released.filter(
        (r) => r.record.fixTimeMs >= gap.startMs && r.record.fixTimeMs < gap.endMs,
      );
      expect(late.length).toBe(gap.bufferedRecords);
      expect(late.length).toBeGreaterThan(0);
      // Held back until coverage returned, then sent in one go, oldest first.
      for (const r of late) expect(r.atMs).toBeGreaterThanOrEqual(gap.endMs);
      expect(isIncreasing(late.map((r) => r.record.fixTimeMs))).toBe(true);
      expect(late.some((r) => r.record.speedKmh > 0)).toBe(true);
      expect(late.every((r) => r.record.gsmSignal === 0)).toBe(true);
    }
    expect(isIncreasing(released.map((r) => r.record.fixTimeMs))).toBe(true);
  });

  it('starts parked and leaves within the driver shift', () => {
    const truck = makeTruck(0, { startMs: MONDAY_MS });
    const [first] = truck.tick(1000);
    expect(first).toMatchObject({ fixTimeMs: MONDAY_MS, ignition: false, speedKmh: 0 });
    truck.tick(DAY_MS);
    const firstTrip = truck.groundTruth().trips[0];
    const localHour = ((firstTrip!.startMs - MONDAY_MS) / HOUR_MS) % 24;
    expect(localHour).toBeGreaterThanOrEqual(5);
    expect(localHour).toBeLessThan(9);
  });

  it('is the same truck whether created at an instant or driven there from its start', () => {
    const rates = { coverageLoss: 1 / 1800 };
    for (const index of [0, 1, 5, 9]) {
      const driven = makeTruck(index, { rates });
      for (const hours of [7, 30, 55.5]) {
        const atMs = MONDAY_MS + hours * HOUR_MS;
        driven.advanceTo(atMs);
        const placed = makeTruck(index, { rates, atMs });
        expect(placed.timeMs).toBe(atMs);
        expect(placed.status()).toEqual(driven.status());
        // Whatever it sends from then on, records held without coverage included.
        const next = atMs + 9 * HOUR_MS;
        expect(placed.advanceTo(next)).toEqual(driven.advanceTo(next));
        expect(placed.status()).toEqual(driven.status());
      }
    }
  });

  it('is placed at an instant in milliseconds, a week after its start included', () => {
    const started = performance.now();
    for (let index = 0; index < 50; index++) makeTruck(index, { atMs: MONDAY_MS + 7 * DAY_MS });
    // One leg simulated per truck, not a week: 50 trucks within about a second on a quiet machine
    // (a week each would take minutes); the bound leaves room for a loaded one (two test files at
    // a time, decision 0047).
    expect(performance.now() - started).toBeLessThan(6000);
  });

  it('arrives within the time its plan gives each leg, so the schedule holds', () => {
    for (let index = 0; index < 12; index++) {
      const truck = makeTruck(index, { seed: 'budget' });
      truck.tick(5 * DAY_MS);
      const plan = new TruckPlan(truck.identity, truck.traits, `budget/truck/${index}`, MONDAY_MS);
      const trips = truck.groundTruth().trips;
      expect(trips.length).toBeGreaterThan(5);
      for (const trip of trips) {
        const leg = plan.legAt(trip.startMs)!;
        expect(trip.endMs).toBeLessThanOrEqual(leg.startMs + leg.warmUpMs + leg.driveBudgetMs);
      }
    }
  }, 20_000);

  it('keeps its counters still while parked, from one leg to the next', () => {
    const truck = makeTruck(2);
    const records = truck.tick(4 * DAY_MS);
    // The level falls while parked only when fuel is stolen (issue 14).
    const thefts = truck.groundTruth().fuelThefts;
    const isStolen = (ms: number) => thefts.some((t) => ms > t.startMs && ms <= t.endMs + 300_000);
    let parkedPairs = 0;
    for (let i = 1; i < records.length; i++) {
      const [prev, r] = [records[i - 1]!, records[i]!];
      if (prev.ignition || r.ignition) continue;
      parkedPairs += 1;
      expect([r.odometerM, r.fuelUsedL, r.engineHours]).toEqual([
        prev.odometerM,
        prev.fuelUsedL,
        prev.engineHours,
      ]);
      if (r.fuelLevelPct !== prev.fuelLevelPct && !isStolen(r.fixTimeMs))
        expect(r.fuelLevelPct).toBeGreaterThan(prev.fuelLevelPct);
    }
    expect(parkedPairs).toBeGreaterThan(200);
  });
});
