// Accuracy of the route rule (issue 15, `DDR`) against the simulator's truth: trucks' records with
// detours (planned by detours.ts: sideways off the road for 200 m … 3 km, held 0 … 6 min), through
// the FMB640 encoding and the server's decoder, then GNSS noise (σ 4 m per axis, 2 % of fixes off
// by up to 25 m), into the pure reducer with the whole chain and each truck following a planned
// trip along its own route (500 m corridor each side). The truth is where the noise-free displaced
// path is more than 500 m from the route: a run outside of at least 30 s plus a record's slack on
// each side (20 s) reaching 60 m beyond the corridor must raise one DDR; a run shorter than 30 s
// minus that slack must raise none; in between either is right. Every detection outside a detour
// counts against precision, and a departure raising more than one DDR is counted as a duplicate.

import {
  DEVIATION_HOLD_MS,
  compileRoute,
  projectOnRoute,
  type ContextPlannedTrip,
} from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { applyDetours, planDetours } from './detours.js';
import { Random } from './random.js';
import {
  NO_SCORE,
  addScores,
  detectEvents,
  formatTable,
  rates,
  score,
  throughTeltonika,
  withGnssNoise,
  type ScoredTruth,
} from './test-support/alert-accuracy.js';
import { MONDAY_MS, makeTruck } from './test-support/trucks.js';

const TRUCKS = 20;
const DAYS = 3;
const CORRIDOR_M = 500;
const RECORD_SLACK_MS = 20_000;

describe('route deviation (DDR) against the simulator’s detours', () => {
  it('raises one DDR per departure from the corridor with ≥ 97 % precision and recall under GNSS noise', () => {
    let total = NO_SCORE;
    let records = 0;
    let detourCount = 0;
    let duplicates = 0;
    let outsideDetours = 0;
    for (let i = 0; i < TRUCKS; i++) {
      const truck = makeTruck(i, { seed: 'route' });
      const raw = truck.advanceTo(MONDAY_MS + DAYS * 86_400_000);
      const detours = planDetours(raw, new Random(`route/detours/${i}`));
      detourCount += detours.length;
      const positions = throughTeltonika(applyDetours(raw, detours), truck.identity.imei);
      records += positions.length;
      const line = truck.identity.route.points.map((p) => [p.lng, p.lat] as const);
      const first = truck.identity.route.points[0]!;
      const plan: ContextPlannedTrip = {
        id: 1,
        route: line,
        corridorM: CORRIDOR_M,
        stops: [
          { lat: first.lat, lng: first.lng, radiusM: 300, plannedAtMs: MONDAY_MS },
          // Never reached: the follow-up lasts the whole run.
          {
            lat: first.lat + 2,
            lng: first.lng,
            radiusM: 300,
            plannedAtMs: MONDAY_MS + DAYS * 86_400_000,
          },
        ],
      };
      // Truth: runs of the noise-free displaced path outside the corridor.
      const compiled = compileRoute(line);
      const distances = positions.map(
        (p) => projectOnRoute(compiled, p.lat, p.lng, 0, 0).distanceM,
      );
      const truths: ScoredTruth[] = [];
      let from = -1;
      let extreme = 0;
      distances.forEach((d, k) => {
        if (d > CORRIDOR_M) {
          if (from < 0) {
            from = k;
            extreme = d;
          } else extreme = Math.max(extreme, d);
        }
        const ends = from >= 0 && (d <= CORRIDOR_M || k === distances.length - 1);
        if (!ends) return;
        const startMs = positions[from]!.fixTimeMs;
        const endMs = positions[d <= CORRIDOR_M ? k - 1 : k]!.fixTimeMs;
        const outMs = endMs - startMs;
        let isPositive: boolean | undefined;
        if (outMs >= DEVIATION_HOLD_MS + RECORD_SLACK_MS && extreme >= CORRIDOR_M + 60)
          isPositive = true;
        else if (outMs < DEVIATION_HOLD_MS - RECORD_SLACK_MS) isPositive = false;
        truths.push({ startMs, endMs, isPositive });
        from = -1;
      });
      // GNSS noise on top.
      const noisy = withGnssNoise(positions, new Random(`route/noise/${i}`));
      // A DDR is stored once with its start; the closing copy (with its end) is the same event.
      const starts = [
        ...new Set(
          detectEvents(noisy, { plannedTrip: plan })
            .filter((e) => e.code === 'DDR')
            .map((e) => e.startTimeMs),
        ),
      ];
      total = addScores(total, score(truths, starts, 30_000));
      for (const t of truths) {
        const inside = starts.filter((s) => s >= t.startMs - 30_000 && s <= t.endMs + 30_000);
        if (inside.length > 1) duplicates += inside.length - 1;
      }
      outsideDetours += starts.filter(
        (s) => !detours.some((d) => s >= d.startMs && s <= d.startMs + 2 * d.rampMs + d.holdMs),
      ).length;
    }
    console.log(
      `route deviation accuracy, ${TRUCKS} trucks × ${DAYS} days, ${records} records, ${detourCount} detours ` +
        `(200 m … 3 km off the road, held 0 … 6 min; corridor ${CORRIDOR_M} m; σ 4 m GNSS noise, 2 % outliers ≤ 25 m):\n` +
        formatTable([['route deviation (DDR)', total]]) +
        `\nduplicate DDRs for one departure: ${duplicates}; DDRs outside any detour: ${outsideDetours}`,
    );
    expect(total.positives).toBeGreaterThan(40);
    const r = rates(total);
    expect(r.recall).toBeGreaterThanOrEqual(0.97);
    expect(r.precision).toBeGreaterThanOrEqual(0.97);
    expect(duplicates).toBe(0);
    expect(outsideDetours).toBe(0);
  }, 300_000);
});
