import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { initialDeviceState, statusAt } from '../reducer/device.reducer.js';
import { reducerSettings } from '../reducer/reducer-settings.js';
import {
  buildTrack,
  factsOf,
  recordAt,
  run,
  secondsOf,
  T0,
  type Segment,
} from '../reducer/scenario.helpers.js';
import type { LiveStatus } from './status.detector.js';

/** The status after each record, as [seconds after T0, status] where it changed. */
function statusChanges(positions: Position[], overrides = {}): [number, LiveStatus][] {
  return factsOf(run(positions, reducerSettings(overrides)).facts, 'status').map((f) => [
    secondsOf(f.atMs),
    f.to,
  ]);
}

const track = (...segments: Segment[]) => buildTrack(segments);

describe('vehicle status (§2)', () => {
  it('is undefined before any record', () => {
    expect(statusAt(initialDeviceState(), T0, reducerSettings())).toBe('undefined');
  });

  it.each<[string, Position[], [number, LiveStatus][]]>([
    [
      'is off at once when ignition is off',
      track({ forS: 30, speedKmh: 0, ignition: false }),
      [[0, 'off']],
    ],
    [
      'is in transit at once at 5 km/h with ignition on',
      track({ forS: 30, speedKmh: 5 }),
      [[0, 'in-transit']],
    ],
    [
      'does not enter transit at 4 km/h',
      track({ forS: 30, speedKmh: 0, ignition: false }, { forS: 30, speedKmh: 4 }),
      [[0, 'off']],
    ],
    [
      'is speeding after 15 s over 90 km/h, not before',
      track({ forS: 30, speedKmh: 100, everyS: 5 }),
      [
        [0, 'in-transit'],
        [15, 'speeding'],
      ],
    ],
    [
      'stops speeding at once below the limit',
      track({ forS: 20, speedKmh: 100, everyS: 5 }, { forS: 20, speedKmh: 80, everyS: 5 }),
      [
        [0, 'in-transit'],
        [15, 'speeding'],
        [20, 'in-transit'],
      ],
    ],
    [
      'stays in transit through a 20 s stop at a traffic light',
      track({ forS: 60, speedKmh: 50 }, { forS: 20, speedKmh: 0 }, { forS: 60, speedKmh: 50 }),
      [[0, 'in-transit']],
    ],
    [
      'is idling 30 s after stopping with the engine running',
      track({ forS: 60, speedKmh: 50 }, { forS: 120, speedKmh: 0 }),
      [
        [0, 'in-transit'],
        [90, 'idling'],
      ],
    ],
    [
      'is idling only after 60 s stationary from ignition on',
      track({ forS: 30, speedKmh: 0, ignition: false }, { forS: 120, speedKmh: 0 }),
      [
        [0, 'off'],
        [90, 'idling'],
      ],
    ],
    [
      'is off after 60 s stationary with rpm 0 and no ignition input',
      track(
        { forS: 60, speedKmh: 40, with: { ignition: undefined } },
        { forS: 120, speedKmh: 0, with: { ignition: undefined, rpm: 0 } },
      ),
      [
        [0, 'in-transit'],
        [120, 'off'],
      ],
    ],
    [
      'is undefined with neither ignition nor a usable speed',
      [recordAt(0, { satellites: 2, speedKmh: 40 })],
      [],
    ],
    [
      'ignores GNSS speed with 3 satellites',
      track({ forS: 120, speedKmh: 0 }, { forS: 60, speedKmh: 60, with: { satellites: 3 } }),
      [[60, 'idling']],
    ],
    [
      'ignores GNSS speed with HDOP above 5',
      track({ forS: 120, speedKmh: 0 }, { forS: 60, speedKmh: 60, with: { hdop: 5.5 } }),
      [[60, 'idling']],
    ],
    [
      'uses wheel speed even when GNSS is unusable',
      track(
        { forS: 120, speedKmh: 0 },
        { forS: 60, speedKmh: 0, with: { satellites: 0, wheelSpeedKmh: 60 } },
      ),
      [
        [60, 'idling'],
        [120, 'in-transit'],
      ],
    ],
  ])('%s', (_, positions, expected) => {
    expect(statusChanges(positions)).toEqual(expected);
  });

  it("uses the vehicle's own speed limit", () => {
    const positions = track({ forS: 30, speedKmh: 85, everyS: 5 });
    expect(statusChanges(positions, { speedLimitKmh: 80 })).toEqual([
      [0, 'in-transit'],
      [15, 'speeding'],
    ]);
  });
});

describe('statusAt (offline)', () => {
  const settings = reducerSettings();
  const moving = run(track({ forS: 60, speedKmh: 60 })).state;
  const lastMoving = T0 + 50_000;
  const off = run(track({ forS: 60, speedKmh: 0, ignition: false })).state;
  const lastOff = T0 + 50_000;

  it.each([
    [
      'keeps the live status within 10 min of the last record',
      moving,
      lastMoving + 600_000,
      'in-transit',
    ],
    [
      'is offline-in-transit after 10 min of silence with ignition on',
      moving,
      lastMoving + 600_001,
      'offline-in-transit',
    ],
    ['keeps off for 130 min of silence', off, lastOff + 130 * 60_000, 'off'],
    [
      'is offline-off after 130 min of silence with ignition off',
      off,
      lastOff + 130 * 60_000 + 1,
      'offline-off',
    ],
  ] as const)('%s', (_, state, nowMs, expected) => {
    expect(statusAt(state, nowMs, settings)).toBe(expected);
  });
});
