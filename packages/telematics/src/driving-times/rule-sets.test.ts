import { describe, expect, test } from 'vitest';
import { EU_561_2006, drivingTimesAt, infringementsIn, parseDrivingRuleSet } from './index.js';
import { at, timeline } from './test-helpers.js';

describe('rule sets', () => {
  test('EU 561/2006 is a valid rule set', () => {
    expect(parseDrivingRuleSet(EU_561_2006)).toEqual({ ok: true, rules: EU_561_2006 });
  });

  test("a tenant's copy with other numbers is valid and changes the answers", () => {
    const copy = { ...EU_561_2006, id: 'tenant-7', name: 'Ours', continuousDrivingS: 4 * 3600 };
    const parsed = parseDrivingRuleSet(copy);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const status = drivingTimesAt(timeline(0, [['drive', 3]]), parsed.rules, at(3));
    expect(status.leftBeforeBreakS).toBe(3600);
  });

  test("a tenant's longer daily-rest window moves the rest's deadline", () => {
    const activities = timeline(0, [
      ['work', 16],
      ['rest', 11],
      ['drive', 1],
    ]);
    const judge = (rules: typeof EU_561_2006) =>
      infringementsIn(activities, rules, -Infinity, Infinity).map((f) => [f.rule, f.measuredS]);
    expect(judge(EU_561_2006)).toEqual([['daily-rest', 8 * 3600]]);
    expect(judge({ ...EU_561_2006, dailyRestWindowS: 26 * 3600 })).toEqual([]);
  });

  test.each([
    ['a negative duration', { breakS: -60 }, 'breakS'],
    ['a zero duration', { weeklyRestS: 0 }, 'weeklyRestS'],
    ['a fractional second', { dailyRestS: 39_600.5 }, 'dailyRestS'],
    [
      'split break parts that do not add up to the break',
      { splitBreakSecondS: 20 * 60 },
      'splitBreakSecondS',
    ],
    [
      'split daily rest parts that do not add up to the rest',
      { splitDailyRestSecondS: 9 * 3600, splitDailyRestFirstS: 1 * 3600 },
      'splitDailyRestSecondS',
    ],
    [
      'a reduced rest longer than the regular one',
      { reducedDailyRestS: 12 * 3600 },
      'reducedDailyRestS',
    ],
    [
      'an extended day shorter than the day',
      { extendedDailyDrivingS: 8 * 3600 },
      'extendedDailyDrivingS',
    ],
    ['a fortnight shorter than a week', { fortnightDrivingS: 50 * 3600 }, 'fortnightDrivingS'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['no rest kind', { restKinds: [] }, 'restKinds'],
    ['driving as rest', { restKinds: ['drive'] }, 'restKinds.0'],
    [
      'severity thresholds out of order',
      {
        severities: {
          ...EU_561_2006.severities,
          'daily-rest': { seriousFrom: 3600, verySeriousFrom: 60 },
        },
      },
      'severities.daily-rest.verySeriousFrom',
    ],
  ])('rejects %s', (_name, change, path) => {
    const parsed = parseDrivingRuleSet({ ...EU_561_2006, ...change });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((i) => i.path)).toContain(path);
  });
});
