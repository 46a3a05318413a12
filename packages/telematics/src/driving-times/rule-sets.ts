// The limits as data. EU_561_2006 is the reference set; a tenant copies it, changes the numbers
// for its country's rules, and `drivingRuleSetSchema` checks the copy before it is stored.
import { z } from 'zod';
import type { DrivingRuleSet } from './types.js';

const H = 3600;
const MIN = 60;

/**
 * Regulation (EC) No 561/2006, Articles 6–8: driving 4 h 30 then a 45 min break (15 + 30);
 * 9 h a day (10 h twice a week), 56 h a week, 90 h a fortnight; daily rest 11 h (9 h three times
 * between weekly rests; 3 h + 9 h) within 24 h; weekly rest 45 h (24 h reduced) after at most six
 * 24-hour periods. Fixed weeks Monday 00:00 – Sunday 24:00 UTC (Art. 4(i); tachographs keep UTC).
 *
 * Severities: Commission Regulation (EU) 2016/403, Annex I (amending Annex III of Directive
 * 2006/22/EC). Its "serious" (SI) ranges start `serious`; "very serious" and "most serious" (VSI,
 * MSI) start `very-serious`; below the SI range an excess is `minor` (Directive 2006/22/EC Annex
 * III's minor infringements). Driving thresholds are the excess over the limit (SI "5 h ≤ … < 6 h"
 * for 4 h 30 → 30 min); rest thresholds are the rest missing, strictly above (SI "8 h 30 ≤ … < 10 h"
 * for 11 h → more than 1 h missing).
 */
export const EU_561_2006: DrivingRuleSet = {
  id: 'eu-561-2006',
  name: 'EU 561/2006',
  timeZone: 'UTC',
  continuousDrivingS: 4.5 * H,
  breakS: 45 * MIN,
  splitBreakFirstS: 15 * MIN,
  splitBreakSecondS: 30 * MIN,
  dailyDrivingS: 9 * H,
  extendedDailyDrivingS: 10 * H,
  extendedDaysPerWeek: 2,
  weeklyDrivingS: 56 * H,
  fortnightDrivingS: 90 * H,
  dailyRestS: 11 * H,
  reducedDailyRestS: 9 * H,
  reducedDailyRestsBetweenWeeklyRests: 3,
  splitDailyRestFirstS: 3 * H,
  splitDailyRestSecondS: 9 * H,
  dailyRestWindowS: 24 * H,
  weeklyRestS: 45 * H,
  reducedWeeklyRestS: 24 * H,
  weeklyRestWindowS: 6 * 24 * H,
  restKinds: ['rest'],
  // Art. 8(5): with a co-driver, 9 h of daily rest within 30 h.
  multiManningDailyRestS: 9 * H,
  multiManningRestWindowS: 30 * H,
  severities: {
    // Art. 7: SI 5 h ≤ … < 6 h, VSI 6 h ≤ …
    'continuous-driving': { seriousFrom: 30 * MIN, verySeriousFrom: 1.5 * H },
    // Art. 6(1), 9 h (and 10 h extended, the same offsets): SI 10 h ≤ … < 11 h, VSI 11 h ≤ …
    'daily-driving': { seriousFrom: 1 * H, verySeriousFrom: 2 * H },
    // Art. 6(2): SI 60 h ≤ … < 65 h, VSI 65 h ≤ …
    'weekly-driving': { seriousFrom: 4 * H, verySeriousFrom: 9 * H },
    // Art. 6(3): SI 100 h ≤ … < 105 h, VSI 105 h ≤ …
    'fortnight-driving': { seriousFrom: 10 * H, verySeriousFrom: 15 * H },
    // Art. 8(2), 11 h: SI 8 h 30 ≤ … < 10 h, VSI < 8 h 30
    'daily-rest': { seriousFrom: 1 * H, verySeriousFrom: 2.5 * H, exclusive: true },
    // Art. 8(6), 45 h when a reduced one is not allowed: SI 36 h ≤ … < 42 h, VSI < 36 h
    'weekly-rest': { seriousFrom: 3 * H, verySeriousFrom: 9 * H, exclusive: true },
  },
  variantSeverities: {
    'extended-daily-driving': { seriousFrom: 1 * H, verySeriousFrom: 2 * H },
    // 9 h reduced, and the 9 h second part of a split rest: SI 7 h ≤ … < 8 h, VSI < 7 h
    'reduced-daily-rest': { seriousFrom: 1 * H, verySeriousFrom: 2 * H, exclusive: true },
    'split-daily-rest': { seriousFrom: 1 * H, verySeriousFrom: 2 * H, exclusive: true },
    // Art. 8(6), weekly rest started after six 24-hour periods: SI 3 h < … < 12 h, VSI 12 h ≤ …
    'weekly-rest-late': { seriousFrom: 3 * H, verySeriousFrom: 12 * H, exclusive: true },
  },
};

const seconds = z.number().int().positive();
const scale = z
  .object({
    seriousFrom: z.number().nonnegative(),
    verySeriousFrom: z.number().nonnegative(),
    relative: z.boolean().optional(),
    exclusive: z.boolean().optional(),
  })
  .refine((s) => s.verySeriousFrom >= s.seriousFrom, {
    message: 'verySeriousFrom must not be below seriousFrom',
    path: ['verySeriousFrom'],
  });

const kind = z.enum(['drive', 'work', 'available', 'rest', 'unknown']);

/** A tenant's rule set: every duration positive, each split and reduction consistent with its whole. */
export const drivingRuleSetSchema = z
  .object({
    id: z.string().min(1).max(64),
    name: z.string().min(1).max(120),
    timeZone: z.string().refine(isTimeZone, { message: 'unknown IANA time zone' }),
    continuousDrivingS: seconds,
    breakS: seconds,
    splitBreakFirstS: seconds,
    splitBreakSecondS: seconds,
    dailyDrivingS: seconds,
    extendedDailyDrivingS: seconds,
    extendedDaysPerWeek: z.number().int().min(0).max(7),
    weeklyDrivingS: seconds,
    fortnightDrivingS: seconds,
    dailyRestS: seconds,
    reducedDailyRestS: seconds,
    reducedDailyRestsBetweenWeeklyRests: z.number().int().min(0).max(7),
    splitDailyRestFirstS: seconds,
    splitDailyRestSecondS: seconds,
    dailyRestWindowS: seconds,
    weeklyRestS: seconds,
    reducedWeeklyRestS: seconds,
    weeklyRestWindowS: seconds,
    restKinds: z.array(kind.exclude(['unknown', 'drive'])).min(1),
    severities: z.object({
      'continuous-driving': scale,
      'daily-driving': scale,
      'weekly-driving': scale,
      'fortnight-driving': scale,
      'daily-rest': scale,
      'weekly-rest': scale,
    }),
    variantSeverities: z
      .object({
        'extended-daily-driving': scale,
        'reduced-daily-rest': scale,
        'split-daily-rest': scale,
        'weekly-rest-late': scale,
      })
      .partial()
      .optional(),
    unknownResetS: seconds.optional(),
    multiManningDailyRestS: seconds.optional(),
    multiManningRestWindowS: seconds.optional(),
  })
  .superRefine((r, ctx) => {
    // [holds, field, message]: how the numbers must relate for the engine to read them.
    const checks: [boolean, string, string][] = [
      [r.splitBreakFirstS < r.breakS, 'splitBreakFirstS', 'must be shorter than breakS'],
      [r.splitBreakSecondS <= r.breakS, 'splitBreakSecondS', 'must not exceed breakS'],
      [
        r.splitBreakFirstS + r.splitBreakSecondS >= r.breakS,
        'splitBreakSecondS',
        'the two parts must add up to at least breakS',
      ],
      [r.breakS < r.continuousDrivingS, 'breakS', 'must be shorter than continuousDrivingS'],
      [
        r.continuousDrivingS <= r.dailyDrivingS,
        'continuousDrivingS',
        'must not exceed dailyDrivingS',
      ],
      [
        r.extendedDailyDrivingS >= r.dailyDrivingS,
        'extendedDailyDrivingS',
        'must not be below dailyDrivingS',
      ],
      [r.weeklyDrivingS >= r.dailyDrivingS, 'weeklyDrivingS', 'must not be below dailyDrivingS'],
      [
        r.fortnightDrivingS >= r.weeklyDrivingS,
        'fortnightDrivingS',
        'must not be below weeklyDrivingS',
      ],
      [
        r.fortnightDrivingS <= 2 * r.weeklyDrivingS,
        'fortnightDrivingS',
        'must not exceed twice weeklyDrivingS',
      ],
      [r.reducedDailyRestS <= r.dailyRestS, 'reducedDailyRestS', 'must not exceed dailyRestS'],
      [r.breakS < r.splitDailyRestFirstS, 'splitDailyRestFirstS', 'must be longer than breakS'],
      [
        r.splitDailyRestFirstS < r.reducedDailyRestS,
        'splitDailyRestFirstS',
        'must be shorter than reducedDailyRestS',
      ],
      [
        r.splitDailyRestSecondS <= r.dailyRestS,
        'splitDailyRestSecondS',
        'must not exceed dailyRestS',
      ],
      [
        r.splitDailyRestSecondS >= r.reducedDailyRestS,
        'splitDailyRestSecondS',
        'must not be below reducedDailyRestS',
      ],
      [
        r.splitDailyRestFirstS + r.splitDailyRestSecondS >= r.dailyRestS,
        'splitDailyRestSecondS',
        'the two parts must add up to at least dailyRestS',
      ],
      [r.dailyRestS < r.dailyRestWindowS, 'dailyRestWindowS', 'must be longer than dailyRestS'],
      [r.reducedWeeklyRestS > r.dailyRestS, 'reducedWeeklyRestS', 'must be longer than dailyRestS'],
      [r.reducedWeeklyRestS <= r.weeklyRestS, 'reducedWeeklyRestS', 'must not exceed weeklyRestS'],
      [
        r.weeklyRestWindowS >= r.dailyRestWindowS,
        'weeklyRestWindowS',
        'must not be below dailyRestWindowS',
      ],
    ];
    const crewRestS = r.multiManningDailyRestS;
    const crewWindowS = r.multiManningRestWindowS;
    if ((crewRestS === undefined) !== (crewWindowS === undefined))
      checks.push([false, 'multiManningRestWindowS', 'set both multi-manning fields or neither']);
    if (crewRestS !== undefined && crewWindowS !== undefined)
      checks.push([
        crewRestS < crewWindowS,
        'multiManningRestWindowS',
        'must be longer than multiManningDailyRestS',
      ]);
    for (const [holds, path, message] of checks)
      if (!holds) ctx.addIssue({ code: 'custom', path: [path], message });
  });

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A tenant's rule set (a copy of EU_561_2006 with its numbers changed), checked: the rules or what is wrong. */
export function parseDrivingRuleSet(
  input: unknown,
):
  { ok: true; rules: DrivingRuleSet } | { ok: false; issues: { path: string; message: string }[] } {
  const parsed = drivingRuleSetSchema.safeParse(input);
  if (parsed.success) return { ok: true, rules: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  };
}
