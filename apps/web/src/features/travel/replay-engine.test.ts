import type { HistoryPoint } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  MIN_SKIPPED_STOP_MS,
  ReplayEngine,
  bearing,
  indexAt,
  lerpAngle,
  sampleAt,
  stoppedSpans,
} from './replay-engine';

const T0 = 1_763_000_000_000;
const p = (
  t: number,
  lat: number,
  lng: number,
  speedKmh: number | null = 50,
  heading: number | null = 90,
): HistoryPoint => ({ t: T0 + t, lat, lng, speedKmh, heading, ignition: true });

const ROUTE = [p(0, 0, 0, 0), p(10_000, 0, 0.01, 40), p(20_000, 0.01, 0.01, 80, 0)];

describe('sampleAt', () => {
  it('interpolates position, speed and heading between records', () => {
    const mid = sampleAt(ROUTE, T0 + 15_000)!;
    expect(mid.lat).toBeCloseTo(0.005, 9);
    expect(mid.lng).toBeCloseTo(0.01, 9);
    expect(mid.speedKmh).toBeCloseTo(60, 9);
    expect(mid.headingDeg).toBeCloseTo(45, 9);
    expect(mid.index).toBe(1);
    const quarter = sampleAt(ROUTE, T0 + 2_500)!;
    expect(quarter.lng).toBeCloseTo(0.0025, 9);
    expect(quarter.speedKmh).toBeCloseTo(10, 9);
  });

  it('clamps before the first and after the last record', () => {
    expect(sampleAt(ROUTE, T0 - 5_000)).toMatchObject({ timeMs: T0, lat: 0, lng: 0, index: 0 });
    expect(sampleAt(ROUTE, T0 + 99_000)).toMatchObject({ lat: 0.01, lng: 0.01, index: 2 });
    expect(sampleAt([], T0)).toBeNull();
  });

  it('turns the short way round through north', () => {
    expect(lerpAngle(350, 10, 0.5)).toBeCloseTo(0, 9);
    expect(lerpAngle(10, 350, 0.25)).toBeCloseTo(5, 9);
    const route = [p(0, 0, 0, 50, 350), p(10_000, 0, 0.001, 50, 10)];
    expect(sampleAt(route, T0 + 5_000)!.headingDeg).toBeCloseTo(0, 9);
  });

  it('takes the bearing of the movement when records carry no heading', () => {
    const route = [p(0, 0, 0, 50, null), p(10_000, 0.001, 0, 50, null)];
    expect(sampleAt(route, T0 + 5_000)!.headingDeg).toBeCloseTo(0, 6);
    expect(bearing({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(90, 6);
  });

  it('holds the vehicle at the earlier record across a long gap instead of guessing a line', () => {
    const route = [p(0, 0, 0), p(3_600_000, 1, 1)];
    expect(sampleAt(route, T0 + 1_800_000)).toMatchObject({ lat: 0, lng: 0, index: 0 });
  });

  it('finds the record index by binary search', () => {
    const many = Array.from({ length: 1000 }, (_, i) => p(i * 1000, 0, i));
    expect(indexAt(many, T0 + 500_500)).toBe(500);
    expect(indexAt(many, T0 + 500_000)).toBe(500);
    expect(indexAt(many, T0 + 999_999_999)).toBe(999);
  });
});

describe('ReplayEngine', () => {
  const drive = Array.from({ length: 61 }, (_, i) => p(i * 10_000, 0, i * 0.001, 50));

  it('advances by real time × speed while playing, and not while paused', () => {
    const engine = new ReplayEngine(drive, { speed: 10 });
    expect(engine.getState()).toMatchObject({ timeMs: T0, playing: false });
    engine.tick(1000);
    expect(engine.getState().timeMs).toBe(T0);
    engine.play(1000);
    engine.tick(1500);
    expect(engine.getState().timeMs).toBe(T0 + 5_000);
    engine.setSpeed(60);
    engine.tick(2500);
    expect(engine.getState().timeMs).toBe(T0 + 65_000);
    expect(engine.sample()!.lng).toBeCloseTo(0.0065, 9);
    engine.pause();
    engine.tick(9000);
    expect(engine.getState()).toMatchObject({ timeMs: T0 + 65_000, playing: false });
    // Resuming counts from the play instant, not from the last tick before the pause.
    engine.play(20_000);
    engine.tick(20_100);
    expect(engine.getState().timeMs).toBe(T0 + 71_000);
  });

  it('stops at the end and starts over on the next play', () => {
    const engine = new ReplayEngine(drive, { speed: 600 });
    engine.play(0);
    engine.tick(5_000);
    expect(engine.getState()).toMatchObject({ timeMs: T0 + 600_000, playing: false });
    engine.play(6_000);
    expect(engine.getState()).toMatchObject({ timeMs: T0, playing: true });
  });

  it('seeks within the route, clamped, and keeps playing from there', () => {
    const engine = new ReplayEngine(drive, { speed: 1 });
    engine.seek(T0 + 300_000);
    expect(engine.getState().timeMs).toBe(T0 + 300_000);
    engine.seek(T0 - 1);
    expect(engine.getState().timeMs).toBe(T0);
    engine.seek(T0 + 10_000_000);
    expect(engine.getState().timeMs).toBe(T0 + 600_000);
    engine.seek(T0 + 100_000);
    engine.play(0);
    engine.tick(1_000);
    expect(engine.getState().timeMs).toBe(T0 + 101_000);
  });

  it('notifies subscribers on changes only', () => {
    const engine = new ReplayEngine(drive);
    let calls = 0;
    const off = engine.subscribe(() => calls++);
    engine.seek(T0 + 1000);
    engine.seek(T0 + 1000);
    engine.setSpeed(-5);
    expect(calls).toBe(1);
    off();
    engine.seek(T0 + 2000);
    expect(calls).toBe(1);
  });

  it('skips stops of 2 minutes or more while playing, unless told not to', () => {
    const withStop = [
      p(0, 0, 0, 50),
      p(10_000, 0, 0.001, 0),
      p(400_000, 0, 0.001, 0),
      p(410_000, 0, 0.002, 50),
      p(420_000, 0, 0.003, 50),
    ];
    expect(stoppedSpans(withStop)).toEqual([[T0 + 10_000, T0 + 410_000]]);
    const skipping = new ReplayEngine(withStop, { speed: 10 });
    skipping.play(0);
    skipping.tick(1_500);
    expect(skipping.getState().timeMs).toBe(T0 + 410_000);
    const literal = new ReplayEngine(withStop, { speed: 10, skipStops: false });
    literal.play(0);
    literal.tick(1_500);
    expect(literal.getState().timeMs).toBe(T0 + 15_000);
    // Short stops are replayed as they were.
    const short = [
      p(0, 0, 0, 50),
      p(10_000, 0, 0, 0),
      p(10_000 + MIN_SKIPPED_STOP_MS - 1, 0, 0, 50),
    ];
    expect(stoppedSpans(short)).toEqual([]);
  });

  it('does not play a route of fewer than two records', () => {
    const engine = new ReplayEngine([p(0, 0, 0)]);
    engine.play(0);
    expect(engine.getState().playing).toBe(false);
  });
});
