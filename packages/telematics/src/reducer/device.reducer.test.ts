import { describe, expect, it } from 'vitest';
import {
  initialDeviceState,
  liveStatusOf,
  replay,
  step,
  type DeviceState,
} from './device.reducer.js';
import { reducerSettings } from './reducer-settings.js';
import { buildTrack, factsOf, recordAt, run, T0, type Segment } from './scenario.helpers.js';

const settings = reducerSettings();
const DAY: Segment[] = [
  { forS: 600, speedKmh: 0, ignition: false, everyS: 60 },
  { forS: 1800, speedKmh: 70 },
  { forS: 180, speedKmh: 0 },
  { forS: 1200, speedKmh: 90, everyS: 5 },
  { forS: 400, speedKmh: 0 },
  { forS: 600, speedKmh: 0, ignition: false, everyS: 60 },
  { forS: 900, speedKmh: 50 },
  { forS: 600, speedKmh: 0, ignition: false, everyS: 60 },
];

describe('step', () => {
  const moving = run(buildTrack([{ forS: 120, speedKmh: 60 }])).state;

  it('reports a record older than the newest as late and leaves the state unchanged', () => {
    const result = step(moving, recordAt(30, { ignition: false }), settings);
    expect(result.state).toBe(moving);
    expect(result.facts).toEqual([
      { type: 'late', fixTimeMs: T0 + 30_000, newestFixTimeMs: T0 + 110_000 },
    ]);
  });

  it('ignores a record sent twice', () => {
    const result = step(moving, recordAt(110, { ignition: false }), settings);
    expect(result).toEqual({
      state: moving,
      facts: [{ type: 'duplicate', fixTimeMs: T0 + 110_000 }],
    });
  });

  it('refuses a record more than 10 min in the future of nowMs', () => {
    const result = step(moving, recordAt(2000), settings, { nowMs: T0 + 120_000 });
    expect(result).toEqual({
      state: moving,
      facts: [{ type: 'rejected', fixTimeMs: T0 + 2_000_000, reason: 'time-future' }],
    });
  });

  it('does not let an implausible record move any fact', () => {
    const result = step(moving, recordAt(200, { ignition: false, satellites: 248 }), settings);
    expect(result).toEqual({
      state: moving,
      facts: [{ type: 'flagged', fixTimeMs: T0 + 200_000, flags: ['satellites-absurd'] }],
    });
  });

  it('still ends the trip at ignition off on a record without satellites', () => {
    const tripping = run(buildTrack([{ forS: 600, speedKmh: 60 }])).state;
    const result = step(
      tripping,
      recordAt(610, { ignition: false, satellites: 0, lat: 0, lng: 0 }),
      settings,
    );
    expect(factsOf(result.facts, 'trip')).toHaveLength(1);
    expect(liveStatusOf(result.state)).toBe('off');
  });

  it('is deterministic: the same records give the same facts', () => {
    const positions = buildTrack(DAY, { withOdometer: true, withFuel: true });
    expect(run(positions)).toEqual(run(positions));
  });
});

describe('replay', () => {
  const positions = buildTrack(DAY, { withOdometer: true, withFuel: true });

  it('sorts the records and reproduces what live stepping would have produced', () => {
    const shuffled = [...positions].reverse();
    expect(replay(shuffled, settings)).toEqual(run(positions, settings));
  });

  it('finds the trips of a whole day in one replay', () => {
    const result = replay(positions, settings);
    expect(factsOf(result.facts, 'trip').map((t) => t.endReason)).toEqual(['stop', 'ignition-off']);
  });

  it('resumes from a persisted (JSON) state exactly', () => {
    const half = Math.floor(positions.length / 2);
    const first = replay(positions.slice(0, half), settings);
    const restored = JSON.parse(JSON.stringify(first.state)) as DeviceState;
    const second = replay(positions.slice(half), settings, restored);
    const whole = replay(positions, settings);
    expect([...first.facts, ...second.facts]).toEqual(whole.facts);
    expect(JSON.parse(JSON.stringify(second.state))).toEqual(
      JSON.parse(JSON.stringify(whole.state)),
    );
  });

  it('starts from an empty state by default', () => {
    expect(replay([], settings)).toEqual({ state: initialDeviceState(), facts: [] });
  });
});
