import { describe, expect, it } from 'vitest';
import { barLevel, hoursMinutes, leftBar } from './driving-left';
import { drivingRow } from './driving-times-fixtures';

describe('driving-left bars', () => {
  it.each([
    ['break', 30 * 60, 'ok'],
    ['break', 30 * 60 - 1, 'amber'],
    ['break', 1, 'amber'],
    ['break', 0, 'red'],
    ['day', 3600, 'ok'],
    ['day', 3599, 'amber'],
    ['day', 0, 'red'],
    ['week', 59 * 60, 'amber'],
    ['week', 10 * 3600, 'ok'],
    ['fortnight', -5, 'red'],
  ] as const)('%s with %i s left is %s', (kind, leftS, level) => {
    expect(barLevel(kind, leftS)).toBe(level);
  });

  it('fills the share of the limit left: 3 h of a 9 h day is a third', () => {
    const bar = leftBar(drivingRow(1, 'A'), 'day');
    expect(bar).toMatchObject({ leftS: 3 * 3600, limitS: 9 * 3600, level: 'ok' });
    expect(bar.fraction).toBeCloseTo(1 / 3);
  });

  it('counts an extended 10 h day as its limit and a passed limit as nothing left', () => {
    const extended = drivingRow(1, 'A', {
      drivenS: { sinceBreakS: 4.5 * 3600, todayS: 9.5 * 3600, weekS: 0, fortnightS: 0 },
      drivingLeft: { breakS: -60, dayS: 0.5 * 3600, weekS: 0, fortnightS: 0 },
    });
    expect(leftBar(extended, 'day')).toMatchObject({ limitS: 10 * 3600, level: 'amber' });
    expect(leftBar(extended, 'break')).toMatchObject({ leftS: 0, fraction: 0, level: 'red' });
  });

  it('writes hours and minutes', () => {
    expect(hoursMinutes(4.5 * 3600)).toBe('4 h 30');
    expect(hoursMinutes(3 * 3600 + 5 * 60 + 59)).toBe('3 h 05');
    expect(hoursMinutes(45 * 60)).toBe('45 min');
    expect(hoursMinutes(-10)).toBe('0 min');
  });
});
