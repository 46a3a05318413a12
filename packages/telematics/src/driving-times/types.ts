// The driving- and rest-time rule engine's input and output (issue 26). Pure data: the engine
// (`engine.ts`) reads activity intervals and a rule set and answers, at any instant, the driving
// left and the rests due, and every infringement in a period with its evidence. Times are epoch ms;
// durations are seconds. The reference rule set is EU Regulation 561/2006 (`rule-sets.ts`).

// The same unions as `@rumbo/contracts`' driving-times.ts (telematics does not depend on contracts;
// a server test checks that the two agree).
export type DriverActivityKind = 'drive' | 'work' | 'available' | 'rest' | 'unknown';
export type InfringementSeverity = 'minor' | 'serious' | 'very-serious';
export type DrivingRule =
  | 'continuous-driving'
  | 'daily-driving'
  | 'weekly-driving'
  | 'fortnight-driving'
  | 'daily-rest'
  | 'weekly-rest';

/** A stretch of one activity of one driver (card), [startMs, endMs). */
export interface ActivityInterval {
  kind: DriverActivityKind;
  startMs: number;
  endMs: number;
  /** The truck, when known (evidence shows it); not read by the rules. */
  vehicleId?: number;
  /** Two drivers' cards in the tachograph (multi-manning, Art. 4(o) of 561/2006). */
  hasCoDriver?: boolean;
}

/** Severity thresholds of one rule: the excess (seconds, or a fraction where `relative`) from which each category starts. */
export interface SeverityScale {
  /** Excess at or above which the infringement is `serious` / `very-serious`; below: `minor`. */
  seriousFrom: number;
  verySeriousFrom: number;
  /** When true the thresholds are fractions of the limit (0.1 = 10 % over), else seconds. */
  relative?: boolean;
  /**
   * When true a category starts strictly above its threshold: the regulation states rests as
   * ranges of the rest taken ("8 h 30 ≤ … < 10 h"), so 1 h missing of 11 h is still minor.
   */
  exclusive?: boolean;
}

/** A rule's variant with its own severity scale (the regulation grades them apart). */
export type SeverityVariant =
  'extended-daily-driving' | 'reduced-daily-rest' | 'split-daily-rest' | 'weekly-rest-late';

/** The limits, as data: a tenant copies EU 561/2006 and changes the numbers. */
export interface DrivingRuleSet {
  id: string;
  name: string;
  /** IANA zone the days and fixed weeks are counted in (tachographs count in UTC). */
  timeZone: string;
  continuousDrivingS: number; // 4 h 30
  breakS: number; // 45 min
  splitBreakFirstS: number; // 15 min, then
  splitBreakSecondS: number; // 30 min
  dailyDrivingS: number; // 9 h
  extendedDailyDrivingS: number; // 10 h
  extendedDaysPerWeek: number; // 2
  weeklyDrivingS: number; // 56 h
  fortnightDrivingS: number; // 90 h
  dailyRestS: number; // 11 h
  reducedDailyRestS: number; // 9 h
  reducedDailyRestsBetweenWeeklyRests: number; // 3
  splitDailyRestFirstS: number; // 3 h, then
  splitDailyRestSecondS: number; // 9 h
  /** A daily rest must be taken within this of the end of the previous (daily or weekly) rest. */
  dailyRestWindowS: number; // 24 h
  weeklyRestS: number; // 45 h
  reducedWeeklyRestS: number; // 24 h
  /** A weekly rest must start within this of the end of the previous weekly rest. */
  weeklyRestWindowS: number; // 6 × 24 h
  /** Which activity kinds count as rest for breaks and rests (EU: `rest`; `available` does not). */
  restKinds: readonly DriverActivityKind[];
  severities: Readonly<Record<DrivingRule, SeverityScale>>;
  /** Scales of the variants; a variant without one uses its rule's. */
  variantSeverities?: Readonly<Partial<Record<SeverityVariant, SeverityScale>>>;
  /**
   * A stretch without data (`unknown` or no interval) at least this long restarts the engine as
   * at the start of the record: it is not credited as rest, and no rule is judged across it.
   * Default: `reducedWeeklyRestS`.
   */
  unknownResetS?: number;
  /**
   * Multi-manning (Art. 8(5)): a day with a co-driver needs this daily rest (9 h, no reductions
   * counted) within `multiManningRestWindowS` (30 h) of the previous rest. Both or neither.
   */
  multiManningDailyRestS?: number;
  multiManningRestWindowS?: number;
}

/** What the engine answers at an instant. */
export interface DrivingTimesStatus {
  atMs: number;
  activity: DriverActivityKind;
  activitySinceMs: number | undefined;
  drivenSinceBreakS: number;
  drivenTodayS: number;
  drivenWeekS: number;
  drivenFortnightS: number;
  /** Driving left, seconds, never negative. */
  leftBeforeBreakS: number;
  leftTodayS: number;
  leftWeekS: number;
  leftFortnightS: number;
  /** When driving on without a stop would reach the break / daily limit (undefined when not due). */
  nextBreakDueMs: number | undefined;
  nextDailyRestDueMs: number | undefined;
  extendedDaysUsed: number;
  reducedRestsUsed: number;
}

export interface Infringement {
  rule: DrivingRule;
  severity: InfringementSeverity;
  startMs: number;
  endMs: number;
  limitS: number;
  measuredS: number;
  excessS: number;
  /** The activity intervals that prove it. */
  evidence: ActivityInterval[];
  /** Which variant of the rule (reduced rest, extended day, late weekly rest…), when not the plain one. */
  variant?: SeverityVariant;
  /** Still going on at the end of the record: the measured value can still grow. */
  ongoing?: boolean;
  /** Seconds of the evidence window without data (`unknown`): the verdict rests on what is known. */
  unknownS?: number;
}
