import { describe, expect, it } from 'vitest';
import { adBlueFlag, fuelBalance } from './fuel-consumption.service.js';
import { thinLevels } from './fuel.service.js';

describe('fuel balance (domain.md §7)', () => {
  const base = { refillsL: 0, theftsL: 0, capacityL: 600 };
  it.each([
    // [name, start, end, refills, consumption, residual, flagged]
    ['a day that adds up', 400, 200, 0, 200, 0, false],
    ['with a refill', 200, 380, 300, 120, 0, false],
    ['45 L unaccounted for', 400, 155, 0, 200, 45, true],
    ['39 L of 1,000 L (3.9 %)', 900, 400, 500, 961, 39, false],
    ['60 L of 1,000 L (6 %): over 5 %', 900, 400, 500, 940, 60, true],
    ['a parked day: 10 L is two steps of the gauge at most', 300, 290, 0, 0, 10, false],
    ['a parked day, 15 L gone', 300, 285, 0, 0, 15, true],
    ['the tank reads more than it should (−45 L)', 200, 245, 0, 0, -45, true],
  ] as const)('%s', (_name, start, end, refills, consumption, residual, flagged) => {
    const b = fuelBalance({
      ...base,
      levelStartL: start,
      levelEndL: end,
      refillsL: refills,
      consumptionL: consumption,
    });
    expect(b.residualL).toBe(residual);
    expect(b.tankDeltaL).toBe(start - end);
    expect(b.flagged).toBe(flagged);
  });

  it('without a level at either end there is no residual and no flag', () => {
    const b = fuelBalance({ ...base, levelStartL: null, levelEndL: 200, consumptionL: 100 });
    expect(b).toMatchObject({
      tankDeltaL: null,
      residualL: null,
      residualPct: null,
      flagged: false,
    });
  });
});

describe('AdBlue ratio flags', () => {
  it.each([
    [3.5, 5000, null],
    [0.4, 1500, 'low'],
    [0.4, 900, null], // under 1,000 km: too early to say
    [10.5, 2000, 'high'],
    [null, 5000, null],
  ] as const)('%s %% over %d km → %s', (ratio, km, flag) => {
    expect(adBlueFlag(ratio, km)).toBe(flag);
  });
});

describe('level chart thinning', () => {
  const points = Array.from({ length: 5000 }, (_, i) => ({
    t: i * 10_000,
    pct: i === 2500 ? 99 : i === 3000 ? 1 : 50,
    litres: null,
    speed: 0,
  }));

  it('keeps at most the asked points, in time order, with each slot’s extremes', () => {
    const thin = thinLevels(points, 600);
    expect(thin.length).toBeLessThanOrEqual(600);
    expect(thin.length).toBeGreaterThan(250);
    for (let i = 1; i < thin.length; i++) expect(thin[i]!.t).toBeGreaterThan(thin[i - 1]!.t);
    expect(thin.some((p) => p.pct === 99)).toBe(true);
    expect(thin.some((p) => p.pct === 1)).toBe(true);
  });

  it('leaves short series as they are', () => {
    expect(thinLevels(points.slice(0, 100), 600)).toEqual(points.slice(0, 100));
  });
});
