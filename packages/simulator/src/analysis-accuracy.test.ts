// Accuracy of the driving analysis (issue 13) against the simulator's ground truth: a week of 20
// trucks through the FMB640 encoding, the server's decoder and the whole detector chain. Idle
// periods and trips: precision and recall, total durations; idle fuel; and the aggressive driver
// scoring below the smooth one on the same route (domain.md §5, §6).

import {
  addSums,
  evaluate,
  initialDeviceState,
  safetyScore,
  step,
  zeroSums,
  type IdleFact,
  type IndicatorSums,
  type Position,
  type TripFact,
} from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { describeVehicle } from './catalog.js';
import { compileRoutes } from './routes.js';
import {
  NO_SCORE,
  addScores,
  formatTable,
  judge,
  rates,
  score,
  throughTeltonika,
  type Score,
} from './test-support/alert-accuracy.js';
import { MONDAY_MS, makeTruck } from './test-support/trucks.js';
import { Truck } from './truck.js';
import type { DriverStyle } from './truck-profile.js';

const TRUCKS = 20;
const WEEK_MS = 7 * 24 * 3_600_000;
const MOVING_PERIOD_MS = 10_000;
const STANDING_PERIOD_MS = 60_000;

interface Derived {
  idles: IdleFact[];
  trips: TripFact[];
  sums: IndicatorSums;
}

function derive(positions: readonly Position[]): Derived {
  let state = initialDeviceState();
  const out: Derived = { idles: [], trips: [], sums: zeroSums() };
  for (const p of positions) {
    const r = step(state, p);
    state = r.state;
    for (const f of r.facts) {
      if (f.type === 'idle') out.idles.push(f);
      else if (f.type === 'trip') out.trips.push(f);
      else if (f.type === 'indicators') addSums(out.sums, f);
    }
  }
  return out;
}

const routes = new Map(compileRoutes().map((r) => [r.id, r]));

/** Catalogue truck `index` driven by a driver of `style`, everything else the same. */
function truckWithStyle(index: number, style: DriverStyle): Truck {
  const device = describeVehicle(index, { seed: 'styles' });
  return new Truck(
    { ...device, style, route: routes.get(device.routeId)! },
    { seed: `styles/truck/${index}`, startMs: MONDAY_MS },
  );
}

describe('driving analysis against the simulator ground truth', () => {
  it('finds idle periods and trips (≥ 98 % precision and recall), their durations and the idle fuel', () => {
    const totals = new Map<string, Score>();
    let records = 0;
    const idle = { rawS: 0, truthS: 0, detectedS: 0, truthL: 0, detectedL: 0 };
    const trip = { truthS: 0, detectedS: 0, truthKm: 0, detectedKm: 0 };
    for (let i = 0; i < TRUCKS; i++) {
      const truck = makeTruck(i, { seed: 'analysis' });
      const end = MONDAY_MS + WEEK_MS;
      const sim = truck.advanceTo(end);
      const positions = throughTeltonika(sim, truck.identity.imei);
      /** The first record at or after `ms`: what the records can show of an arrival. */
      const firstRecordFrom = (ms: number): number => {
        let lo = 0;
        let hi = sim.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (sim[mid]!.fixTimeMs >= ms) hi = mid;
          else lo = mid + 1;
        }
        return sim[lo]!.fixTimeMs;
      };
      records += positions.length;
      const d = derive(positions);
      const truth = truck.groundTruth();
      // Idle ≥ 120 s (§4) starts at arrival and is first seen at the next standing record.
      const idleTruth = truth.idlePeriods.map((p) => ({
        startMs: p.startMs,
        endMs: p.endMs,
        isPositive: judge(p.durationMs, 120_000, STANDING_PERIOD_MS, 0),
      }));
      const idleScore = score(
        idleTruth,
        d.idles.map((f) => f.startTimeMs),
        STANDING_PERIOD_MS + MOVING_PERIOD_MS,
      );
      totals.set('idle periods', addScores(totals.get('idle periods') ?? NO_SCORE, idleScore));
      // Durations and fuel of the idle periods matched one to one, against what the records can
      // show: an idle period starts at the truck's arrival, which the records show at the first
      // standing record (up to 60 s later; §0 gives the interval before it the moving state), and
      // its fuel is the truth's over that observable part (a constant idle rate).
      for (const f of d.idles) {
        const t = truth.idlePeriods.find(
          (p) => f.startTimeMs >= p.startMs - 70_000 && f.startTimeMs <= p.endMs,
        );
        if (!t) continue;
        const observableMs = t.endMs - Math.min(t.endMs, firstRecordFrom(t.startMs));
        idle.rawS += t.durationMs / 1000;
        idle.truthS += observableMs / 1000;
        idle.detectedS += f.durationS;
        idle.truthL += (t.fuelUsedL * observableMs) / t.durationMs;
        idle.detectedL += f.fuelL;
      }
      // Trips: the last one may still be open when the week ends.
      const lastEnd = Math.max(...d.trips.map((t) => t.endTimeMs), 0);
      const tripTruth = truth.trips.map((t) => ({
        startMs: t.startMs,
        endMs: t.endMs,
        isPositive: t.endMs <= lastEnd + 3_600_000 ? true : undefined,
      }));
      totals.set(
        'trips',
        addScores(
          totals.get('trips') ?? NO_SCORE,
          score(
            tripTruth,
            d.trips.map((t) => t.startTimeMs),
            STANDING_PERIOD_MS + MOVING_PERIOD_MS,
          ),
        ),
      );
      for (const f of d.trips) {
        const t = truth.trips.find(
          (p) => f.startTimeMs >= p.startMs - 70_000 && f.startTimeMs <= p.endMs,
        );
        if (!t) continue;
        trip.truthS += (t.endMs - t.startMs) / 1000;
        trip.detectedS += f.durationS;
        trip.truthKm += t.distanceM / 1000;
        trip.detectedKm += f.distanceM / 1000;
      }
    }
    const err = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(2)} %`;
    console.log(
      `analysis accuracy, ${TRUCKS} trucks × 7 days, ${records} records:\n${formatTable([...totals.entries()])}\n` +
        `  idle duration: detected ${(idle.detectedS / 3600).toFixed(1)} h vs observable truth ${(idle.truthS / 3600).toFixed(1)} h (${err(idle.detectedS, idle.truthS)}; ${(idle.rawS / 3600).toFixed(1)} h from arrival, ${err(idle.detectedS, idle.rawS)})\n` +
        `  idle fuel:     detected ${idle.detectedL.toFixed(1)} L vs truth ${idle.truthL.toFixed(1)} L (${err(idle.detectedL, idle.truthL)})\n` +
        `  trip duration: detected ${(trip.detectedS / 3600).toFixed(1)} h vs truth ${(trip.truthS / 3600).toFixed(1)} h (${err(trip.detectedS, trip.truthS)})\n` +
        `  trip distance: detected ${trip.detectedKm.toFixed(0)} km vs truth ${trip.truthKm.toFixed(0)} km (${err(trip.detectedKm, trip.truthKm)})`,
    );
    for (const [name, s] of totals) {
      const r = rates(s);
      expect(r.recall, `${name} recall`).toBeGreaterThanOrEqual(0.98);
      expect(r.precision, `${name} precision`).toBeGreaterThanOrEqual(0.98);
    }
    expect(Math.abs(idle.detectedS - idle.truthS) / idle.truthS).toBeLessThanOrEqual(0.02);
    expect(Math.abs(idle.detectedL - idle.truthL) / idle.truthL).toBeLessThanOrEqual(0.05);
    expect(Math.abs(trip.detectedS - trip.truthS) / trip.truthS).toBeLessThanOrEqual(0.02);
    expect(Math.abs(trip.detectedKm - trip.truthKm) / trip.truthKm).toBeLessThanOrEqual(0.02);
  }, 300_000);

  it('scores the aggressive driver below the smooth one on the same route, and the idler idles most', () => {
    const lines: string[] = [];
    const results = new Map<
      DriverStyle,
      { safety: number | null; eco: number | null; idlePct: number }
    >();
    for (const style of ['smooth', 'average', 'aggressive', 'idler'] as const) {
      const truck = truckWithStyle(4, style);
      const positions = throughTeltonika(truck.advanceTo(MONDAY_MS + WEEK_MS), truck.identity.imei);
      const { sums } = derive(positions);
      const e = evaluate(sums);
      const s = safetyScore({ ...sums, crashes: 0 });
      const idlePct = (100 * sums.idleS) / sums.engineS;
      results.set(style, { safety: s.score, eco: e.evaluation.averageEcoDriving.value, idlePct });
      const v = (k: keyof typeof e.evaluation) => {
        const x = e.evaluation[k];
        return `${x.value === null ? '—' : x.value.toFixed(1)} ${x.profile ?? '-'}`;
      };
      lines.push(
        `  ${style.padEnd(10)} ${sums.distanceKm.toFixed(0).padStart(5)} km  safety ${s.score?.toFixed(1) ?? 'N/A'}  eco ${e.evaluation.averageEcoDriving.value?.toFixed(1)} ${e.evaluation.averageEcoDriving.profile}` +
          `  L/100 ${v('consumption')}  idle % ${v('ralenti')}  kickdown ${v('kickdown')}  green % ${v('percentageOptimumRange')}  cruise % ${v('useCruiseControl')}  brakes ${v('hardBraking')}  excess % ${v('excessSpeed')}`,
      );
    }
    console.log(`driver styles on one route, 7 days:\n${lines.join('\n')}`);
    const smooth = results.get('smooth')!;
    const aggressive = results.get('aggressive')!;
    expect(aggressive.safety!).toBeLessThan(smooth.safety!);
    expect(aggressive.eco!).toBeLessThan(smooth.eco!);
    expect(results.get('idler')!.idlePct).toBeGreaterThan(smooth.idlePct * 1.5);
  }, 300_000);
});
