import { describe, expect, it } from 'vitest';
import { reducerSettings } from '../reducer/reducer-settings.js';
import { buildTrack, factsOf, recordAt, run, type Segment } from '../reducer/scenario.helpers.js';
import { eventsOf, rowsOf } from './alert-scenario.helpers.js';
import type { VehicleContext } from './detector.js';

const DRIVE: Segment = { forS: 600, speedKmh: 60 };
const parked = (forS: number): Segment => ({ forS, speedKmh: 0, ignition: false, everyS: 60 });
const idling = (forS: number): Segment => ({ forS, speedKmh: 0, everyS: 30 });
const stops = (segments: Segment[], context: VehicleContext = {}) =>
  rowsOf(eventsOf(buildTrack(segments), context), 'D20');
const edt = (segments: Segment[]) => rowsOf(eventsOf(buildTrack(segments)), 'EDT');

describe('D20: stopped 20 min or more (§10)', () => {
  it('raises D20 once, live, at the first record 20 min after the stop started', () => {
    expect(stops([DRIVE, parked(3600), DRIVE])).toEqual([['D20', 600, null, 1200]]);
  });

  it('counts the stop with the ignition on as well as off', () => {
    expect(stops([DRIVE, idling(600), parked(900), DRIVE])).toEqual([['D20', 600, null, 1200]]);
  });

  it('raises nothing for a stop under 20 min, and again for the next long stop', () => {
    expect(stops([DRIVE, parked(1140), DRIVE, parked(1500), DRIVE])).toEqual([
      ['D20', 2340, null, 1200],
    ]);
  });

  it('raises nothing for a stop inside a POI of the vehicle', () => {
    const track = buildTrack([DRIVE, parked(3600), DRIVE]);
    const stopAt = track.find((p) => p.fixTimeMs === track[0]!.fixTimeMs + 600_000)!;
    const near = { id: 1, lat: stopAt.lat, lng: stopAt.lng, radiusM: 100 };
    const far = { id: 2, lat: stopAt.lat + 0.1, lng: stopAt.lng, radiusM: 100 };
    expect(rowsOf(eventsOf(track, { pois: [near] }), 'D20')).toEqual([]);
    expect(rowsOf(eventsOf(track, { pois: [far] }), 'D20')).toEqual([['D20', 600, null, 1200]]);
  });

  it('keeps a stop through a silence and raises D20 at the first record after it', () => {
    const positions = [
      ...buildTrack([DRIVE, parked(120)]),
      recordAt(4000, { speedKmh: 0, ignition: false }),
    ];
    expect(rowsOf(eventsOf(positions), 'D20')).toEqual([['D20', 600, null, 3400]]);
  });

  it('raises D20 at the first motion record when no record came 20 min into the stop', () => {
    const positions = [
      ...buildTrack([DRIVE, parked(1140)]),
      recordAt(1800, { speedKmh: 30, ignition: true, rpm: 1200 }),
    ];
    expect(rowsOf(eventsOf(positions), 'D20')).toEqual([['D20', 600, null, 1200]]);
  });

  it('uses the longStopS setting', () => {
    const track = buildTrack([DRIVE, parked(900), DRIVE]);
    expect(rowsOf(eventsOf(track, {}, { longStopS: 600 }), 'D20')).toEqual([
      ['D20', 600, null, 600],
    ]);
  });
});

describe('EDT: idle period longer than 10 min (§4, §10)', () => {
  it('raises EDT once, live, when an idle period passes 10 min', () => {
    expect(edt([DRIVE, idling(900), DRIVE])).toEqual([['EDT', 600, null, 630]]);
  });

  it('raises nothing for an idle period of 10 min or less', () => {
    expect(edt([DRIVE, idling(600), DRIVE])).toEqual([]);
  });

  it('raises EDT exactly for the idle periods the idle detector reports longer than the threshold', () => {
    const segments: Segment[] = [
      DRIVE,
      idling(700),
      { forS: 4, speedKmh: 8, everyS: 2 }, // a creep under 5 s keeps the period
      idling(300),
      DRIVE,
      idling(400),
      parked(600),
      idling(1200),
      { forS: 300, speedKmh: 0, rpm: 0 }, // engine stopped, ignition on
      DRIVE,
    ];
    const track = buildTrack(segments);
    const long = factsOf(run(track).facts, 'idle')
      .filter((f) => f.durationS > 600)
      .map((f) => f.startTimeMs);
    const raised = eventsOf(track)
      .filter((e) => e.code === 'EDT')
      .map((e) => e.startTimeMs);
    expect(long.length).toBe(2);
    expect(raised).toEqual(long);
  });

  it('uses the longIdleS setting', () => {
    const track = buildTrack([DRIVE, idling(400), DRIVE]);
    expect(rowsOf(eventsOf(track, {}, { longIdleS: 300 }), 'EDT')).toEqual([
      ['EDT', 600, null, 330],
    ]);
    expect(reducerSettings().longIdleS).toBe(600);
  });
});
