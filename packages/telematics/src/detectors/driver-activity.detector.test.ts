import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { initialDeviceState, step, type DeviceState } from '../reducer/device.reducer.js';
import type { DeviceFact } from '../reducer/facts.js';
import { DEFAULT_REDUCER_SETTINGS } from '../reducer/reducer-settings.js';
import { buildTrack, factsOf, run, T0, type Segment } from '../reducer/scenario.helpers.js';
import { activityOfWorkingState } from './driver-activity.detector.js';

const CARD_A = 'E000000000000A01';
const CARD_B = 'E000000000000B02';
const MIN = 60;

/** A stretch in one working state (184) with card A in slot 1, one record a minute. */
const slot1 = (forS: number, state: number, card = CARD_A, speedKmh = state === 3 ? 80 : 0) =>
  ({
    forS,
    everyS: 60,
    speedKmh,
    with: { driverCode: card, attributes: { driver1WorkingState: state } },
  }) satisfies Segment;

function activities(positions: Position[]) {
  return factsOf(run(positions).facts, 'driver-activity');
}

/** The closed intervals as [slot, card, kind, start s, end s]. */
function closed(facts: readonly DeviceFact[]) {
  return factsOf(facts, 'driver-activity')
    .filter((f) => f.endMs !== undefined)
    .map((f) => [f.slot, f.card, f.kind, (f.startMs - T0) / 1000, (f.endMs! - T0) / 1000]);
}

describe('driver activity detector', () => {
  it('maps the working-state enumeration, error and not available to unknown', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(activityOfWorkingState)).toEqual([
      'rest',
      'available',
      'work',
      'drive',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });

  it('opens an interval at the first record of a state and closes it at the record of the next', () => {
    const track = buildTrack([slot1(30 * MIN, 2), slot1(120 * MIN, 3), slot1(45 * MIN, 0)]);
    const facts = activities(track);
    expect(closed(facts)).toEqual([
      [1, CARD_A, 'work', 0, 1800],
      [1, CARD_A, 'drive', 1800, 9000],
    ]);
    const open = facts.filter((f) => f.endMs === undefined).map((f) => f.kind);
    expect(open).toEqual(['work', 'drive', 'rest']);
    // Only changes emit: 195 records, 5 facts.
    expect(facts).toHaveLength(5);
  });

  it('leaves a device silence over the trip gap as no interval (unknown), never invented', () => {
    const before = buildTrack([slot1(60 * MIN, 3)]);
    const after = buildTrack([slot1(60 * MIN, 3)], { startMs: T0 + 3 * 3_600_000 });
    const c = closed(
      run([
        ...before,
        ...after,
        ...buildTrack([slot1(MIN, 0)], {
          startMs: T0 + 4 * 3_600_000,
        }),
      ]).facts,
    );
    // Closed at the last record before the silence; a new one from the first after it.
    expect(c).toEqual([
      [1, CARD_A, 'drive', 0, 3540],
      [1, CARD_A, 'drive', 10800, 14400],
    ]);
  });

  it('closes at a card change mid-trip and at the card taken out (IO 187 = 0)', () => {
    const track = buildTrack([
      slot1(10 * MIN, 3),
      slot1(10 * MIN, 3, CARD_B),
      {
        forS: 5 * MIN,
        everyS: 60,
        speedKmh: 0,
        with: {
          driverCode: CARD_B,
          attributes: { driver1WorkingState: 0, driver1CardPresence: 0 },
        },
      },
      slot1(5 * MIN, 0, CARD_B),
    ]);
    expect(closed(run(track).facts)).toEqual([
      [1, CARD_A, 'drive', 0, 600],
      [1, CARD_B, 'drive', 600, 1200],
    ]);
    const open = activities(track).filter((f) => f.endMs === undefined);
    expect(open.at(-1)).toMatchObject({ card: CARD_B, kind: 'rest', startMs: T0 + 1500_000 });
  });

  it('keeps the two slots apart: the driver drives while the co-driver is available', () => {
    const crew = (forS: number, s1: number, s2: number): Segment => ({
      forS,
      everyS: 60,
      speedKmh: s1 === 3 ? 80 : 0,
      with: {
        driverCode: CARD_A,
        attributes: { driver1WorkingState: s1, driver2WorkingState: s2, driver2Code: CARD_B },
      },
    });
    const c = closed(
      run(buildTrack([crew(60 * MIN, 3, 1), crew(60 * MIN, 1, 3), crew(MIN, 0, 0)])).facts,
    );
    expect(c).toEqual([
      [1, CARD_A, 'drive', 0, 3600],
      [2, CARD_B, 'available', 0, 3600],
      [1, CARD_A, 'available', 3600, 7200],
      [2, CARD_B, 'drive', 3600, 7200],
    ]);
  });

  it('ignores a card without a working state (an iButton, a tracker without tachograph data)', () => {
    const track = buildTrack([{ forS: 30 * MIN, everyS: 60, speedKmh: 50 }], {
      driverCode: CARD_A,
    });
    expect(activities(track)).toEqual([]);
  });

  it('gives the same facts when the state is persisted and restored mid-way (replay = live)', () => {
    const track = buildTrack([
      slot1(30 * MIN, 2),
      slot1(90 * MIN, 3),
      slot1(50 * MIN, 0),
      slot1(60 * MIN, 3),
    ]);
    const live = run(track).facts;
    let state: DeviceState = initialDeviceState();
    const replayed: DeviceFact[] = [];
    track.forEach((p, i) => {
      if (i % 37 === 0) state = JSON.parse(JSON.stringify(state)) as DeviceState;
      const r = step(state, p, DEFAULT_REDUCER_SETTINGS);
      state = r.state;
      replayed.push(...r.facts);
    });
    expect(factsOf(replayed, 'driver-activity')).toEqual(factsOf(live, 'driver-activity'));
  });
});
