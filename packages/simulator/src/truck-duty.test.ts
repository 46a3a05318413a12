// Trucks planned with their drivers' day (truck-duty.ts, decision 0048): the truck moves exactly
// while the driving card says `drive`, compliant drivers keep the rules, a driver who pushes on
// does not, a crew takes turns, and the legs are the same whichever instant a truck starts from.
import { EU_561_2006, infringementsIn } from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { cardTruth } from './duty-fleet.js';
import { dutyMotionAgreement } from './duty-motion.js';
import { createFleet, fleetDuty, fleetTruckPlan } from './fleet.js';
import type { SimRecord } from './sim-record.js';
import type { TruckDutyOptions } from './truck-duty.js';

const DAY = 86_400_000;
const SEED = 'duty-test';
const START = Date.UTC(2026, 2, 2, 3);
const DAYS = 21;
// Truck 0 a crew, truck 1 pushes on, trucks 2–5 keep the rules (no OsmAnd truck).
const dutyOf = (i: number): TruckDutyOptions => ({ crew: i === 0, pushesOn: i === 1 });
const options = { vehicles: 6, seed: SEED, startMs: START, osmandEvery: 0, duty: dutyOf };

describe('trucks planned with their drivers’ day', () => {
  const fleet = fleetDuty(options, START + DAYS * DAY);

  it('infringe only when the driver pushes on', () => {
    const offenders = fleet.drivers.map(
      (d) =>
        infringementsIn(
          cardTruth(fleet, d.card, START, START + DAYS * DAY).map((a) => ({
            kind: a.kind,
            startMs: a.startMs,
            endMs: a.endMs,
          })),
          EU_561_2006,
          START + 7 * DAY,
          START + DAYS * DAY,
        ).length,
    );
    // Drivers 0 and 1: the crew; driver 2 pushes on.
    expect(offenders.map((n) => n > 0)).toEqual([false, false, true, false, false, false, false]);
  });

  it('seat a crew that takes turns, the other card available in slot 2', () => {
    const stints = fleet.trucks[0]!.stints;
    const drivers = new Set(stints.filter((s) => s.kind === 'drive').map((s) => s.card));
    expect(drivers.size).toBe(2);
    expect(stints.filter((s) => s.slot === 2).every((s) => s.kind !== 'drive')).toBe(true);
    expect(stints.some((s) => s.slot === 2 && s.kind === 'available')).toBe(true);
  });

  it('move exactly while the driving card says drive', () => {
    const sim = createFleet({ ...options, tachograph: fleet });
    for (const index of [0, 1, 3]) {
      const records: SimRecord[] = [];
      for (const chunk of sim.history(index, { fromMs: START + 10 * DAY, toMs: START + 13 * DAY }))
        records.push(...chunk.records);
      const a = dutyMotionAgreement(records);
      expect(a.movingRecords).toBeGreaterThan(1000);
      expect(a.movingNotDrive / a.movingRecords, `truck ${index}`).toBeLessThan(0.01);
      expect(a.driveStandingMs / a.driveMs, `truck ${index}`).toBeLessThan(0.01);
    }
  }, 60_000);

  it('plan the same legs whatever leg is asked first', () => {
    const a = fleetTruckPlan(options, 3, dutyOf(3));
    const b = fleetTruckPlan(options, 3, dutyOf(3));
    const late = b.legAt(START + 12 * DAY)!;
    expect(a.leg(late.index)).toEqual(late);
  });
});
