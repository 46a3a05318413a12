// Replay stability of the alert rules: the server recomputes a window after late records by
// replaying the stored records from the end of a trip (a stop) with a fresh reducer
// (docs/decisions/0014). Events starting there or later must come out identical.

import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { initialDeviceState, step } from '../reducer/device.reducer.js';
import type { DeviceFact, EventFact } from '../reducer/facts.js';
import { DEFAULT_REDUCER_SETTINGS } from '../reducer/reducer-settings.js';
import { T0 } from '../reducer/scenario.helpers.js';
import type { VehicleContext } from './detector.js';

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A day of driving (to 105 km/h, harsh events), idling, parking, card changes, power dips. */
function day(rnd: () => number): Position[] {
  const out: Position[] = [];
  let t = T0;
  let lng = -3.7;
  let heading = 90;
  const push = (speedKmh: number, ignition: boolean, stepS: number, patch: Partial<Position>) => {
    lng += (speedKmh / 3.6) * stepS * 1e-5;
    t += stepS * 1000;
    out.push({
      deviceId: 'truck-1',
      fixTimeMs: t,
      lat: 40.4,
      lng,
      speedKmh,
      headingDeg: heading,
      satellites: 10,
      ignition,
      rpm: ignition ? (speedKmh > 0 ? 1300 : 650) : 0,
      powerV: rnd() < 0.01 ? 4 : ignition ? 27.9 : 25.1,
      temperaturesC: rnd() < 0.05 ? undefined : [-18 + (rnd() < 0.2 ? 6 : 0) + rnd()],
      attributes: {},
      ...patch,
    });
  };
  while (t < T0 + 12 * 3_600_000) {
    const kind = rnd();
    const code = rnd() < 0.3 ? undefined : rnd() < 0.5 ? 'D1' : 'D2';
    if (kind < 0.45) {
      const base = 50 + rnd() * 50;
      for (let s = 0; s < (10 + rnd() * 50) * 60;) {
        const stepS = rnd() < 0.3 ? 1 : 2 + Math.round(rnd() * 10);
        heading = (heading + (rnd() < 0.1 ? 30 : 0)) % 360;
        const harsh =
          rnd() < 0.01 ? (['accel', 'brake', 'corner'] as const)[Math.floor(rnd() * 3)] : undefined;
        push(Math.max(0, base + (rnd() - 0.5) * 20), true, stepS, {
          driverCode: code,
          harshEvent: harsh,
          attributes: harsh ? { greenDrivingValue: 30 + Math.round(rnd() * 20) } : {},
        });
        s += stepS;
      }
    } else if (kind < 0.7) {
      for (let s = 0; s < (3 + rnd() * 25) * 60; s += 30) push(0, true, 30, { driverCode: code });
    } else {
      for (let s = 0; s < (10 + rnd() * 60) * 60; s += 300) push(0, false, 300, {});
    }
  }
  return out;
}

function runFrom(positions: readonly Position[], context: VehicleContext): DeviceFact[] {
  let state = initialDeviceState();
  const facts: DeviceFact[] = [];
  for (const p of positions) {
    const r = step(state, p, DEFAULT_REDUCER_SETTINGS, { context });
    state = r.state;
    facts.push(...r.facts);
  }
  return facts;
}

/**
 * Rules whose episodes can outlast a stop (a reefer excursion, a power cut): one in progress at
 * the replay's first record is new to a fresh reducer (docs/decisions/0016, "Replays").
 */
const SPANS_STOPS = new Set(['TSC', 'TIC', 'TFC', 'TCC', 'SCT', 'DFP']);

const eventsFrom = (facts: readonly DeviceFact[], fromMs: number): EventFact[] =>
  facts.filter(
    (f): f is EventFact =>
      f.type === 'event' && f.startTimeMs >= fromMs && !SPANS_STOPS.has(f.code),
  );

describe('alert events replayed from the end of a trip', () => {
  const contexts: [string, VehicleContext][] = [
    ['defaults', {}],
    [
      'every level, known drivers, a reefer',
      {
        alerts: {
          speedLevelsKmh: [20, 25, 30, 40, 45, 50, 55, 60, 75, 85, 95],
          knownDriverCodes: ['D1'],
          reefer: { setPointC: -18, toleranceC: 2, minC: -25, maxC: -12 },
        },
      },
    ],
  ];
  for (const [name, context] of contexts) {
    it(`equal what live processing raised (${name})`, () => {
      for (const seed of [1, 2, 3]) {
        const positions = day(random(seed));
        const live = runFrom(positions, context);
        const tripEnds = live.flatMap((f) => (f.type === 'trip' ? [f.endTimeMs] : []));
        expect(tripEnds.length).toBeGreaterThan(3);
        const codes = new Set(eventsFrom(live, 0).map((e) => e.code));
        expect([...codes].sort()).toContain('NUM');
        expect(codes.size).toBeGreaterThan(4);
        for (const endMs of tripEnds) {
          const replayed = runFrom(
            positions.filter((p) => p.fixTimeMs >= endMs),
            context,
          );
          expect(eventsFrom(replayed, endMs), `seed ${seed}, from ${endMs}`).toEqual(
            eventsFrom(live, endMs),
          );
        }
      }
    }, 60_000);
  }
});
