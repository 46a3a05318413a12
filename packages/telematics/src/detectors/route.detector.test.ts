import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { initialDeviceState, step } from '../reducer/device.reducer.js';
import type { DeviceFact } from '../reducer/facts.js';
import { reducerSettings } from '../reducer/reducer-settings.js';
import { T0, recordAt } from '../reducer/scenario.helpers.js';
import type { VehicleContext } from './detector.js';
import type { ContextPlannedTrip } from './route.context.js';

// A local plane around (-3.7, 40.4): x metres east, y metres north. The plan runs east along
// y = 0 from the origin (0, 0) through a waypoint at 10 km to the destination at 20 km, corridor
// 500 m each side; the truck drives at 72 km/h (20 m/s), a record every 5 s.
const LAT0 = 40.4;
const LNG0 = -3.7;
const M_LAT = 111_195.08;
const M_LNG = M_LAT * Math.cos((LAT0 * Math.PI) / 180);
const lngOf = (x: number) => LNG0 + x / M_LNG;
const latOf = (y: number) => LAT0 + y / M_LAT;

function plan(overrides: Partial<ContextPlannedTrip> = {}, times = [60, 1200, 1800]) {
  const xs = [0, 10_000, 20_000];
  return {
    id: 7,
    route: [
      [lngOf(0), latOf(0)],
      [lngOf(20_000), latOf(0)],
    ],
    corridorM: 500,
    stops: xs.map((x, i) => ({
      lat: latOf(0),
      lng: lngOf(x),
      radiusM: 200,
      plannedAtMs: T0 + times[i]! * 1000,
    })),
    ...overrides,
  } satisfies ContextPlannedTrip;
}

function at(s: number, x: number, y: number, speedKmh: number): Position {
  return recordAt(s, {
    lat: latOf(y),
    lng: lngOf(x),
    speedKmh,
    ignition: true,
    rpm: speedKmh > 0 ? 1200 : 650,
  });
}

/** A deterministic noise in [−amp, amp] (GPS scatter). */
function noise(i: number, amp: number): number {
  const v = Math.sin(i * 12.9898 + 78.233) * 43_758.5453;
  return (v - Math.floor(v) - 0.5) * 2 * amp;
}

/**
 * A drive: parked 2 min at the origin, then east at 20 m/s; `yAt(x, i)` gives the offset from the
 * route at each record (default: on it, ±15 m noise); stops `stopS` seconds at the waypoint.
 */
function drive(
  opts: { yAt?: (x: number, i: number) => number; stopS?: number; toX?: number } = {},
): Position[] {
  const out: Position[] = [];
  let s = 0;
  for (; s < 120; s += 30) out.push(at(s, noise(s, 10), noise(s + 1, 10), 0));
  let x = 0;
  let i = 0;
  const toX = opts.toX ?? 20_000;
  let stopped = false;
  while (x < toX) {
    x += 100;
    s += 5;
    i += 1;
    if (!stopped && x >= 10_000 && opts.stopS) {
      for (let w = 0; w < opts.stopS; w += 30) out.push(at(s + w, 10_000, noise(w, 10), 0));
      s += opts.stopS;
      stopped = true;
    }
    const y = opts.yAt ? opts.yAt(x, i) : noise(i, 15);
    out.push(at(s, x, y, 72));
  }
  return out;
}

function run(positions: readonly Position[], context: VehicleContext): DeviceFact[] {
  const settings = reducerSettings();
  let state = initialDeviceState();
  const facts: DeviceFact[] = [];
  for (const p of positions) {
    const result = step(state, p, settings, { context });
    state = JSON.parse(JSON.stringify(result.state)) as typeof state; // slices survive a restart
    facts.push(...result.facts);
  }
  return facts;
}

/** [kind, stop, seconds after T0] of the route facts, and DDR events as ['DDR', start, end]. */
function rows(facts: readonly DeviceFact[]) {
  const out: (string | number | null)[][] = [];
  for (const f of facts) {
    if (f.type === 'route') out.push([f.kind, f.stopIndex, (f.atMs - T0) / 1000]);
    if (f.type === 'event' && f.code === 'DDR') {
      out.push([
        'DDR',
        (f.startTimeMs - T0) / 1000,
        f.endTimeMs ? (f.endTimeMs - T0) / 1000 : null,
      ]);
    }
  }
  return out;
}

const ddrCount = (facts: readonly DeviceFact[]) =>
  new Set(
    facts
      .filter((f) => f.type === 'event' && f.code === 'DDR')
      .map((f) => (f as { startTimeMs: number }).startTimeMs),
  ).size;

describe('route detector: planned-trip follow-up', () => {
  it('starts on leaving the origin, arrives at and leaves the waypoint, arrives at the destination', () => {
    const facts = run(drive({ stopS: 300 }), { plannedTrip: plan({}, [60, 1200, 2400]) });
    // Start at x = 300 m (beyond 200 m + 30 m band): 120 s parked + 3 records of 5 s; the
    // waypoint at x = 9.9 km (615 s), left at 10.3 km after 300 s there; the end at 19.9 km.
    expect(rows(facts)).toEqual([
      ['started', 0, 135],
      ['stop_arrived', 1, 615],
      ['stop_left', 1, 935],
      ['arrived', 2, 1415],
    ]);
  });

  it.each([
    // [case, offset from the route at each record, DDR episodes expected]
    ['on the route with ±15 m noise', (_x: number, i: number) => noise(i, 15), 0],
    [
      'inside the corridor, ±60 m noise around 450 m',
      (_x: number, i: number) => 450 + noise(i, 60),
      0,
    ],
    ['one GPS spike 2 km off', (x: number, i: number) => (x === 5_000 ? 2_000 : noise(i, 15)), 0],
    [
      'off for 20 s only',
      (x: number, i: number) => (x > 5_000 && x <= 5_400 ? 900 : noise(i, 15)),
      0,
    ],
    [
      'one departure of 3 km, ±80 m noise, a spike back onto the route',
      (x: number, i: number) =>
        x === 7_000 ? 0 : x > 5_000 && x <= 9_000 ? 900 + noise(i, 80) : noise(i, 15),
      1,
    ],
    [
      'one departure along the border, ±60 m noise around 540 m',
      (x: number, i: number) => (x > 5_000 && x <= 9_000 ? 560 + noise(i, 60) : noise(i, 15)),
      1,
    ],
    [
      'two departures',
      (x: number, i: number) =>
        (x > 3_000 && x <= 5_000) || (x > 12_000 && x <= 14_000)
          ? 1_500 + noise(i, 50)
          : noise(i, 15),
      2,
    ],
  ])('corridor deviation: %s', (_name, yAt, expected) => {
    const facts = run(drive({ yAt }), { plannedTrip: plan({}, [60, 3600, 7200]) });
    expect(ddrCount(facts)).toBe(expected);
    // Every DDR is closed when the truck is back, and one deviation / back_on_route pair each.
    const kinds = rows(facts).map((r) => r[0]);
    expect(kinds.filter((k) => k === 'deviation')).toHaveLength(expected);
    expect(kinds.filter((k) => k === 'back_on_route')).toHaveLength(expected);
  });

  it('DDR starts at the first fix outside and ends when the truck was back for 30 s', () => {
    const yAt = (x: number) => (x > 5_000 && x <= 9_000 ? 1_000 : 0);
    const ddr = rows(run(drive({ yAt }), { plannedTrip: plan({}, [60, 3600, 7200]) })).filter(
      (r) => r[0] === 'DDR',
    );
    // x = 5,100 m at 120 + 51 × 5 s; back at x = 9,100 m: 120 + 91 × 5 s.
    expect(ddr).toEqual([
      ['DDR', 375, null],
      ['DDR', 375, 575],
    ]);
  });

  it('lateness: a stop not reached 10 min after its time, once per stop', () => {
    // Waypoint planned at 300 s (reached at 615 s, before 300 s + 10 min: not late),
    // destination at 400 s: still on the way at 1,000 s, reached at 1,115 s (x = 19.9 km).
    const facts = run(drive(), { plannedTrip: plan({}, [0, 300, 400]) });
    expect(rows(facts).filter((r) => r[0] === 'late' || r[0] === 'arrived')).toEqual([
      ['late', 2, 1005],
      ['arrived', 2, 1115],
    ]);
    const onTime = run(drive(), { plannedTrip: plan({}, [0, 1200, 2400]) });
    expect(rows(onTime).filter((r) => r[0] === 'late')).toEqual([]);
  });

  it('ETA from the remaining distance along the route and the recent speed', () => {
    const facts = run(drive({ toX: 10_000 }), { plannedTrip: plan({}, [60, 3600, 7200]) });
    const etas = facts.filter((f) => f.type === 'route-eta');
    const last = etas[etas.length - 1]!;
    // Near x = 10 km (the last ETA is at most a minute old): about 10 km left at 72 km/h.
    expect(last.remainingM).toBeGreaterThanOrEqual(10_000);
    expect(last.remainingM).toBeLessThan(11_300);
    const etaS = ((last.etaMs ?? 0) - last.atMs) / 1000;
    expect(Math.abs(etaS - last.remainingM / 20)).toBeLessThan(5);
    // Once a minute of fix time, plus changes: far fewer than records.
    expect(etas.length).toBeLessThan(20);
  });

  it('no plan, nothing; a plan long before its start is not followed yet', () => {
    expect(rows(run(drive(), {}))).toEqual([]);
    const later = plan({}, [5 * 3600, 6 * 3600, 7 * 3600]);
    expect(rows(run(drive(), { plannedTrip: later }))).toEqual([]);
  });
});
