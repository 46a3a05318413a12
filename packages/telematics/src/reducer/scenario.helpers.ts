// Test-only builders for reducer scenarios: a truck driving east along a parallel, one record
// every few seconds, with consistent GPS positions, odometer and fuel counter.

import type { Position } from '../position.js';
import { DEFAULT_REDUCER_SETTINGS, type ReducerSettings } from './reducer-settings.js';
import { initialDeviceState, step, type DeviceState } from './device.reducer.js';
import type { DeviceFact } from './facts.js';

/** Start of every scenario. */
export const T0 = Date.UTC(2025, 5, 2, 6, 0, 0);

const LAT = 40.4;
const METRES_PER_DEG_LNG = 111_320 * Math.cos((LAT * Math.PI) / 180);

/** One stretch of a scenario: a state held for `forS` seconds, one record every `everyS`. */
export interface Segment {
  forS: number;
  everyS?: number;
  speedKmh: number;
  ignition?: boolean;
  rpm?: number;
  /** Extra fields for every record of the segment. */
  with?: Partial<Position>;
}

/** Options of {@link buildTrack}. */
export interface TrackOptions {
  startMs?: number;
  /** Report an ECU odometer (starting at 100 000 km). */
  withOdometer?: boolean;
  /** Report a fuel-used counter (30 L/100 km moving, 2.5 L/h idling) and fuel level. */
  withFuel?: boolean;
  driverCode?: string;
}

/** A record at `seconds` after T0, stationary at the origin unless patched. */
export function recordAt(seconds: number, patch: Partial<Position> = {}): Position {
  return {
    deviceId: 'truck-1',
    fixTimeMs: T0 + seconds * 1000,
    lat: LAT,
    lng: -3.7,
    satellites: 10,
    hdop: 0.9,
    speedKmh: 0,
    attributes: {},
    ...patch,
  };
}

/** Records for consecutive segments; the truck moves east at each segment's speed. */
export function buildTrack(segments: readonly Segment[], options: TrackOptions = {}): Position[] {
  const positions: Position[] = [];
  let t = options.startMs ?? T0;
  let distanceM = 0;
  let fuelL = 0;
  for (const seg of segments) {
    const every = seg.everyS ?? 10;
    for (let offset = 0; offset < seg.forS; offset += every) {
      const ignition = seg.ignition ?? true;
      const p: Position = {
        deviceId: 'truck-1',
        fixTimeMs: t,
        lat: LAT,
        lng: -3.7 + distanceM / METRES_PER_DEG_LNG,
        satellites: 10,
        hdop: 0.9,
        speedKmh: seg.speedKmh,
        ignition,
        rpm: seg.rpm ?? (ignition ? (seg.speedKmh > 0 ? 1200 : 650) : 0),
        attributes: {},
        ...seg.with,
      };
      if (options.withOdometer) p.odometerM = 100_000_000 + Math.round(distanceM);
      if (options.withFuel) {
        p.fuelUsedL = 50_000 + Math.floor(fuelL);
        p.fuelLevelPct = 80 - fuelL / 10;
      }
      if (options.driverCode) p.driverCode = options.driverCode;
      positions.push(p);
      const dtS = Math.min(every, seg.forS - offset);
      distanceM += (seg.speedKmh / 3.6) * dtS;
      if (ignition)
        fuelL += seg.speedKmh > 0 ? (seg.speedKmh / 3.6) * dtS * 0.0003 : (2.5 * dtS) / 3600;
      t += dtS * 1000;
    }
  }
  return positions;
}

/** Steps every position from a fresh state; returns the final state and all facts. */
export function run(
  positions: readonly Position[],
  settings: ReducerSettings = DEFAULT_REDUCER_SETTINGS,
): { state: DeviceState; facts: DeviceFact[] } {
  let state = initialDeviceState();
  const facts: DeviceFact[] = [];
  for (const p of positions) {
    const result = step(state, p, settings);
    state = result.state;
    facts.push(...result.facts);
  }
  return { state, facts };
}

/** Facts of one type. */
export function factsOf<T extends DeviceFact['type']>(
  facts: readonly DeviceFact[],
  type: T,
): Extract<DeviceFact, { type: T }>[] {
  return facts.filter((f): f is Extract<DeviceFact, { type: T }> => f.type === type);
}

/** Seconds after T0 of a fix time. */
export function secondsOf(fixTimeMs: number): number {
  return (fixTimeMs - T0) / 1000;
}
