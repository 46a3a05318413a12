import { describe, expect, test } from 'vitest';
import { EU_561_2006, drivingTimesAt } from './index.js';
import { at, fullDay, judged, timeline } from './test-helpers.js';

const EU = EU_561_2006;
const H = 3600;

describe('daily rest (11 h; 9 h three times; 3 h + 9 h; within 24 h)', () => {
  const shortDay = [
    ['drive', 4.5],
    ['rest', 0.75],
    ['drive', 4.5],
    ['rest', 9],
  ] as const;

  test('the fourth reduced rest between weekly rests is an infringement', () => {
    const activities = timeline(0, [
      ...shortDay,
      ...shortDay,
      ...shortDay,
      ...shortDay,
      ['drive', 1],
    ]);
    expect(drivingTimesAt(activities, EU, at(56.25))).toMatchObject({ reducedRestsUsed: 3 });
    const [f, ...more] = judged(activities, 'daily-rest');
    expect(more).toEqual([]);
    expect(f).toMatchObject({
      limitS: 11 * H,
      measuredS: 9 * H,
      excessS: 2 * H,
      severity: 'serious',
      startMs: at(56.25),
      endMs: at(75),
    });
    expect(f!.variant).toBeUndefined();
  });

  test('the part inside the 24 h counts: 11 h from 20:00 ending 07:00 is a reduced rest of 10 h', () => {
    const activities = timeline(-12, [
      ['rest', 18],
      ['work', 14],
      ['rest', 11],
    ]);
    expect(judged(activities)).toEqual([]);
    expect(drivingTimesAt(activities, EU, at(31))).toMatchObject({ reducedRestsUsed: 1 });
  });

  test('the same rest after three reductions is 1 h short of 11 h: minor', () => {
    const activities = timeline(0, [
      ['drive', 4.5],
      ['rest', 9],
      ['drive', 4.5],
      ['rest', 9],
      ['drive', 4.5],
      ['rest', 9],
      ['work', 14],
      ['rest', 11],
    ]);
    const [f, ...more] = judged(activities, 'daily-rest');
    expect(more).toEqual([]);
    expect(f).toMatchObject({
      limitS: 11 * H,
      measuredS: 10 * H,
      excessS: H,
      severity: 'minor',
      startMs: at(40.5),
      endMs: at(64.5),
    });
  });

  test('a rest started too late has only 8 h inside the window', () => {
    const [f] = judged(
      timeline(-12, [
        ['rest', 18],
        ['work', 16],
        ['rest', 11],
      ]),
      'daily-rest',
    );
    expect(f).toMatchObject({
      limitS: 9 * H,
      measuredS: 8 * H,
      excessS: H,
      severity: 'minor',
      variant: 'reduced-daily-rest',
      startMs: at(6),
      endMs: at(30),
    });
  });

  test.each([
    [
      '3 h then 9 h is a regular (split) rest',
      [
        ['drive', 4.5],
        ['rest', 3],
        ['drive', 4.5],
        ['rest', 9],
      ],
      0,
    ],
    [
      '9 h then 3 h is a reduced rest',
      [
        ['drive', 4.5],
        ['rest', 9],
        ['drive', 4.5],
        ['rest', 3],
      ],
      1,
    ],
  ] as const)('%s', (_name, steps, reduced) => {
    const activities = timeline(0, steps);
    expect(judged(activities, 'daily-rest')).toEqual([]);
    expect(drivingTimesAt(activities, EU, at(21))).toMatchObject({ reducedRestsUsed: reduced });
  });

  test('24 h without a rest: the whole daily rest is missing', () => {
    const [f] = judged(timeline(0, [['work', 30]]), 'daily-rest');
    expect(f).toMatchObject({
      limitS: 9 * H,
      measuredS: 0,
      excessS: 9 * H,
      severity: 'very-serious',
      startMs: at(0),
      endMs: at(24),
    });
  });

  test('a night without data is not credited as rest', () => {
    const activities = timeline(0, [
      ['drive', 4.5],
      ['rest', 0.75],
      ['drive', 4.5],
      ['unknown', 12],
      ['drive', 4.5],
      ['rest', 0.75],
      ['drive', 4.5],
      ['rest', 11],
    ]);
    const [f] = judged(activities, 'daily-rest');
    expect(f).toMatchObject({
      measuredS: 0.75 * H,
      limitS: 9 * H,
      severity: 'very-serious',
      unknownS: 12 * H,
      endMs: at(24),
    });
  });

  test('a day of work with the latest rest start due in the status', () => {
    const status = drivingTimesAt(timeline(0, [['drive', 2]]), EU, at(2));
    // 8 h left today (10 h: an extension is left); the rest must start by 24 h − 9 h = 15 h.
    expect(status).toMatchObject({ nextDailyRestDueMs: at(10) });
    const late = drivingTimesAt(
      timeline(0, [
        ['work', 12],
        ['drive', 1],
      ]),
      EU,
      at(13),
    );
    expect(late).toMatchObject({ nextDailyRestDueMs: at(15) });
  });
});

describe('multi-manning (Art. 8(5): 9 h of rest within 30 h)', () => {
  const crewDay = timeline(0, [
    ['drive', 4.5],
    ['available', 4.5],
    ['drive', 4.5],
    ['available', 4.5],
    ['drive', 3],
    ['rest', 9],
    ['drive', 1],
  ]);

  test('with a co-driver aboard, 9 h of rest ending 30 h after the previous rest is enough', () => {
    const crew = crewDay.map((a) => ({ ...a, hasCoDriver: true }));
    expect(judged(crew, 'daily-rest')).toEqual([]);
    expect(drivingTimesAt(crew, EU, at(31))).toMatchObject({ reducedRestsUsed: 0 });
  });

  test('alone, the same day misses its daily rest at 24 h', () => {
    const [f] = judged(crewDay, 'daily-rest');
    expect(f).toMatchObject({ limitS: 9 * H, measuredS: 3 * H, endMs: at(24) });
  });
});

describe('weekly rest (45 h, 24 h reduced, after at most six 24-hour periods)', () => {
  test('started 6 h after six 24-hour periods: serious', () => {
    const six = [
      ...fullDay(9),
      ...fullDay(9),
      ...fullDay(9),
      ...fullDay(9),
      ...fullDay(9),
      ...fullDay(9),
    ];
    const [f, ...more] = judged(
      timeline(0, [['rest', 45], ...six, ['work', 6], ['rest', 45]]),
      'weekly-rest',
    );
    expect(more).toEqual([]);
    expect(f).toMatchObject({
      variant: 'weekly-rest-late',
      limitS: 144 * H,
      measuredS: 150 * H,
      excessS: 6 * H,
      severity: 'serious',
      startMs: at(189),
      endMs: at(195),
    });
  });

  test('one reduced weekly rest is allowed, two in a row are not', () => {
    expect(
      judged(
        timeline(0, [
          ['rest', 30],
          ['drive', 4.5],
          ['rest', 45],
        ]),
        'weekly-rest',
      ),
    ).toEqual([]);
    const [f] = judged(
      timeline(0, [
        ['rest', 30],
        ['drive', 4.5],
        ['rest', 30],
        ['drive', 1],
      ]),
      'weekly-rest',
    );
    expect(f).toMatchObject({
      limitS: 45 * H,
      measuredS: 30 * H,
      excessS: 15 * H,
      severity: 'very-serious',
      startMs: at(34.5),
      endMs: at(64.5),
    });
  });

  test('a weekly rest ends the reduced-rest count', () => {
    const activities = timeline(0, [
      ['drive', 4.5],
      ['rest', 9],
      ['drive', 4.5],
      ['rest', 45],
      ['drive', 2],
    ]);
    expect(drivingTimesAt(activities, EU, at(63))).toMatchObject({ reducedRestsUsed: 0 });
  });
});
