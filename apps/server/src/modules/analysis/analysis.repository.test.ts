import { describe, expect, it } from 'vitest';
import { periodParts } from './analysis.repository.js';

const H = 3_600_000;
const at = (m: number, d: number, h = 0) => Date.UTC(2026, m, d, h);

describe('periodParts', () => {
  it.each([
    ['hours only', at(9, 5, 3), at(9, 5, 20), [['vehicle_indicators', at(9, 5, 3), at(9, 5, 20)]]],
    [
      'days with ragged hours',
      at(9, 5, 3),
      at(9, 9, 3),
      [
        ['vehicle_indicators', at(9, 5, 3), at(9, 6)],
        ['vehicle_indicators_daily', at(9, 6), at(9, 9)],
        ['vehicle_indicators', at(9, 9), at(9, 9, 3)],
      ],
    ],
    [
      '90 days at UTC−3: two whole months, days and hours at the ends',
      at(7, 29, 3),
      at(10, 27, 3),
      [
        ['vehicle_indicators', at(7, 29, 3), at(7, 30)],
        ['vehicle_indicators_monthly', at(8, 1), at(10, 1)],
        ['vehicle_indicators_daily', at(7, 30), at(8, 1)],
        ['vehicle_indicators_daily', at(10, 1), at(10, 27)],
        ['vehicle_indicators', at(10, 27), at(10, 27, 3)],
      ],
    ],
    [
      'exactly one month',
      at(9, 1),
      at(10, 1),
      [['vehicle_indicators_monthly', at(9, 1), at(10, 1)]],
    ],
  ] as const)('%s', (_name, from, to, parts) => {
    const got = periodParts(from, to);
    expect(got.map((p) => [p.table, p.fromMs, p.toMs])).toEqual(parts);
    // The parts tile the period: every hour once.
    const hours = got.reduce((n, p) => n + (p.toMs - p.fromMs) / H, 0);
    expect(hours).toBe((to - from) / H);
  });
});
