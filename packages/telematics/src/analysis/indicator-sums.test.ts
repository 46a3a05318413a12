import { describe, expect, it } from 'vitest';
import { addSums, copySums, INDICATOR_SUM_KEYS, zeroSums } from './indicator-sums.js';

describe('indicator sums', () => {
  it('adds, copies and zeroes every key of INDICATOR_SUM_KEYS, and nothing else', () => {
    const zero = zeroSums();
    expect(Object.keys(zero).sort()).toEqual([...INDICATOR_SUM_KEYS].sort());
    INDICATOR_SUM_KEYS.forEach((key, i) => {
      const one = { ...zeroSums(), [key]: i + 1 };
      const sum = addSums(addSums(zeroSums(), one), one);
      for (const other of INDICATOR_SUM_KEYS)
        expect(sum[other]).toBe(other === key ? 2 * (i + 1) : 0);
      expect(copySums({ ...one, extra: 1 } as typeof one)).toEqual(one);
    });
  });

  it('gives a fresh object each time', () => {
    const a = zeroSums();
    a.fuelL = 3;
    expect(zeroSums().fuelL).toBe(0);
  });
});
