import type { Kysely } from 'kysely';
import { type ForecastRow } from '@rumbo/contracts';
import {
  advanceCounter,
  dailyRate,
  forecastItem,
  MAX_HOURS_PER_DAY,
  MAX_KM_PER_DAY,
  trackedValue,
  utcDayMs,
  type CounterTrack,
  type ItemForecast,
} from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import {
  coveredPairs,
  forecastVehicles,
  maintenanceTenants,
  saveCounters,
  vehicleUsage,
  type UsageRow,
  type VehicleRow,
  claimNotice,
  insertMaintenanceEvent,
} from './maintenance-forecast.repository.js';
import { listAdditional } from './maintenance-records.repository.js';
import { insertMissingAnchors } from './maintenance.repository.js';

// The maintenance forecast (docs/decisions/0025-maintenance.md): each covered item's due state from
// the vehicles' tracked counters and daily rates, and the job's pass that tracks the counters and
// raises MNP/MNV once per item, vehicle, anchor and state.

/** A day, ms. */
export const DAY_MS = 86_400_000;

/** What the maintenance use cases need. */
export interface MaintenanceDeps {
  db: Kysely<Database>;
  nowMs?: () => number;
}

/** The clock of the use cases. */
export const now = (deps: MaintenanceDeps) => (deps.nowMs ?? Date.now)();
/** The UTC day of an instant, `YYYY-MM-DD`. */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The instant a `YYYY-MM-DD` UTC day starts. */
export const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

function asTrack(value: unknown): CounterTrack | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const t = value as Partial<CounterTrack>;
  return typeof t.raw === 'number' && typeof t.offset === 'number' && typeof t.atMs === 'number'
    ? { raw: t.raw, offset: t.offset, atMs: t.atMs, rejected: t.rejected ?? 0 }
    : undefined;
}

/** A vehicle's counters as maintenance counts them: the stored track advanced to the last state. */
export function countersOf(v: VehicleRow): { km?: CounterTrack; hours?: CounterTrack } {
  const out: { km?: CounterTrack; hours?: CounterTrack } = {};
  const atMs = v.fixTimeMs ?? 0;
  const km = asTrack(v.trackKm);
  const hours = asTrack(v.trackHours);
  if (v.odometerKm !== null) out.km = advanceCounter(km, v.odometerKm, atMs, MAX_KM_PER_DAY);
  else if (km) out.km = km;
  if (v.engineHours !== null) {
    out.hours = advanceCounter(hours, v.engineHours, atMs, MAX_HOURS_PER_DAY);
  } else if (hours) out.hours = hours;
  return out;
}

/** A forecast row with its anchor key (what the notices are told once against). */
export interface ForecastEntry {
  row: ForecastRow;
  tenantId: number;
  anchor: string;
  forecast: ItemForecast | undefined;
}

const USAGE_LIMITS = { maxKmPerDay: MAX_KM_PER_DAY, maxHoursPerDay: MAX_HOURS_PER_DAY };

/** Daily rates from usage sums (28 days, else 90; domain.md §8). */
function ratesFromUsage(u: UsageRow, todayMs: number) {
  return {
    kmPerDay: dailyRate({ last28: u.km28, last90: u.km90, firstDayMs: u.firstDayMs }, todayMs),
    hoursPerDay: dailyRate(
      { last28: u.hours28, last90: u.hours90, firstDayMs: u.firstDayMs },
      todayMs,
    ),
  };
}

/**
 * Each vehicle's daily rates: today's as the job stored them; for vehicles it has not rated today
 * (new, or before the first pass of the day), computed from the rollups now.
 */
async function ratesOf(
  db: Kysely<Database>,
  tenantId: number | null,
  vehicles: readonly VehicleRow[],
  todayMs: number,
): Promise<Map<number, { kmPerDay: number; hoursPerDay: number }>> {
  const today = isoDay(todayMs);
  const rates = new Map<number, { kmPerDay: number; hoursPerDay: number }>();
  const missing: number[] = [];
  for (const v of vehicles) {
    if (v.ratesDay === today && v.kmPerDay !== null && v.hoursPerDay !== null) {
      rates.set(v.vehicleId, { kmPerDay: v.kmPerDay, hoursPerDay: v.hoursPerDay });
    } else missing.push(v.vehicleId);
  }
  if (missing.length > 0) {
    const usage = await vehicleUsage(db, tenantId, todayMs, USAGE_LIMITS, missing);
    for (const u of usage) rates.set(u.vehicleId, ratesFromUsage(u, todayMs));
  }
  return rates;
}

/** Forecast of a tenant's plans and pending additional maintenance (all tenants: null). */
export async function forecastEntries(
  deps: MaintenanceDeps,
  tenantId: number | null,
): Promise<ForecastEntry[]> {
  const todayMs = utcDayMs(now(deps));
  const [pairs, vehicles, additional] = await Promise.all([
    coveredPairs(deps.db, tenantId),
    forecastVehicles(deps.db, tenantId),
    tenantId === null ? Promise.resolve([]) : listAdditional(deps.db, tenantId),
  ]);
  const rates = await ratesOf(deps.db, tenantId, vehicles, todayMs);
  const byId = new Map(vehicles.map((v) => [v.vehicleId, v]));
  const state = new Map<
    number,
    { km: number | null; hours: number | null; kmPerDay: number; hoursPerDay: number }
  >();
  const stateOf = (v: VehicleRow) => {
    let s = state.get(v.vehicleId);
    if (!s) {
      const c = countersOf(v);
      const rate = rates.get(v.vehicleId);
      s = {
        km: c.km ? trackedValue(c.km) : null,
        hours: c.hours ? trackedValue(c.hours) : null,
        kmPerDay: rate?.kmPerDay ?? 0,
        hoursPerDay: rate?.hoursPerDay ?? 0,
      };
      state.set(v.vehicleId, s);
    }
    return s;
  };
  const round = (x: number | null | undefined, digits = 1) =>
    x === null || x === undefined ? null : Math.round(x * 10 ** digits) / 10 ** digits;
  const entries: ForecastEntry[] = [];
  for (const p of pairs) {
    const v = byId.get(p.vehicleId);
    if (!v) continue;
    const s = stateOf(v);
    // Not anchored yet (the plan covered the vehicle since the last job pass): anchored now.
    const anchorDay = p.anchorDay ?? isoDay(todayMs);
    // An initial anchor still without counters takes the reading now, as the next pass will.
    const initial = p.serviceId === null;
    const anchorKm = p.anchorDay === null || (initial && p.anchorKm === null) ? s.km : p.anchorKm;
    const anchorHours =
      p.anchorDay === null || (initial && p.anchorHours === null) ? s.hours : p.anchorHours;
    const f = forecastItem({
      intervalKm: p.intervalKm,
      intervalHours: p.intervalHours,
      intervalDays: p.intervalDays,
      anchorDayMs: dayMs(anchorDay),
      anchorKm,
      anchorHours,
      currentKm: s.km,
      currentHours: s.hours,
      kmPerDay: s.kmPerDay,
      hoursPerDay: s.hoursPerDay,
      todayMs,
    });
    const axis = (name: string) => f.axes.find((a) => a.axis === name)?.remaining;
    entries.push({
      tenantId: v.tenantId,
      anchor: p.serviceId === null ? `a:${anchorDay}` : `s:${p.serviceId}`,
      forecast: f,
      row: {
        key: `plan:${p.itemId}:${p.vehicleId}`,
        source: 'plan',
        vehicleId: p.vehicleId,
        plate: v.plate,
        groupId: v.groupId,
        groupName: v.groupName,
        planId: p.planId,
        planName: p.planName,
        itemId: p.itemId,
        kind: p.kind,
        name: p.name,
        status: f.status,
        axis: f.axis,
        dueDate: f.dueDayMs === null ? null : isoDay(f.dueDayMs),
        intervalKm: p.intervalKm,
        intervalHours: p.intervalHours,
        intervalDays: p.intervalDays,
        remainingKm: round(axis('km'), 0),
        remainingHours: round(axis('hours')),
        remainingDays: round(axis('days'), 0),
        lastDate: anchorDay,
        lastOdometerKm: round(anchorKm, 0),
        lastEngineHours: round(anchorHours),
        odometerKm: round(s.km, 0),
        engineHours: round(s.hours),
        kmPerDay: round(s.kmPerDay) ?? 0,
        hoursPerDay: round(s.hoursPerDay, 2) ?? 0,
        serviceDistanceKm: round(v.serviceDistanceKm, 0),
      },
    });
  }
  for (const a of additional) {
    if (a.serviceId !== null) continue;
    const v = byId.get(a.vehicleId);
    if (!v) continue;
    const s = stateOf(v);
    // A one-off: due on its day and/or at its odometer, whichever first (the interval is what
    // was left when it was created, so "10 % left" has a measure).
    const createdDayMs = utcDayMs(Date.parse(a.createdAt));
    const f = forecastItem({
      intervalKm: a.dueKm !== null && s.km !== null ? Math.max(1, a.dueKm - s.km) : null,
      intervalHours: null,
      intervalDays:
        a.dueDate === null
          ? null
          : Math.max(1, Math.round((dayMs(a.dueDate) - Math.min(createdDayMs, todayMs)) / DAY_MS)),
      anchorDayMs:
        a.dueDate === null ? todayMs : Math.min(createdDayMs, todayMs, dayMs(a.dueDate) - DAY_MS),
      anchorKm: a.dueKm !== null && s.km !== null ? s.km : null,
      anchorHours: null,
      currentKm: s.km,
      currentHours: null,
      kmPerDay: s.kmPerDay,
      hoursPerDay: 0,
      todayMs,
    });
    const days = a.dueDate === null ? null : Math.round((dayMs(a.dueDate) - todayMs) / DAY_MS);
    const remainingKm = a.dueKm !== null && s.km !== null ? a.dueKm - s.km : null;
    entries.push({
      tenantId: v.tenantId,
      anchor: `x:${a.dueDate ?? ''}:${a.dueKm ?? ''}`,
      forecast: undefined,
      row: {
        key: `extra:${a.id}`,
        source: 'additional',
        vehicleId: a.vehicleId,
        plate: a.plate,
        groupId: v.groupId,
        groupName: v.groupName,
        planId: null,
        planName: null,
        itemId: a.id,
        kind: a.kind,
        name: a.name,
        status: f.status,
        axis: f.axis,
        dueDate: f.dueDayMs === null ? a.dueDate : isoDay(f.dueDayMs),
        intervalKm: null,
        intervalHours: null,
        intervalDays: null,
        remainingKm: round(remainingKm, 0),
        remainingHours: null,
        remainingDays: days,
        lastDate: a.createdAt.slice(0, 10),
        lastOdometerKm: null,
        lastEngineHours: null,
        odometerKm: round(s.km, 0),
        engineHours: round(s.hours),
        kmPerDay: round(s.kmPerDay) ?? 0,
        hoursPerDay: round(s.hoursPerDay, 2) ?? 0,
        serviceDistanceKm: round(v.serviceDistanceKm, 0),
      },
    });
  }
  const order = { overdue: 0, due_soon: 1, ok: 2 } as const;
  // Plain code-unit comparisons: a collator over 10,000 rows costs more than the arithmetic.
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  entries.sort(
    (a, b) =>
      order[a.row.status] - order[b.row.status] ||
      cmp(a.row.dueDate ?? '9999', b.row.dueDate ?? '9999') ||
      cmp(a.row.plate, b.row.plate),
  );
  return entries;
}

/** The forecast screen's rows (and the calendar's). */
export async function forecastOf(deps: MaintenanceDeps, tenantId: number): Promise<ForecastRow[]> {
  return (await forecastEntries(deps, tenantId)).map((e) => e.row);
}

// ---------------------------------------------------------------- the job

/** An `MNP`/`MNV` raised by the job, for the alert dispatcher. */
export interface MaintenanceNotice {
  tenantId: number;
  vehicleId: number;
  code: 'MNP' | 'MNV';
  startTimeMs: number;
  value: number | null;
  data: Record<string, string | number | boolean>;
}

/**
 * One pass of the maintenance job: tracks every vehicle's counters (resets, jumps), anchors newly
 * covered pairs, and raises `MNP` (due soon) / `MNV` (overdue) once per item, vehicle, anchor and
 * state. Returns the notices stored (the caller hands them to the alert dispatcher).
 */
export async function maintenancePass(deps: MaintenanceDeps): Promise<MaintenanceNotice[]> {
  const nowMs = now(deps);
  const todayMs = utcDayMs(nowMs);
  const tenants = await maintenanceTenants(deps.db);
  if (tenants.length === 0) return [];
  const [vehicles, usage] = await Promise.all([
    forecastVehicles(deps.db, null),
    vehicleUsage(deps.db, null, todayMs, USAGE_LIMITS),
  ]);
  const usageOf = new Map(usage.map((u) => [u.vehicleId, u]));
  await saveCounters(
    deps.db,
    vehicles.map((v) => {
      const c = countersOf(v);
      const u = usageOf.get(v.vehicleId);
      return {
        vehicleId: v.vehicleId,
        tenantId: v.tenantId,
        km: c.km,
        hours: c.hours,
        // No usage yet (a new vehicle, a history still coming in): not stored, so requests
        // compute it from the rollups until there is some.
        ...(u ? ratesFromUsage(u, todayMs) : { kmPerDay: null, hoursPerDay: null }),
      };
    }),
    isoDay(todayMs),
  );
  await insertMissingAnchors(deps.db, null, isoDay(todayMs));
  const notices: MaintenanceNotice[] = [];
  // Events of one vehicle and code are keyed by their start: one millisecond apart.
  let tick = 0;
  for (const tenantId of tenants) {
    for (const e of await forecastEntries(deps, tenantId)) {
      if (e.row.status === 'ok') continue;
      const code = e.row.status === 'overdue' ? 'MNV' : 'MNP';
      const claimed = await claimNotice(deps.db, {
        itemKey: e.row.key.replace(/:\d+$/u, ''),
        vehicleId: e.row.vehicleId,
        anchor: e.anchor,
        code,
      });
      if (!claimed) continue;
      const remaining =
        e.row.axis === 'km'
          ? e.row.remainingKm
          : e.row.axis === 'hours'
            ? e.row.remainingHours
            : e.row.remainingDays;
      const notice: MaintenanceNotice = {
        tenantId,
        vehicleId: e.row.vehicleId,
        code,
        startTimeMs: Math.floor(nowMs / 1000) * 1000 + (tick++ % 1000),
        value: remaining,
        data: {
          maintenance: e.row.name,
          ...(e.row.axis ? { axis: e.row.axis } : {}),
          ...(e.row.dueDate ? { dueDate: e.row.dueDate } : {}),
        },
      };
      if (await insertMaintenanceEvent(deps.db, notice)) notices.push(notice);
    }
  }
  return notices;
}
