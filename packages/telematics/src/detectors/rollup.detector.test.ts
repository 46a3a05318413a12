import { describe, expect, it } from 'vitest';
import { reducerSettings } from '../reducer/reducer-settings.js';
import { initialDeviceState, step } from '../reducer/device.reducer.js';
import { bucketOf, rollupDeltas } from './rollup.detector.js';
import { recordAt } from '../reducer/scenario.helpers.js';

const settings = reducerSettings();
const HOUR = 3_600_000;

describe('bucketOf', () => {
  it('aligns buckets on UTC by default', () => {
    expect(bucketOf(Date.UTC(2025, 0, 1, 10, 59, 59), HOUR)).toBe(Date.UTC(2025, 0, 1, 10));
  });

  it('aligns day buckets on the user offset', () => {
    const day = 24 * HOUR;
    // 23:30 UTC is already the next day at UTC+1.
    expect(bucketOf(Date.UTC(2025, 0, 1, 23, 30), day, HOUR)).toBe(Date.UTC(2025, 0, 1, 23));
    expect(bucketOf(Date.UTC(2025, 0, 1, 22, 30), day, HOUR)).toBe(Date.UTC(2024, 11, 31, 23));
  });
});

describe('rollupDeltas', () => {
  it('gives a driving interval its distance, fuel and engine time', () => {
    const prev = recordAt(0, { ignition: true, speedKmh: 72, odometerM: 10_000, fuelUsedL: 500 });
    const curr = recordAt(60, { ignition: true, speedKmh: 72, odometerM: 11_200, fuelUsedL: 501 });
    expect(rollupDeltas(prev, curr, settings)).toEqual({
      distanceKm: 1.2,
      fuelL: 1,
      isFuelEstimated: false,
      engineTimeS: 60,
      drivingTimeS: 60,
      idleTimeS: 0,
      unknownTimeS: 0,
    });
  });

  it('takes the state of the first record of the interval', () => {
    const prev = recordAt(0, { ignition: true, speedKmh: 0, rpm: 650 });
    const curr = recordAt(30, { ignition: true, speedKmh: 80 });
    expect(rollupDeltas(prev, curr, settings)).toMatchObject({
      idleTimeS: 30,
      drivingTimeS: 0,
      engineTimeS: 30,
    });
  });

  it('makes an ignition-on interval longer than 120 s unknown', () => {
    const prev = recordAt(0, { ignition: true, speedKmh: 50 });
    const curr = recordAt(121, { ignition: true, speedKmh: 50 });
    expect(rollupDeltas(prev, curr, settings)).toMatchObject({
      engineTimeS: 0,
      drivingTimeS: 0,
      unknownTimeS: 121,
    });
  });

  it('counts a long ignition-off interval as known and engine-off', () => {
    const prev = recordAt(0, { ignition: false });
    const curr = recordAt(7200, { ignition: false });
    expect(rollupDeltas(prev, curr, settings)).toMatchObject({ engineTimeS: 0, unknownTimeS: 0 });
  });

  it('counts a negative odometer delta as 0', () => {
    const prev = recordAt(0, { ignition: true, speedKmh: 50, odometerM: 10_000 });
    const curr = recordAt(10, { ignition: true, speedKmh: 50, odometerM: 500 });
    expect(rollupDeltas(prev, curr, settings).distanceKm).toBe(0);
  });

  it('estimates fuel from the fuel rate without a counter', () => {
    const prev = recordAt(0, { ignition: true, speedKmh: 0, fuelRateLph: 3.6 });
    const curr = recordAt(100, { ignition: true, speedKmh: 0 });
    expect(rollupDeltas(prev, curr, settings)).toMatchObject({ fuelL: 0.1, isFuelEstimated: true });
  });

  it('adds nothing for records out of order', () => {
    expect(rollupDeltas(recordAt(10), recordAt(0), settings).engineTimeS).toBe(0);
  });
});

describe('the rollup detector', () => {
  it('emits, for each interval, the deltas of the raw records in the bucket where it starts', () => {
    const records = [
      recordAt(0, { ignition: true, speedKmh: 0, rpm: 650, fuelRateLph: 12 }),
      recordAt(30, { ignition: true, speedKmh: 80, odometerM: 5_000, fuelUsedL: 40 }),
      recordAt(90, { ignition: true, speedKmh: 85, odometerM: 6_400, fuelUsedL: 40.5 }),
      recordAt(150, { ignition: false, speedKmh: 0 }),
    ];
    let state = initialDeviceState();
    const rollups = records.map((position) => {
      const result = step(state, position, settings);
      state = result.state;
      return result.facts.find((f) => f.type === 'rollup');
    });
    expect(rollups[0]).toBeUndefined();
    for (let i = 1; i < records.length; i++) {
      const d = rollupDeltas(records[i - 1]!, records[i]!, settings);
      expect(rollups[i]).toEqual({
        type: 'rollup',
        bucketMs: bucketOf(records[i - 1]!.fixTimeMs, HOUR),
        distanceKm: d.distanceKm,
        fuelL: d.fuelL,
        engineS: d.engineTimeS,
        drivingS: d.drivingTimeS,
        idleS: d.idleTimeS,
      });
    }
  });

  it('counts the interval from the last accepted record across a flagged one', () => {
    const records = [
      recordAt(0, { ignition: true, speedKmh: 50 }),
      recordAt(30, { ignition: true, speedKmh: 50, satellites: 248 }),
      recordAt(60, { ignition: true, speedKmh: 50 }),
    ];
    let state = initialDeviceState();
    const facts = records.flatMap((position) => {
      const result = step(state, position, settings);
      state = result.state;
      return result.facts;
    });
    expect(facts.filter((f) => f.type === 'rollup')).toMatchObject([{ engineS: 60, drivingS: 60 }]);
  });
});
