import { describe, expect, it } from 'vitest';
import { tankLitres, tanksCapacityL, tanksLitres, tanksPct, type FuelTank } from './tank.js';

// A saddle tank: narrow at the bottom and top, wide in the middle.
const SADDLE: FuelTank = {
  capacityL: 400,
  calibration: [
    { pct: 10, litres: 20 },
    { pct: 50, litres: 200 },
    { pct: 90, litres: 380 },
  ],
};

describe('tank model (§7)', () => {
  it.each([
    // [tank, %, litres]
    ['linear', { capacityL: 600 }, 50, 300],
    ['linear, clamped above 100 %', { capacityL: 600 }, 120, 600],
    ['linear, clamped below 0 %', { capacityL: 600 }, -5, 0],
    ['below the first point: towards (0 %, 0 L)', SADDLE, 5, 10],
    ['on a point', SADDLE, 50, 200],
    ['between two points', SADDLE, 30, 110],
    ['between two points, upper half', SADDLE, 70, 290],
    ['above the last point: towards (100 %, capacity)', SADDLE, 95, 390],
    ['full', SADDLE, 100, 400],
    ['empty', SADDLE, 0, 0],
  ] as const)('%s: %d %% → %d L', (_name, tank, pct, litres) => {
    expect(tankLitres(tank, pct)).toBeCloseTo(litres, 6);
  });

  it('a table that names 0 % starts there', () => {
    const tank: FuelTank = {
      capacityL: 100,
      calibration: [
        { pct: 0, litres: 5 },
        { pct: 100, litres: 100 },
      ],
    };
    expect(tankLitres(tank, 0)).toBe(5);
    expect(tankLitres(tank, 50)).toBeCloseTo(52.5, 6);
  });

  it('several tanks add up, each through its own table', () => {
    const tanks = [SADDLE, { capacityL: 200 }];
    expect(tanksCapacityL(tanks)).toBe(600);
    expect(tanksLitres(tanks, 30)).toBeCloseTo(110 + 60, 6);
    expect(tanksLitres(tanks, 100)).toBeCloseTo(600, 6);
  });

  it('tanksPct inverts tanksLitres', () => {
    const tanks = [SADDLE, { capacityL: 200 }];
    for (const pct of [0, 7, 30, 50, 77, 100]) {
      expect(tanksPct(tanks, tanksLitres(tanks, pct))).toBeCloseTo(pct, 4);
    }
  });
});
