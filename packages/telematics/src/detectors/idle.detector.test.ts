import { describe, expect, it } from 'vitest';
import { reducerSettings } from '../reducer/reducer-settings.js';
import {
  buildTrack,
  factsOf,
  recordAt,
  run,
  secondsOf,
  type Segment,
} from '../reducer/scenario.helpers.js';

const PARKED: Segment = { forS: 600, speedKmh: 0, ignition: false, everyS: 60 };
const idles = (segments: Segment[], options = {}, overrides = {}) =>
  factsOf(run(buildTrack(segments, options), reducerSettings(overrides)).facts, 'idle');
/** [start s, end s, end reason] of each idle period. */
const periods = (segments: Segment[], options = {}, overrides = {}) =>
  idles(segments, options, overrides).map((f) => [
    secondsOf(f.startTimeMs),
    secondsOf(f.endTimeMs),
    f.endReason,
  ]);

describe('idle periods (§4)', () => {
  it('records no period for less than 120 s stationary with the engine running', () => {
    expect(periods([PARKED, { forS: 110, speedKmh: 0 }, { forS: 600, speedKmh: 60 }])).toEqual([]);
  });

  it('starts at the first idle record once 120 s have passed, and ends at the first motion record', () => {
    expect(periods([PARKED, { forS: 300, speedKmh: 0 }, { forS: 600, speedKmh: 60 }])).toEqual([
      [600, 900, 'motion'],
    ]);
  });

  it('ends at ignition off', () => {
    expect(periods([{ forS: 200, speedKmh: 0 }, PARKED])).toEqual([[0, 200, 'ignition-off']]);
  });

  it('ends when rpm drops below 300 (engine stopped with ignition still on)', () => {
    expect(
      periods([
        { forS: 200, speedKmh: 0 },
        { forS: 300, speedKmh: 0, rpm: 0 },
      ]),
    ).toEqual([[0, 200, 'engine-stopped']]);
  });

  it('is not idle while the PTO works, and closes an open period when it engages', () => {
    const pto = { forS: 600, speedKmh: 0, with: { pto: true } };
    expect(periods([pto, PARKED])).toEqual([]);
    expect(periods([{ forS: 300, speedKmh: 0 }, pto, PARKED])).toEqual([[0, 300, 'pto']]);
  });

  it('keeps the period through a creep shorter than 5 s', () => {
    const segments: Segment[] = [
      { forS: 200, speedKmh: 0, everyS: 2 },
      { forS: 2, speedKmh: 8, everyS: 2 },
      { forS: 200, speedKmh: 0, everyS: 2 },
      PARKED,
    ];
    expect(periods(segments)).toEqual([[0, 402, 'ignition-off']]);
  });

  it('a creep at 3–5 km/h neither starts nor ends a period', () => {
    const creeping = { forS: 300, speedKmh: 4 };
    expect(periods([PARKED, creeping, PARKED])).toEqual([]);
    expect(periods([{ forS: 200, speedKmh: 0 }, creeping, PARKED])).toEqual([
      [0, 500, 'ignition-off'],
    ]);
  });

  it('closes at the last record before a silence over 5 min', () => {
    const positions = [
      ...buildTrack([{ forS: 300, speedKmh: 0 }]),
      recordAt(1000, { ignition: true, speedKmh: 0, rpm: 650 }),
      recordAt(1010, { ignition: false, speedKmh: 0 }),
    ];
    const facts = factsOf(run(positions).facts, 'idle');
    expect(
      facts.map((f) => [secondsOf(f.startTimeMs), secondsOf(f.endTimeMs), f.endReason]),
    ).toEqual([[0, 290, 'gap']]);
  });

  it('measures fuel from the counter when there is one', () => {
    const [idle] = idles([{ forS: 3600, speedKmh: 0, everyS: 30 }, PARKED], { withFuel: true });
    // The scenario burns 2.5 L/h idling; the counter reports whole litres.
    expect(idle).toMatchObject({ fuelSource: 'counter', durationS: 3600 });
    expect(idle!.fuelL).toBeGreaterThanOrEqual(2);
    expect(idle!.fuelL).toBeLessThanOrEqual(3);
  });

  it('integrates the fuel rate without a counter', () => {
    const [idle] = idles([{ forS: 1800, speedKmh: 0, with: { fuelRateLph: 3 } }, PARKED]);
    expect(idle).toMatchObject({ fuelSource: 'rate', durationS: 1800 });
    expect(idle!.fuelL).toBeCloseTo(1.5, 5);
  });

  it('estimates 2.5 L/h, flagged, with neither counter nor rate', () => {
    const [idle] = idles([{ forS: 1800, speedKmh: 0 }, PARKED]);
    expect(idle).toMatchObject({ fuelSource: 'estimated', fuelL: 1.25 });
  });

  it('keeps where and with whom it started', () => {
    const [idle] = idles([{ forS: 300, speedKmh: 0 }, PARKED], { driverCode: 'D-7' });
    expect(idle).toMatchObject({ lat: 40.4, lng: -3.7, driverCode: 'D-7' });
  });

  it('follows its thresholds from the settings', () => {
    const segments = [{ forS: 100, speedKmh: 0 }, PARKED];
    expect(periods(segments, {}, { idleStartS: 60 })).toEqual([[0, 100, 'ignition-off']]);
  });

  it('is not idle without an engine signal (a phone reports no ignition and no rpm)', () => {
    const phone = { forS: 600, speedKmh: 0, with: { ignition: undefined, rpm: undefined } };
    expect(periods([phone])).toEqual([]);
  });
});
