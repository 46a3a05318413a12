import { describe, expect, test } from 'vitest';
import { EU_561_2006, drivingTimesAt, infringementsIn } from './index.js';
import { H_MS, at, day, fullDay, judged, timeline } from './test-helpers.js';

const EU = EU_561_2006;
const H = 3600;

describe('continuous driving (4 h 30, then 45 min or 15 + 30)', () => {
  test.each([
    [
      'a 45 min break after 4 h 30',
      [
        ['drive', 4.5],
        ['rest', 0.75],
        ['drive', 4.5],
        ['rest', 0.75],
      ],
    ],
    [
      'a break split 15 then 30',
      [
        ['drive', 2],
        ['rest', 0.25],
        ['drive', 2.5],
        ['rest', 0.5],
        ['drive', 4.5],
        ['rest', 0.75],
      ],
    ],
    [
      'exactly 4 h 30 of driving',
      [
        ['drive', 4.5],
        ['rest', 1],
      ],
    ],
  ] as const)('no infringement with %s', (_name, steps) => {
    expect(judged(timeline(0, steps), 'continuous-driving')).toEqual([]);
  });

  test.each([
    // [name, steps, measured h, excess s, severity, end h]
    [
      'a split break in the wrong order (30 then 15)',
      [
        ['drive', 2],
        ['rest', 0.5],
        ['drive', 2],
        ['rest', 0.25],
        ['drive', 1],
        ['rest', 0.75],
      ],
      5,
      1800,
      'serious',
      5.75,
    ],
    [
      'a 44 min break (too short, counts as a first part only)',
      [
        ['drive', 4.5],
        ['rest', 44 / 60],
        ['drive', 1],
        ['rest', 0.75],
      ],
      5.5,
      3600,
      'serious',
      4.5 + 44 / 60 + 1,
    ],
    [
      '15 min over',
      [
        ['drive', 4.75],
        ['rest', 0.75],
      ],
      4.75,
      900,
      'minor',
      4.75,
    ],
    [
      '1 h 30 over',
      [
        ['drive', 6],
        ['rest', 1],
      ],
      6,
      5400,
      'very-serious',
      6,
    ],
  ] as const)('%s', (_name, steps, measuredH, excessS, severity, endH) => {
    const [f, ...more] = judged(timeline(0, steps), 'continuous-driving');
    expect(more).toEqual([]);
    expect(f).toMatchObject({
      limitS: 4.5 * H,
      measuredS: measuredH * H,
      excessS,
      severity,
      startMs: at(0),
      endMs: at(endH),
    });
    expect(
      f!.evidence.filter((e) => e.kind === 'drive').reduce((s, e) => s + e.endMs - e.startMs, 0),
    ).toBe(measuredH * H_MS);
  });

  test('an unknown stretch is not a break, and the infringement says how much was unknown', () => {
    const [f] = judged(
      timeline(0, [
        ['drive', 3],
        ['unknown', 1],
        ['drive', 2],
        ['rest', 0.75],
      ]),
      'continuous-driving',
    );
    expect(f).toMatchObject({ measuredS: 5 * H, excessS: 1800, unknownS: 3600 });
  });

  test('a gap between intervals is unknown too', () => {
    const activities = [
      ...timeline(0, [['drive', 3]]),
      ...timeline(4, [
        ['drive', 2],
        ['rest', 0.75],
      ]),
    ];
    expect(judged(activities, 'continuous-driving')[0]).toMatchObject({
      measuredS: 5 * H,
      unknownS: 3600,
    });
  });

  test('driving on past 4 h 30 is an ongoing infringement at the end of the record', () => {
    const [f] = judged(timeline(0, [['drive', 5]]), 'continuous-driving');
    expect(f).toMatchObject({ measuredS: 5 * H, ongoing: true, endMs: at(5) });
  });

  test('the status counts down to the next break', () => {
    const status = drivingTimesAt(
      timeline(0, [
        ['drive', 4.5],
        ['rest', 0.75],
        ['drive', 3],
      ]),
      EU,
      at(7.25),
    );
    expect(status).toMatchObject({
      activity: 'drive',
      activitySinceMs: at(5.25),
      drivenSinceBreakS: 2 * H,
      leftBeforeBreakS: 2.5 * H,
      nextBreakDueMs: at(9.75),
      drivenTodayS: 6.5 * H,
      leftTodayS: 3.5 * H, // 10 h: an extension is left
    });
  });

  test('a 45 min rest going on already counts as the break', () => {
    const status = drivingTimesAt(
      timeline(0, [
        ['drive', 4.5],
        ['rest', 2],
      ]),
      EU,
      at(5.25),
    );
    expect(status).toMatchObject({
      activity: 'rest',
      drivenSinceBreakS: 0,
      leftBeforeBreakS: 4.5 * H,
      nextBreakDueMs: undefined,
    });
  });
});

describe('daily driving (9 h, 10 h twice a fixed week)', () => {
  test('the 10 h extension used a third time in a week is an infringement of the 9 h limit', () => {
    const activities = timeline(0, [...day(10, 11), ...day(10, 11), ...day(10, 11)]);
    const [f, ...more] = judged(activities, 'daily-driving');
    expect(more).toEqual([]);
    expect(f).toMatchObject({
      limitS: 9 * H,
      measuredS: 10 * H,
      excessS: H,
      severity: 'serious',
      startMs: at(45),
      endMs: at(56.5),
    });
    expect(f!.variant).toBeUndefined();
    expect(f!.evidence.every((e) => e.kind === 'drive')).toBe(true);
    expect(drivingTimesAt(activities, EU, at(45))).toMatchObject({
      extendedDaysUsed: 2,
      leftTodayS: 9 * H,
    });
  });

  test('an extended day over 10 h is judged against 10 h', () => {
    const [f] = judged(timeline(0, day(10.5, 11)), 'daily-driving');
    expect(f).toMatchObject({
      limitS: 10 * H,
      measuredS: 10.5 * H,
      excessS: 1800,
      severity: 'minor',
      variant: 'extended-daily-driving',
    });
  });

  test('the extensions start again in a new fixed week', () => {
    const activities = timeline(72, [...day(10, 11), ...day(10, 11), ['rest', 50], ...day(10, 11)]);
    expect(judged(activities, 'daily-driving')).toEqual([]);
    expect(drivingTimesAt(activities, EU, at(168 + 12))).toMatchObject({ extendedDaysUsed: 1 });
  });

  test('the day is the driving between two daily rests, not the calendar day', () => {
    // 18:00 Monday to 03:15 Tuesday: one day of 8 h across midnight, then 11 h of rest.
    const activities = timeline(18, [
      ['drive', 4.5],
      ['rest', 0.75],
      ['drive', 4],
      ['rest', 11],
    ]);
    expect(drivingTimesAt(activities, EU, at(27.25))).toMatchObject({
      drivenTodayS: 8.5 * H,
      leftTodayS: 1.5 * H,
    });
    expect(drivingTimesAt(activities, EU, at(38.25))).toMatchObject({
      drivenTodayS: 0,
      leftTodayS: 10 * H,
    });
  });
});

describe('weekly (56 h) and fortnight (90 h) driving', () => {
  const week56 = [
    ...fullDay(10),
    ...fullDay(10),
    ...fullDay(9),
    ...fullDay(9),
    ...fullDay(9),
    ...fullDay(9),
  ];

  test('57 h in a fixed week', () => {
    const [f, ...more] = judged(
      timeline(0, [...week56, ['drive', 1], ['rest', 23]]),
      'weekly-driving',
    );
    expect(more).toEqual([]);
    expect(f).toMatchObject({
      limitS: 56 * H,
      measuredS: 57 * H,
      excessS: H,
      severity: 'minor',
      startMs: at(0),
      endMs: at(168),
    });
    expect(f!.ongoing).toBeUndefined();
  });

  test('56 h exactly is within the limit', () => {
    expect(judged(timeline(0, [...week56, ['rest', 24]]), 'weekly-driving')).toEqual([]);
  });

  test('92 h over two consecutive weeks, still going on', () => {
    const activities = timeline(0, [
      ...week56,
      ['rest', 24],
      ...fullDay(9),
      ...fullDay(9),
      ...fullDay(9),
      ...fullDay(9),
    ]);
    const [f, ...more] = judged(activities, 'fortnight-driving');
    expect(more).toEqual([]);
    expect(f).toMatchObject({
      limitS: 90 * H,
      measuredS: 92 * H,
      excessS: 2 * H,
      severity: 'minor',
      startMs: at(0),
      endMs: at(264),
      ongoing: true,
    });
    expect(drivingTimesAt(activities, EU, at(264))).toMatchObject({
      drivenWeekS: 36 * H,
      drivenFortnightS: 92 * H,
      leftWeekS: 20 * H,
      leftFortnightS: 0,
    });
  });

  test('driving across Sunday → Monday counts in each week for its part', () => {
    const status = drivingTimesAt(timeline(166, [['drive', 4]]), EU, at(170));
    expect(status).toMatchObject({
      drivenWeekS: 2 * H,
      drivenFortnightS: 4 * H,
      drivenTodayS: 4 * H,
      drivenSinceBreakS: 4 * H,
      leftWeekS: 54 * H,
    });
  });
});

describe('the record', () => {
  test('a day or more without data restarts the engine: nothing is judged across it', () => {
    expect(
      judged(
        timeline(0, [
          ['drive', 4],
          ['unknown', 30],
          ['drive', 4],
          ['rest', 1],
        ]),
      ),
    ).toEqual([]);
    expect(
      judged([
        ...timeline(0, [['drive', 4]]),
        ...timeline(40, [
          ['drive', 4],
          ['rest', 1],
        ]),
      ]),
    ).toEqual([]);
  });

  test('a day without data clears the break, the day and the reduced rests', () => {
    const activities = timeline(0, [
      ['drive', 4],
      ['rest', 9],
      ['drive', 4],
      ['unknown', 30],
    ]);
    expect(drivingTimesAt(activities, EU, at(47))).toMatchObject({
      activity: 'unknown',
      activitySinceMs: at(17),
      drivenSinceBreakS: 0,
      drivenTodayS: 0,
      drivenWeekS: 8 * H,
      reducedRestsUsed: 0,
    });
  });

  test('a rule set in Madrid time counts its weeks from Monday 00:00 there', () => {
    const madrid = { ...EU, timeZone: 'Europe/Madrid' };
    // Sunday 22:00 → Monday 02:00 UTC is 23:00 → 03:00 in Madrid: 3 h in the new week.
    const status = drivingTimesAt(timeline(166, [['drive', 4]]), madrid, at(170));
    expect(status).toMatchObject({ drivenWeekS: 3 * H, drivenFortnightS: 4 * H });
  });

  test('an interval without an end is left out; an instant that is not one is refused', () => {
    const open = [
      ...timeline(0, [['drive', 2]]),
      { kind: 'rest' as const, startMs: at(2), endMs: Infinity },
    ];
    expect(infringementsIn(open, EU, -Infinity, Infinity)).toEqual([]);
    expect(drivingTimesAt(open, EU, at(2.5))).toMatchObject({
      activity: 'rest',
      drivenSinceBreakS: 2 * H,
    });
    expect(() => drivingTimesAt(open, EU, Infinity)).toThrow(RangeError);
  });

  test('before any activity every limit is left', () => {
    expect(drivingTimesAt([], EU, at(0))).toMatchObject({
      activity: 'unknown',
      activitySinceMs: undefined,
      leftBeforeBreakS: 4.5 * H,
      leftTodayS: 10 * H,
      leftWeekS: 56 * H,
      leftFortnightS: 90 * H,
      nextBreakDueMs: undefined,
      nextDailyRestDueMs: undefined,
    });
  });

  test('only the infringements ending in the period are answered', () => {
    const activities = timeline(0, [
      ['drive', 5],
      ['rest', 1],
      ['drive', 5],
      ['rest', 1],
    ]);
    expect(infringementsIn(activities, EU, at(0), at(5))).toEqual([]);
    expect(infringementsIn(activities, EU, at(5), at(6)).map((f) => f.endMs)).toEqual([at(5)]);
    expect(infringementsIn(activities, EU, at(5), at(12))).toHaveLength(2);
  });
});
