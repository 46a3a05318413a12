import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { buildTrack, recordAt } from '../reducer/scenario.helpers.js';
import { eventsOf, rowsOf } from './alert-scenario.helpers.js';

const HARSH = ['AAB', 'AFI', 'CAB'];
const driving = (s: number, patch: Partial<Position> = {}) =>
  recordAt(s, { speedKmh: 70, ignition: true, rpm: 1200, headingDeg: 90, ...patch });
const deviceEvent = (s: number, kind: Position['harshEvent'], gx100?: number) =>
  driving(s, {
    harshEvent: kind,
    attributes: gx100 === undefined ? {} : { greenDrivingValue: gx100 },
  });
const COMPUTED = { alerts: { harshSource: 'computed' as const } };

/** Records every `everyS` with speeds (km/h) and headings (°) from the lists. */
function profile(speeds: number[], everyS = 1, headings?: number[]): Position[] {
  return speeds.map((v, i) =>
    driving(i * everyS, { speedKmh: v, headingDeg: headings?.[i] ?? 90 }),
  );
}

describe("harsh driving from the device's green-driving events (IO 253/254)", () => {
  it('raises AAB, AFI and CAB with the magnitude in m/s² (IO 254 is g × 100)', () => {
    const positions = [
      driving(0),
      deviceEvent(10, 'accel', 30),
      driving(20),
      deviceEvent(30, 'brake', 37),
      driving(40),
      deviceEvent(50, 'corner', 40),
      driving(60),
    ];
    expect(rowsOf(eventsOf(positions), ...HARSH)).toEqual([
      ['AAB', 10, null, 2.94],
      ['AFI', 30, null, 3.63],
      ['CAB', 50, null, 3.92],
    ]);
  });

  it('raises one event per episode: records of one type within 3 s are the same one', () => {
    const positions = [
      driving(0),
      deviceEvent(10, 'brake', 40),
      deviceEvent(11, 'brake', 45),
      deviceEvent(13, 'brake', 30),
      driving(20),
      deviceEvent(30, 'brake', 35),
    ];
    expect(rowsOf(eventsOf(positions), ...HARSH)).toEqual([
      ['AFI', 10, null, 3.92],
      ['AFI', 30, null, 3.43],
    ]);
  });

  it('raises the event without a value when IO 254 is missing', () => {
    expect(rowsOf(eventsOf([driving(0), deviceEvent(5, 'brake')]), ...HARSH)).toEqual([
      ['AFI', 5, null, null],
    ]);
  });

  it('ignores computed acceleration while the source is the device', () => {
    expect(rowsOf(eventsOf(profile([80, 70, 60, 50, 50])), ...HARSH)).toEqual([]);
  });
});

describe('harsh driving computed from speed and heading (trackers without events)', () => {
  it('raises AFI for ≥ 2.7 m/s² of deceleration held 0.5 s, once per braking', () => {
    // 80 → 40 km/h in 4 s: 2.78 m/s², then cruising, then a second harsh stop.
    const speeds = [80, 70, 60, 50, 40, 40, 40, 40, 30, 18, 6, 0];
    expect(rowsOf(eventsOf(profile(speeds), COMPUTED), ...HARSH)).toEqual([
      ['AFI', 0, null, 2.78],
      ['AFI', 7, null, 2.78],
    ]);
  });

  it('raises nothing under the threshold', () => {
    expect(rowsOf(eventsOf(profile([80, 71, 62, 53, 44]), COMPUTED), ...HARSH)).toEqual([]);
  });

  it('raises AAB for ≥ 2.5 m/s² of acceleration', () => {
    expect(rowsOf(eventsOf(profile([20, 30, 40, 45]), COMPUTED), ...HARSH)).toEqual([
      ['AAB', 0, null, 2.78],
    ]);
  });

  it('raises CAB for ≥ 3.4 m/s² lateral (speed × yaw rate)', () => {
    // 50 km/h turning 25°/s: 13.9 m/s × 0.436 rad/s = 6.06 m/s².
    const positions = profile([50, 50, 50, 50], 1, [0, 25, 50, 50]);
    expect(rowsOf(eventsOf(positions, COMPUTED), ...HARSH)).toEqual([['CAB', 0, null, 6.06]]);
    // A gentle bend: 5°/s at 50 km/h is 1.2 m/s².
    expect(rowsOf(eventsOf(profile([50, 50, 50], 1, [0, 5, 10]), COMPUTED), ...HARSH)).toEqual([]);
    // Heading wraps around north.
    expect(rowsOf(eventsOf(profile([50, 50, 50], 1, [350, 15, 15]), COMPUTED), ...HARSH)).toEqual([
      ['CAB', 0, null, 6.06],
    ]);
  });

  it('computes nothing between records more than 3 s apart (10 s records cannot tell)', () => {
    const speeds = [90, 0, 90, 0];
    expect(rowsOf(eventsOf(profile(speeds, 10), COMPUTED), ...HARSH)).toEqual([]);
    expect(rowsOf(eventsOf(buildTrack([{ forS: 60, speedKmh: 80 }]), COMPUTED), ...HARSH)).toEqual(
      [],
    );
  });
});
