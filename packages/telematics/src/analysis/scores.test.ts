import { describe, expect, it } from 'vitest';
import {
  averageLetters,
  CAN_INDICATORS,
  DEFAULT_SAFETY_LETTER_FLOORS,
  DEFAULT_EVALUATION,
  DOMAIN_SCALES,
  evaluate as evaluateWith,
  letterOf,
  linearScore,
  safetyScore,
  zeroSums,
  type IndicatorSums,
} from './scores.js';

describe('letters', () => {
  it.each([
    [100, 'A'],
    [90, 'A'],
    [89.99, 'B'],
    [75, 'B'],
    [74.9, 'C'],
    [60, 'C'],
    [59.9, 'D'],
    [45, 'D'],
    [44.9, 'E'],
    [30, 'E'],
    [29.9, 'F'],
    [15, 'F'],
    [14.9, 'G'],
    [0, 'G'],
  ] as const)('%s → %s', (score, letter) => {
    expect(letterOf(score)).toBe(letter);
  });

  it('averages letters through their scores', () => {
    expect(averageLetters(['A', 'C'])).toBe('B');
    expect(averageLetters(['A', null, 'A'])).toBe('A');
    expect(averageLetters([])).toBeNull();
  });
});

describe('letters under other floors', () => {
  it('reads a tenant’s floors and the safety defaults', () => {
    expect(letterOf(96, DEFAULT_SAFETY_LETTER_FLOORS)).toBe('B');
    expect(letterOf(97, DEFAULT_SAFETY_LETTER_FLOORS)).toBe('A');
    expect(letterOf(69.9, DEFAULT_SAFETY_LETTER_FLOORS)).toBe('G');
    expect(letterOf(50, [99, 98, 97, 96, 95, 40])).toBe('F');
  });
});

describe('linearScore', () => {
  it.each([
    [30, 30, 5, 0],
    [5, 30, 5, 100],
    [17.5, 30, 5, 50],
    [40, 30, 5, 0],
    [1, 30, 5, 100],
    [62.5, 40, 85, 50],
  ])('%s between %s and %s → %s', (v, zero, hundred, score) => {
    expect(linearScore(v, zero, hundred)).toBeCloseTo(score);
  });
});

/** domain.md §5's scales: the arithmetic below is checked on them (the defaults recalibrate them). */
const evaluate = (s: IndicatorSums) =>
  evaluateWith(s, { ...DEFAULT_EVALUATION, scales: DOMAIN_SCALES });

function sums(patch: Partial<IndicatorSums>): IndicatorSums {
  return { ...zeroSums(), ...patch };
}

describe('evaluate', () => {
  const base = sums({
    distanceKm: 500,
    fuelL: 160, // 32 L/100 km = R → score 62.5
    engineS: 36_000,
    engineSignalS: 36_000,
    drivingS: 30_000,
    idleS: 3_600, // 10 % → 80
    canS: 30_000,
    greenS: 18_750, // 62.5 % → 50
    inertiaS: 2_550, // 8.5 % → 50
    over60S: 20_000,
    cruiseS: 6_200, // 31 % → 50
    torqueSum: 40 * 20_000,
    torqueS: 20_000,
    torqueHighS: 3_500, // 17.5 % → 50
    kickdowns: 8, // 1.6 /100 km → 50
    excessKm: 40, // 8 % → 50
    hardBrakes: 4, // 0.8 /100 km → 50
    harshInputS: 30_000,
  });

  it('scores every indicator between its thresholds', () => {
    const e = evaluate(base).evaluation;
    expect(e.consumption.value).toBeCloseTo(32);
    expect(e.consumption.score).toBeCloseTo(62.5);
    expect(e.ralenti).toMatchObject({ value: 10, profile: 'B' });
    expect(e.ralenti.score).toBeCloseTo(80);
    for (const key of [
      'percentageOptimumRange',
      'inertia',
      'useCruiseControl',
      'averageTorque',
      'kickdown',
      'excessSpeed',
      'hardBraking',
    ] as const) {
      expect(e[key].score, key).toBeCloseTo(50);
      expect(e[key].profile, key).toBe('D');
    }
    expect(e.averageTorque.value).toBeCloseTo(40);
    // (62.5·10 + 80·5 + 50·5·7) / (10 + 5·8)
    expect(e.averageEcoDriving.value).toBeCloseTo((625 + 400 + 1750) / 50);
    const all = evaluate(base);
    expect(all.totalFuelL).toBe(160);
    expect(all.coverage).toBe(1);
  });

  it('gives no letter below 70 % coverage, the value flagged', () => {
    const e = evaluate({ ...base, unknownS: 36_000 * 0.5 }).evaluation; // 36/54 = 67 %
    expect(e.ralenti).toMatchObject({ value: 10, profile: null, lowCoverage: true });
    const ok = evaluate({ ...base, unknownS: 36_000 * 0.42 }).evaluation; // 70.4 %
    expect(ok.ralenti.profile).toBe('B');
  });

  it('has null values without CAN data, and omits them from the eco score', () => {
    const e = evaluate({ ...base, canS: 0, torqueS: 0 }).evaluation;
    expect(e.inertia).toMatchObject({ value: null, profile: null });
    expect(e.kickdown.value).toBeNull();
    expect(e.averageEcoDriving.value).toBeCloseTo((625 + 400 + 50 * 5 * 2) / 25);
  });

  it('gives a phone (no CAN, engine from motion) N/D for every CAN indicator and eco-driving', () => {
    // 500 km at GPS speeds, no fuel, rpm, torque, pedal or ignition: only speeding and braking.
    const phone = sums({
      distanceKm: 500,
      engineS: 30_000,
      drivingS: 30_000,
      excessKm: 40,
      hardBrakes: 4,
    });
    const e = evaluate(phone).evaluation;
    for (const key of [...CAN_INDICATORS, 'ralenti', 'averageEcoDriving', 'hardBraking'] as const) {
      expect(e[key].value, key).toBeNull();
      expect(e[key].profile, key).toBeNull();
    }
    // GPS measures speeding; harsh braking needs harsh-event input, which a phone has not.
    expect(e.excessSpeed.profile).toBe('D');
    expect(evaluate({ ...phone, harshInputS: 30_000 }).evaluation.hardBraking.profile).toBe('D');
  });

  it('scores idle from the ignition alone, but eco-driving needs a CAN indicator', () => {
    const tracker = sums({
      distanceKm: 500,
      engineS: 36_000,
      engineSignalS: 36_000,
      drivingS: 30_000,
      idleS: 3_600,
      hardBrakes: 4,
    });
    const e = evaluate(tracker).evaluation;
    expect(e.ralenti).toMatchObject({ value: 10, profile: 'B' });
    expect(e.averageEcoDriving).toMatchObject({ value: null, profile: null });
    // Half the engine time without a signal: idle has too little coverage for a letter.
    const half = evaluate({ ...tracker, engineSignalS: 18_000 }).evaluation;
    expect(half.ralenti).toMatchObject({ value: 10, profile: null, lowCoverage: true });
  });

  it('scores consumption only from 50 km', () => {
    const e = evaluate({ ...base, distanceKm: 49, fuelL: 15 }).evaluation;
    expect(e.consumption.profile).toBeNull();
    expect(e.consumption.value).toBeCloseTo(30.6, 1);
  });

  it('answers nulls for an empty period', () => {
    const e = evaluate(zeroSums());
    expect(e.evaluation.consumption.value).toBeNull();
    expect(e.evaluation.averageEcoDriving.value).toBeNull();
    expect(e.distanceKm).toBe(0);
  });
});

describe('safetyScore', () => {
  const clean = {
    distanceKm: 1000,
    drivingS: 36_000,
    hardBrakes: 0,
    harshAccels: 0,
    harshCorners: 0,
    crashes: 0,
    speedingS: 0,
    speeding10S: 0,
    harshInputS: 36_000,
  };

  it('is 100 without events and N/A under 100 km', () => {
    expect(safetyScore(clean).score).toBe(100);
    expect(safetyScore({ ...clean, distanceKm: 99.9 }).score).toBeNull();
    expect(safetyScore({ ...clean, distanceKm: 100 }).score).toBe(100);
  });

  it('is N/D without harsh-event input for most of the driving time (a phone), never 100', () => {
    expect(safetyScore({ ...clean, harshInputS: 0 }).score).toBeNull();
    expect(safetyScore({ ...clean, harshInputS: 0.69 * clean.drivingS }).score).toBeNull();
    expect(safetyScore({ ...clean, harshInputS: 0.7 * clean.drivingS }).score).toBe(100);
  });

  it('weighs events per 1,000 km and speeding on time share', () => {
    // 5 brakes ·2 + 10 accels ·1 + 1 % of time over +10 ·3 + 2 % up to +10 ·1
    const r = safetyScore({
      ...clean,
      hardBrakes: 5,
      harshAccels: 10,
      speeding10S: 360,
      speedingS: 720,
    });
    expect(r.score).toBeCloseTo(100 - 10 - 10 - 3 - 2);
    expect(r.items.find((i) => i.code === 'hardBraking')).toMatchObject({ count: 5, rate: 5 });
  });

  it('clamps at 0', () => {
    expect(safetyScore({ ...clean, crashes: 20 }).score).toBe(0);
  });
});
