import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { initialDeviceState, step } from '../reducer/device.reducer.js';
import type { DeviceFact } from '../reducer/facts.js';
import { buildTrack, factsOf, recordAt, type Segment } from '../reducer/scenario.helpers.js';
import type { VehicleContext } from './detector.js';
import { addSums, RPM_BAND_KEYS, zeroSums, type IndicatorSums } from '../analysis/scores.js';

/** Steps the positions through the default chain and sums the indicator facts. */
function sumsOf(positions: readonly Position[], context: VehicleContext = {}): IndicatorSums {
  let state = initialDeviceState();
  const sums = zeroSums();
  for (const p of positions) {
    const r = step(state, p, undefined, { context });
    state = r.state;
    for (const f of factsOf(r.facts, 'indicators')) addSums(sums, f);
  }
  return sums;
}

/** The facts of one kind the default chain emits for a track. */
function factsOfTrack<K extends DeviceFact['type'] = 'indicators'>(
  positions: readonly Position[],
  kind = 'indicators' as K,
): Extract<DeviceFact, { type: K }>[] {
  let state = initialDeviceState();
  const out: Extract<DeviceFact, { type: K }>[] = [];
  for (const p of positions) {
    const r = step(state, p);
    state = r.state;
    out.push(...factsOf(r.facts, kind));
  }
  return out;
}

const drive = (forS: number, speedKmh: number, w: Partial<Position> = {}, everyS = 1): Segment => ({
  forS,
  speedKmh,
  everyS,
  with: w,
});

describe('indicators detector', () => {
  it.each([
    // rpm → the band that takes the 60 s of engine time
    [650, 'rpmUnder800S'],
    [799, 'rpmUnder800S'],
    [800, 'rpmBelowGreenS'],
    [899, 'rpmBelowGreenS'],
    [900, 'rpmGreenS'],
    [1500, 'rpmGreenS'],
    [1501, 'rpmAboveGreenS'],
    [1800, 'rpmAboveGreenS'],
    [1801, 'rpmOver1800S'],
  ] as const)('rpm distribution: %s rpm → %s', (rpm, band) => {
    const sums = sumsOf(buildTrack([drive(60, 70, { rpm }), drive(1, 0, { ignition: false })]));
    expect(sums[band]).toBe(60);
    expect(RPM_BAND_KEYS.reduce((n, k) => n + sums[k], 0)).toBe(60);
    expect(sums.engineSignalS).toBe(60);
  });

  it.each([
    // ignition, rpm → engine time with a signal, rpm bands of 60 s
    [true, undefined, 60, 0],
    [undefined, 1200, 60, 60],
    [undefined, undefined, 0, 0],
  ])('engine signal: ignition %s rpm %s → %s s, %s s in bands', (ignition, rpm, signal, banded) => {
    // A phone: no ignition, no rpm; the engine is on only because the truck moves.
    const sums = sumsOf(
      buildTrack([
        drive(60, 70, { ignition, rpm }),
        drive(1, 0, { ignition: ignition === undefined ? undefined : false, rpm }),
      ]),
    );
    expect(sums.engineS).toBe(60);
    expect(sums.engineSignalS).toBe(signal);
    expect(RPM_BAND_KEYS.reduce((n, k) => n + sums[k], 0)).toBe(banded);
  });

  it.each([
    // rpm, torque, green seconds of 60
    [1200, 40, 60],
    [900, 40, 60],
    [1500, 40, 60],
    [899, 40, 0],
    [1501, 40, 0],
    [1200, 0, 0],
    [1200, undefined, 60],
  ])('green band: rpm %s torque %s → %s s', (rpm, torque, green) => {
    const sums = sumsOf(
      buildTrack([drive(60, 70, { rpm, torquePct: torque }), drive(1, 70, { rpm: 700 })]),
    );
    expect(sums.canS).toBe(60);
    expect(sums.greenS).toBe(green);
  });

  it.each([
    // speed, pedal, torque, fuel rate, brake, cruise, inertia seconds of 30
    [50, 0, 0, undefined, false, false, 30],
    [50, 0, undefined, 0.5, false, false, 30],
    [50, 0, undefined, undefined, false, false, 0],
    [50, 5, 0, undefined, false, false, 0],
    [50, 0, 0, undefined, true, false, 0],
    [50, 0, 0, undefined, false, true, 0],
    [9, 0, 0, undefined, false, false, 0],
    [50, 0, 2, 5, false, false, 0],
  ])(
    'inertia: %s km/h pedal %s torque %s rate %s brake %s cruise %s → %s s',
    (speed, pedal, torque, rate, brake, cruise, inertia) => {
      const sums = sumsOf(
        buildTrack([
          drive(30, speed, {
            pedalPct: pedal,
            torquePct: torque,
            fuelRateLph: rate,
            brake,
            cruise,
          }),
          drive(1, speed, { pedalPct: 30 }),
        ]),
      );
      expect(sums.inertiaS).toBe(inertia);
    },
  );

  it('cruise: share of the time above 60 km/h with cruise on and pedal 0', () => {
    const sums = sumsOf(
      buildTrack([
        drive(40, 80, { cruise: true, pedalPct: 0 }),
        drive(20, 80, { cruise: false, pedalPct: 30 }),
        drive(30, 50, { cruise: true, pedalPct: 0 }),
        drive(1, 50),
      ]),
    );
    expect(sums.over60S).toBe(60);
    expect(sums.cruiseS).toBe(40);
  });

  it('torque: mean while > 0 and time at ≥ 90 %', () => {
    const sums = sumsOf(
      buildTrack([
        drive(10, 60, { torquePct: 95 }),
        drive(30, 60, { torquePct: 25 }),
        drive(10, 60, { torquePct: 0 }),
        drive(1, 60),
      ]),
    );
    expect(sums.torqueS).toBe(40);
    expect(sums.torqueSum / sums.torqueS).toBeCloseTo((95 * 10 + 25 * 30) / 40);
    expect(sums.torqueHighS).toBe(10);
  });

  it.each([
    ['pedal ≥ 95 % for 1 s', [drive(5, 60, { pedalPct: 50 }), drive(1, 60, { pedalPct: 97 })], 1],
    ['pedal ≥ 95 % for 5 s', [drive(5, 60, { pedalPct: 96 })], 1],
    ['pedal at 94 %', [drive(5, 60, { pedalPct: 94 })], 0],
    [
      'two runs 2 s apart merge',
      [
        drive(3, 60, { pedalPct: 99 }),
        drive(2, 60, { pedalPct: 40 }),
        drive(3, 60, { pedalPct: 99 }),
      ],
      1,
    ],
    [
      'two runs 4 s apart are two',
      [
        drive(3, 60, { pedalPct: 99 }),
        drive(4, 60, { pedalPct: 40 }),
        drive(3, 60, { pedalPct: 99 }),
      ],
      2,
    ],
    [
      'the switch counts at once',
      [drive(5, 60, { pedalPct: 50 }), drive(1, 60, { kickdown: true })],
      1,
    ],
    ['the switch beats the pedal', [drive(5, 60, { pedalPct: 99, kickdown: false })], 0],
  ])('kickdown: %s → %s', (_name, segments, count) => {
    const track = buildTrack([...segments, drive(2, 60, { pedalPct: 10 })]);
    const sums = sumsOf(track);
    expect(sums.kickdowns).toBe(count);
    // Each one counted is also a fact with its time and place (the map and the timeline).
    const placed = factsOfTrack(track, 'kickdown');
    expect(placed).toHaveLength(count);
    for (const k of placed) {
      expect(track.some((p) => p.fixTimeMs === k.timeMs && p.lng === k.lng)).toBe(true);
      expect(k.lat).toBeDefined();
      expect(k.speedKmh).toBe(60);
    }
  });

  it('excess speed counts a run held ≥ 15 s whole, nothing of a shorter one', () => {
    const sums = sumsOf(
      buildTrack([
        drive(20, 80),
        drive(10, 100), // 10 s over 90: not held
        drive(20, 80),
        drive(30, 105), // held: 30 s, +15 km/h → over +10
        drive(20, 95), // held: 20 s, +5
        drive(5, 80),
      ]),
    );
    expect(sums.speeding10S).toBe(30);
    expect(sums.speedingS).toBe(20);
    expect(sums.excessKm).toBeCloseTo((105 * 30 + 95 * 20) / 3600, 2);
  });

  it("uses the vehicle's own limit", () => {
    const sums = sumsOf(buildTrack([drive(30, 75), drive(1, 60)]), { speedLimitKmh: 70 });
    expect(sums.speedingS).toBe(30);
  });

  it('counts device harsh events once per episode', () => {
    const track = buildTrack([drive(30, 60)]);
    track[5]!.harshEvent = 'brake';
    track[6]!.harshEvent = 'brake';
    track[15]!.harshEvent = 'brake';
    track[20]!.harshEvent = 'accel';
    track[25]!.harshEvent = 'corner';
    const sums = sumsOf(track);
    expect(sums).toMatchObject({ hardBrakes: 2, harshAccels: 1, harshCorners: 1 });
  });

  it('counts the device crash detections once per episode (the safe-driving crash item)', () => {
    const track = buildTrack([drive(30, 60)]);
    track[5]!.crash = true;
    track[6]!.crash = true; // 1 s later: the same crash
    track[20]!.crash = true;
    expect(sumsOf(track).crashes).toBe(2);
  });

  it('computes hard brakes when the tracker sends no events', () => {
    // 80 → 70 → 60 → 50 → 40 a second apart: 2.8 m/s², one run; then 40 → 35: under.
    const track = buildTrack([
      drive(10, 80),
      drive(1, 70),
      drive(1, 60),
      drive(1, 50),
      drive(5, 40),
      drive(5, 35),
      drive(1, 20),
      drive(5, 20),
    ]);
    const sums = sumsOf(track, { alerts: { harshSource: 'computed' } });
    expect(sums.hardBrakes).toBe(2);
    expect(sumsOf(track).hardBrakes).toBe(0);
  });

  it('adds distance, fuel, idle and driving time like the rollups, per hour and driver', () => {
    const start = Date.UTC(2025, 5, 2, 6, 59, 0);
    const track = buildTrack(
      [drive(60, 72, {}, 10), { forS: 120, speedKmh: 0, everyS: 10 }, drive(10, 72)],
      {
        startMs: start,
        withOdometer: true,
        withFuel: true,
        driverCode: 'D-1',
      },
    );
    const facts = factsOfTrack(track);
    expect(new Set(facts.map((f) => f.bucketMs))).toEqual(
      new Set([Date.UTC(2025, 5, 2, 6), Date.UTC(2025, 5, 2, 7)]),
    );
    expect(facts.every((f) => f.driverCode === 'D-1')).toBe(true);
    const sums = zeroSums();
    for (const f of facts) addSums(sums, f);
    expect(sums.distanceKm).toBeCloseTo(1.2 + 0.2 * 1, 1);
    expect(sums.idleS).toBe(120);
    expect(sums.drivingS).toBe(60 + 9);
  });

  it('makes a silence longer than maxGap unknown time', () => {
    const sums = sumsOf([
      recordAt(0, { ignition: true, speedKmh: 60, wheelSpeedKmh: 60 }),
      recordAt(300, { ignition: true, speedKmh: 60, wheelSpeedKmh: 60 }),
    ]);
    expect(sums.unknownS).toBe(300);
    expect(sums.engineS).toBe(0);
  });
});
