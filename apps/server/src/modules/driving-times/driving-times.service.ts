import type { Kysely } from 'kysely';
import {
  addZonedDays,
  wallClockOf,
  type DriverActivityDto,
  type DriverDrivingTimesDetailDto,
  type DriverDrivingTimesDto,
  type DrivingTimesListDto,
  type InfringementDto,
  type InfringementListDto,
  type Language,
  type TimeZoneSetting,
} from '@rumbo/contracts';
import {
  DEFAULT_REDUCER_SETTINGS,
  drivingTimesAt,
  infringementsIn,
  parseDrivingRuleSet,
  type ActivityInterval,
  type DriverActivityKind,
  type DrivingRuleSet,
  type DrivingTimesStatus,
  type Infringement,
} from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { DrivingTimesCache } from './driving-times.cache.js';
import {
  activitiesOf,
  driverById,
  driversOf,
  ruleSetOf,
  saveRuleSet,
  type ActivityRow,
  type DriverRow,
} from './driving-times.repository.js';
import { orNotFound } from '../../lib/not-found.js';

// Driving and rest times (issue 26, decision 0043): each driver's activities across the trucks
// their card was in, through the rule engine (packages/telematics/src/driving-times).

/** How far back the engine reads a driver's activities: two fixed weeks and the rest before them. */
export const HISTORY_MS = 21 * 86_400_000;

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

/**
 * Where an open interval ends at `atMs`: now while its truck reports (its last record within the
 * trip gap, the detector's silence threshold), else at that last record — the silence is unknown.
 */
function openEndMs(r: ActivityRow, atMs: number): number {
  const last = Math.max(r.lastFixMs ?? r.startMs, r.startMs);
  return atMs - last <= DEFAULT_REDUCER_SETTINGS.tripMaxGapS * 1000 ? atMs : Math.min(atMs, last);
}

/**
 * A card's rows as the engine reads them: in time order, one card in one tachograph at a time
 * (an overlap is cut at the next start), the open interval up to `atMs` ({@link openEndMs}).
 */
export function intervalsOf(rows: readonly ActivityRow[], atMs: number): ActivityInterval[] {
  const out: ActivityInterval[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const next = rows[i + 1];
    let end = r.endMs ?? openEndMs(r, atMs);
    if (next && next.startMs < end) end = next.startMs;
    if (end > r.startMs)
      out.push({ kind: r.kind, startMs: r.startMs, endMs: end, vehicleId: r.vehicleId });
  }
  return out;
}

function byCard(rows: readonly ActivityRow[]): Map<string, ActivityRow[]> {
  const map = new Map<string, ActivityRow[]>();
  for (const r of rows) {
    const list = map.get(r.card);
    if (list) list.push(r);
    else map.set(r.card, [r]);
  }
  return map;
}

/** One driver's row of the list at `atMs`. */
export function driverTimesOf(
  card: string,
  driver: DriverRow | undefined,
  rows: readonly ActivityRow[],
  rules: DrivingRuleSet,
  atMs: number,
): DriverDrivingTimesDto {
  return dtoOfStatus(card, driver, rows, drivingTimesAt(intervalsOf(rows, atMs), rules, atMs));
}

/** A driver's row of the list from the engine's status. */
export function dtoOfStatus(
  card: string,
  driver: DriverRow | undefined,
  rows: readonly ActivityRow[],
  s: DrivingTimesStatus,
): DriverDrivingTimesDto {
  const last = rows.at(-1);
  const current = last && last.endMs === null ? last : undefined;
  // An interval that has just begun (at the record being told) is still empty for the engine,
  // which then reads the one before: the open interval's kind is the driver's activity now.
  const opensNow =
    current !== undefined &&
    current.startMs <= s.atMs &&
    (s.activitySinceMs === undefined || current.startMs > s.activitySinceMs) &&
    current.kind !== s.activity;
  return {
    driverId: driver?.id ?? null,
    codigo: card,
    nombre: driver?.nombre ?? card,
    groupId: driver?.groupId ?? null,
    idvehiculo: current?.vehicleId ?? null,
    plate: current?.plate ?? null,
    activity: opensNow ? current.kind : s.activity,
    activitySince: iso(opensNow ? current.startMs : s.activitySinceMs),
    drivenS: {
      sinceBreakS: s.drivenSinceBreakS,
      todayS: s.drivenTodayS,
      weekS: s.drivenWeekS,
      fortnightS: s.drivenFortnightS,
    },
    drivingLeft: {
      breakS: Math.max(0, s.leftBeforeBreakS),
      dayS: Math.max(0, s.leftTodayS),
      weekS: Math.max(0, s.leftWeekS),
      fortnightS: Math.max(0, s.leftFortnightS),
    },
    nextBreakDue: iso(s.nextBreakDueMs),
    nextDailyRestDue: iso(s.nextDailyRestDueMs),
    extendedDaysUsed: s.extendedDaysUsed,
    reducedRestsUsed: s.reducedRestsUsed,
    updatedAt: iso(last?.lastFixMs),
  };
}

/** `GET /api/v2/driving-times`: every driver with a card seen in the history, and each known one. */
export async function drivingTimesList(
  db: Kysely<Database>,
  tenantId: number,
  options: { groupId?: number; nowMs: number; lang: Language; cache?: DrivingTimesCache },
): Promise<DrivingTimesListDto> {
  const { groupId, nowMs, lang, cache } = options;
  const [rules, drivers] = await Promise.all([
    ruleSetOf(db, tenantId),
    driversOf(db, tenantId, groupId),
  ]);
  if (cache) {
    const inGroup = new Set(drivers.map((d) => d.code));
    const driverOf = new Map(drivers.map((d) => [d.code, d]));
    const list: DriverDrivingTimesDto[] = [];
    for (const [card, { rows, status }] of await cache.rows(db, tenantId, rules, nowMs))
      if (groupId === undefined || inGroup.has(card)) {
        list.push(dtoOfStatus(card, driverOf.get(card), rows, status));
        inGroup.delete(card);
      }
    for (const code of inGroup)
      list.push(driverTimesOf(code, driverOf.get(code), [], rules, nowMs));
    return { drivers: list, ruleSet: { id: rules.id, name: rules.name } };
  }
  const cards = groupId === undefined ? undefined : drivers.map((d) => d.code);
  const rows = byCard(await activitiesOf(db, tenantId, nowMs - HISTORY_MS, nowMs + 1, lang, cards));
  const driverOf = new Map(drivers.map((d) => [d.code, d]));
  const list: DriverDrivingTimesDto[] = [];
  for (const [card, cardRows] of rows)
    list.push(driverTimesOf(card, driverOf.get(card), cardRows, rules, nowMs));
  for (const d of drivers)
    if (!rows.has(d.code)) list.push(driverTimesOf(d.code, d, [], rules, nowMs));
  return { drivers: list, ruleSet: { id: rules.id, name: rules.name } };
}

function activityDto(
  r: ActivityRow | undefined,
  kind: DriverActivityKind,
  startMs: number,
  endMs: number | null,
): DriverActivityDto {
  return {
    kind,
    start: new Date(startMs).toISOString(),
    end: iso(endMs),
    idvehiculo: r?.vehicleId ?? null,
    plate: r?.plate ?? null,
    slot: r?.slot ?? null,
    place: r?.place ?? null,
  };
}

/** The intervals within [fromMs, toMs), the gaps between them as `unknown`. */
function timeline(
  rows: readonly ActivityRow[],
  intervals: readonly ActivityInterval[],
  fromMs: number,
  toMs: number,
): DriverActivityDto[] {
  const rowAt = new Map(rows.map((r) => [r.startMs, r]));
  const out: DriverActivityDto[] = [];
  let t = fromMs;
  for (const a of intervals) {
    if (a.endMs <= fromMs || a.startMs >= toMs) continue;
    if (a.startMs > t) out.push(activityDto(undefined, 'unknown', t, a.startMs));
    const r = rowAt.get(a.startMs);
    const isOpen = r !== undefined && r.endMs === null && a.endMs >= toMs;
    out.push(
      activityDto(r, a.kind, Math.max(a.startMs, fromMs), isOpen ? null : Math.min(a.endMs, toMs)),
    );
    t = Math.min(a.endMs, toMs);
  }
  if (t < toMs) out.push(activityDto(undefined, 'unknown', t, toMs));
  return out;
}

/**
 * Seconds per activity kind and calendar day of the timeline, the days in the caller's time zone
 * (the chart draws the caller's days; the rule set's zone counts only the limits' days and weeks).
 */
export function dayTotals(
  timelineDtos: readonly DriverActivityDto[],
  toMs: number,
  zone: TimeZoneSetting,
): { day: string; totals: Record<DriverActivityKind, number> }[] {
  const days: { day: string; totals: Record<DriverActivityKind, number> }[] = [];
  for (const a of timelineDtos) {
    const endMs = a.end === null ? toMs : Date.parse(a.end);
    let t = Date.parse(a.start);
    while (t < endMs) {
      const pieceEnd = Math.min(endMs, addZonedDays(zone, t, 1));
      const day = new Date(wallClockOf(zone, t)).toISOString().slice(0, 10);
      let row = days[days.length - 1];
      if (row?.day !== day) {
        row = { day, totals: { drive: 0, work: 0, available: 0, rest: 0, unknown: 0 } };
        days.push(row);
      }
      row.totals[a.kind] += (pieceEnd - t) / 1000;
      t = pieceEnd;
    }
  }
  return days;
}

function infringementDto(
  card: string,
  driver: DriverRow | undefined,
  rows: readonly ActivityRow[],
  f: Infringement,
): InfringementDto {
  const rowOf = (vehicleId: number | undefined, atMs: number) =>
    rows.find(
      (r) =>
        r.vehicleId === vehicleId && r.startMs <= atMs && (r.endMs === null || r.endMs >= atMs),
    ) ?? rows.find((r) => r.vehicleId === vehicleId);
  const first = f.evidence[0];
  const at = rowOf(first?.vehicleId, f.startMs);
  return {
    id: `${card}|${f.rule}|${f.startMs}`,
    driverId: driver?.id ?? null,
    codigo: card,
    nombre: driver?.nombre ?? card,
    rule: f.rule,
    severity: f.severity,
    start: new Date(f.startMs).toISOString(),
    end: new Date(f.endMs).toISOString(),
    limitS: f.limitS,
    measuredS: f.measuredS,
    excessS: f.excessS,
    idvehiculo: at?.vehicleId ?? null,
    plate: at?.plate ?? null,
    place: at?.place ?? null,
    evidence: f.evidence.map((e) => {
      const r = e.vehicleId === undefined ? undefined : rowOf(e.vehicleId, e.startMs);
      return activityDto(r, e.kind, e.startMs, e.endMs);
    }),
  };
}

/** `GET /api/v2/driving-times/drivers/{driverId}?from&to`: default the last 7 days to now. */
export async function driverDetail(
  db: Kysely<Database>,
  tenantId: number,
  driverId: number,
  options: {
    fromMs?: number;
    toMs?: number;
    nowMs: number;
    lang: Language;
    /** The caller's time zone: the days the totals are counted in (default UTC). */
    timeZone?: TimeZoneSetting;
  },
): Promise<DriverDrivingTimesDetailDto> {
  const { nowMs, lang } = options;
  const toMs = Math.min(options.toMs ?? nowMs, nowMs);
  const fromMs = options.fromMs ?? toMs - 7 * 86_400_000;
  const driver = orNotFound(await driverById(db, tenantId, driverId));
  const rules = await ruleSetOf(db, tenantId);
  const rows =
    driver.code === ''
      ? []
      : await activitiesOf(db, tenantId, fromMs - HISTORY_MS, toMs, lang, [driver.code]);
  const intervals = intervalsOf(rows, toMs);
  const row = driverTimesOf(driver.code, driver, rows, rules, toMs);
  const activities = timeline(rows, intervals, fromMs, toMs);
  return {
    driver: row,
    activities,
    days: dayTotals(activities, toMs, options.timeZone ?? 'UTC'),
    week: { drivenS: row.drivenS.weekS, limitS: rules.weeklyDrivingS },
    fortnight: { drivenS: row.drivenS.fortnightS, limitS: rules.fortnightDrivingS },
    infringements: infringementsIn(intervals, rules, fromMs, toMs).map((f) =>
      infringementDto(driver.code, driver, rows, f),
    ),
  };
}

/** `GET /api/v2/driving-times/infringements/{from}/{to}`: every driver's, newest first. */
export async function infringementList(
  db: Kysely<Database>,
  tenantId: number,
  options: { fromMs: number; toMs: number; nowMs: number; lang: Language },
): Promise<InfringementListDto> {
  const { fromMs, nowMs, lang } = options;
  const toMs = Math.min(options.toMs, nowMs);
  const [rules, drivers] = await Promise.all([ruleSetOf(db, tenantId), driversOf(db, tenantId)]);
  const driverOf = new Map(drivers.map((d) => [d.code, d]));
  const rows = byCard(await activitiesOf(db, tenantId, fromMs - HISTORY_MS, toMs, lang));
  const out: InfringementDto[] = [];
  for (const [card, cardRows] of rows) {
    const found = infringementsIn(intervalsOf(cardRows, toMs), rules, fromMs, toMs);
    for (const f of found) out.push(infringementDto(card, driverOf.get(card), cardRows, f));
  }
  out.sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
  return { infringements: out };
}

/** The tenant's rule set (EU 561/2006 until it saves its own). */
export const drivingRulesOf = ruleSetOf;

/** Validates with the engine's validator and stores the tenant's rule set. */
export async function putDrivingRules(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  body: unknown,
): Promise<DrivingRuleSet> {
  const parsed = parseDrivingRuleSet(body);
  if (!parsed.ok) throw new DomainError('validation', {}, parsed.issues);
  await saveRuleSet(db, tenantId, userId, parsed.rules);
  return parsed.rules;
}

/** One card's state at `atMs` (the live push and the alerts): its row, intervals and rule set. */
export async function cardStatus(
  db: Kysely<Database>,
  tenantId: number,
  card: string,
  atMs: number,
  /** A record of this vehicle at `atMs` was just committed (its stored last fix may lag behind). */
  vehicleId?: number,
): Promise<{
  row: DriverDrivingTimesDto;
  intervals: ActivityInterval[];
  rules: DrivingRuleSet;
  /** The kind of the interval going on (it may have just begun), if any. */
  openKind: DriverActivityKind | undefined;
}> {
  const [rules, drivers, rows] = await Promise.all([
    ruleSetOf(db, tenantId),
    driversOf(db, tenantId),
    activitiesOf(db, tenantId, atMs - HISTORY_MS, atMs + 1, 'es', [card]),
  ]);
  for (const r of rows)
    if (r.vehicleId === vehicleId && (r.lastFixMs ?? 0) < atMs) r.lastFixMs = atMs;
  const driver = drivers.find((d) => d.code === card);
  return {
    row: driverTimesOf(card, driver, rows, rules, atMs),
    intervals: intervalsOf(rows, atMs),
    rules,
    openKind: rows.at(-1)?.endMs === null ? rows.at(-1)!.kind : undefined,
  };
}
