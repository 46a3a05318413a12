// The demo's drivers (issue 26): at the first start's present, three drivers near a limit and,
// over the last week, infringements by the two who push on and by nobody else (the rule engine's
// verdict on the simulator's plan, as the driving-times screens would show it).
import { EU_561_2006, drivingTimesAt, infringementsIn } from '@rumbo/telematics';
import { cardTruth } from '@rumbo/simulator';
import { describe, expect, it } from 'vitest';
import { DEMO_LATE_DRIVERS, demoDutyFleet, demoNearLimit } from './demo-duty.js';

const DAY = 86_400_000;
const HISTORY_DAYS = 14;

describe.each([Date.UTC(2026, 10, 28, 1, 7), Date.UTC(2026, 5, 3, 14, 40), Date.UTC(2027, 0, 11)])(
  'the demo drivers started %i',
  (nowMs) => {
    const startMs = nowMs - HISTORY_DAYS * DAY;
    const fleet = demoDutyFleet('rumbo-demo', 50, startMs, nowMs);
    const activities = (driver: number) =>
      cardTruth(fleet, fleet.drivers[driver]!.card, startMs, nowMs).map((a) => ({
        kind: a.kind,
        startMs: a.startMs,
        endMs: a.endMs,
      }));

    it('puts three drivers near a limit now', () => {
      const near = demoNearLimit('rumbo-demo', 50, startMs, nowMs);
      expect(near.map((n) => n.limit)).toEqual(['break', 'break', 'day']);
      expect(new Set(near.map((n) => n.driver)).size).toBe(3);
      for (const n of near) {
        const status = drivingTimesAt(activities(n.driver), EU_561_2006, nowMs);
        expect(status.activity).toBe('drive');
        const leftS = n.limit === 'break' ? status.leftBeforeBreakS : status.leftTodayS;
        expect(Math.abs(leftS - n.leftMin * 60), `driver ${n.driver}`).toBeLessThan(60);
        expect(n.leftMin).toBeLessThanOrEqual(60);
      }
    });

    it('has infringements in the last week by the two who push on, and nobody else', () => {
      const offenders = new Set<number>();
      fleet.drivers.forEach((_, i) => {
        if (infringementsIn(activities(i), EU_561_2006, nowMs - 7 * DAY, nowMs).length > 0) {
          offenders.add(i);
        }
      });
      expect([...offenders].sort((a, b) => a - b)).toEqual([...DEMO_LATE_DRIVERS]);
    });

    it('has two crews and every other driver in a truck of their own', () => {
      const crewTruck = fleet.trucks[0]!.stints;
      expect(new Set(crewTruck.map((s) => s.card)).size).toBe(2);
      expect(fleet.trucks).toHaveLength(50);
      expect(new Set(fleet.trucks[10]!.stints.map((s) => s.card))).toEqual(
        new Set([fleet.drivers[12]!.card]),
      );
    });
  },
);
