import type { Kysely } from 'kysely';
import {
  translations,
  type GenerateExcelBody,
  type Language,
  type ReportFilters,
  type ReportKind,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { findEvents } from '../alerts/index.js';
import { dashboardSummary, ralentiAggregate, safetyDrive } from '../analysis/index.js';
import { fleetFaults } from '../diagnostics/index.js';
import { listVehicles } from '../fleet/index.js';
import { fuelEvents } from '../fuel/index.js';
import { vehicleTrips } from '../history/index.js';
import { forecastOf } from '../maintenance/index.js';
import type { ReportWindow } from './report-slots.js';

/** Most rows one attachment carries (the screens page beyond this). */
const MAX_ROWS = 5_000;
const HOUR_S = 3_600;

type Row = GenerateExcelBody['rows'][number];
type Column = GenerateExcelBody['columns'][number];

/** A figure of the summary: this period's value and the previous period's. */
export interface Figure {
  key: string;
  current: number;
  previous: number | null;
}

/** What one send carries: the summary's figures and offenders, and the table of the .xlsx. */
export interface BuiltReport {
  figures: Figure[];
  /** The top offenders: a label (plate, driver) and its value, worst first. */
  top: { label: string; value: string }[];
  columns: Column[];
  rows: Row[];
}

interface Scope {
  db: Kysely<Database>;
  tenantId: number;
  filters: ReportFilters;
  lang: Language;
}

type Builder = (scope: Scope, window: ReportWindow) => Promise<BuiltReport>;

/** The vehicles the filters name (vehicles, or the vehicles of groups); undefined: all. */
async function chosenVehicles(
  scope: Scope,
): Promise<{ ids: number[] | undefined; plate: Map<number, string> }> {
  const vehicles = await listVehicles(scope.db, scope.tenantId);
  const plate = new Map(vehicles.map((v) => [v.vehicleId, v.plate]));
  const { vehicles: ids, groups } = scope.filters;
  if (!ids?.length && !groups?.length) return { ids: undefined, plate };
  const chosen = vehicles.filter(
    (v) => ids?.includes(v.vehicleId) || (v.groupId !== null && groups?.includes(v.groupId)),
  );
  return { ids: chosen.map((v) => v.vehicleId), plate };
}

function col(scope: Scope, key: string, type?: Column['type'], decimals?: number): Column {
  const labels: Record<string, string> = translations[scope.lang].reports.column;
  return {
    key,
    label: labels[key] ?? key,
    ...(type ? { type } : {}),
    ...(decimals === undefined ? {} : { decimals }),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Counts per label, most first. */
function topCounts(labels: string[], limit = 5): { label: string; value: string }[] {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([label, count]) => ({ label, value: String(count) }));
}

/** The dashboard's figures for this period and the previous one, figure by figure. */
const fleetSummary: Builder = async (scope, window) => {
  const live = { list: () => [] };
  const summaryOf = (from: number, to: number) =>
    dashboardSummary(
      { db: scope.db, live },
      scope.tenantId,
      { from, to, alertsFrom: from, alertsTo: to },
      scope.lang,
    );
  const [now, before, safety] = await Promise.all([
    summaryOf(window.from, window.to),
    summaryOf(window.previousFrom, window.from),
    safetyDrive(scope.db, scope.tenantId, { from: window.from, to: window.to }, scope.lang),
  ]);
  const { plate } = await chosenVehicles(scope);
  const pairs: [string, number | null, number | null][] = [
    ['distance_km', now.distanceKm, before.distanceKm],
    ['fuel_l', now.fuelL, before.fuelL],
    ['co2_kg', now.co2Kg, before.co2Kg],
    ['idle_h', now.idle.seconds / HOUR_S, before.idle.seconds / HOUR_S],
    ['idle_fuel_l', now.idle.fuelL, before.idle.fuelL],
    ['fleet_score', now.fleetScore.valor, before.fleetScore.valor],
    ['alerts', now.alerts, before.alerts],
  ];
  const figures = pairs.map(([key, current, previous]) => ({
    key,
    current: round(current ?? 0),
    previous: previous === null ? null : round(previous),
  }));
  const labels: Record<string, string> = translations[scope.lang].reports.figure;
  return {
    figures,
    top: safety.vehicles
      .filter((v) => v.score !== null)
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .slice(0, 5)
      .map((v) => ({
        label: plate.get(v.idVehicle) ?? String(v.idVehicle),
        value: String(v.score),
      })),
    columns: [
      col(scope, 'figure'),
      col(scope, 'current', 'number', 1),
      col(scope, 'previous', 'number', 1),
      col(scope, 'change_pct', 'number', 1),
    ],
    rows: figures.map((f) => ({
      figure: labels[f.key] ?? f.key,
      current: f.current,
      previous: f.previous,
      change_pct: f.previous ? round((100 * (f.current - f.previous)) / f.previous) : null,
    })),
  };
};

/** Every trip of the chosen vehicles in the period, as the trips screen lists them. */
const trips: Builder = async (scope, window) => {
  const { ids, plate } = await chosenVehicles(scope);
  const vehicles = ids ?? [...plate.keys()];
  const tripsOf = async (from: number, to: number) =>
    (
      await Promise.all(
        vehicles.map(async (id) =>
          (await vehicleTrips(scope.db, scope.tenantId, id, from, to, scope.lang)).map((t) => ({
            ...t,
            plate: plate.get(id) ?? '',
          })),
        ),
      )
    ).flat();
  const [now, before] = await Promise.all([
    tripsOf(window.from, window.to),
    tripsOf(window.previousFrom, window.from),
  ]);
  const km = (list: typeof now) => round(sum(list.map((t) => t.distanceKm)));
  return {
    figures: [
      { key: 'trips', current: now.length, previous: before.length },
      { key: 'distance_km', current: km(now), previous: km(before) },
      {
        key: 'driving_h',
        current: round(sum(now.map((t) => t.drivingS)) / HOUR_S),
        previous: round(sum(before.map((t) => t.drivingS)) / HOUR_S),
      },
    ],
    top: [...now]
      .sort((a, b) => b.maxSpeedKmh - a.maxSpeedKmh)
      .slice(0, 5)
      .map((t) => ({ label: t.plate, value: `${Math.round(t.maxSpeedKmh)} km/h` })),
    columns: [
      col(scope, 'plate'),
      col(scope, 'start', 'date'),
      col(scope, 'end', 'date'),
      col(scope, 'start_place'),
      col(scope, 'end_place'),
      col(scope, 'distance_km', 'number', 1),
      col(scope, 'driving_h', 'duration'),
      col(scope, 'idle_h', 'duration'),
      col(scope, 'fuel_l', 'number', 1),
      col(scope, 'max_speed', 'number', 0),
      col(scope, 'driver'),
    ],
    rows: now
      .sort((a, b) => a.startTime - b.startTime)
      .slice(0, MAX_ROWS)
      .map((t) => ({
        plate: t.plate,
        start: t.startTime,
        end: t.endTime,
        start_place: t.startPlace ?? null,
        end_place: t.endPlace ?? null,
        distance_km: t.distanceKm,
        driving_h: t.drivingS,
        idle_h: t.idleS,
        fuel_l: t.fuelL,
        max_speed: t.maxSpeedKmh,
        driver: t.driverName ?? t.driverCode,
      })),
  };
};

/** The alerts screen's events of the period (filtered by vehicles, groups and codes). */
const alerts: Builder = async (scope, window) => {
  const { vehicles, groups, codes } = scope.filters;
  const eventsOf = (from: number, to: number) =>
    findEvents(
      scope.db,
      scope.tenantId,
      { from, to, vehicles, groups, codes, limit: MAX_ROWS },
      scope.lang,
    );
  const [now, before] = await Promise.all([
    eventsOf(window.from, window.to),
    eventsOf(window.previousFrom, window.from),
  ]);
  return {
    figures: [{ key: 'alerts', current: now.length, previous: before.length }],
    top: topCounts(now.map((e) => e.plate)),
    columns: [
      col(scope, 'plate'),
      col(scope, 'code'),
      col(scope, 'start', 'date'),
      col(scope, 'end', 'date'),
      col(scope, 'driver'),
      col(scope, 'place'),
      col(scope, 'value', 'number', 1),
    ],
    rows: now.map((e) => ({
      plate: e.plate,
      code: e.code,
      start: e.startTime,
      end: e.endTime,
      driver: e.driverName ?? e.codigoChofer,
      place: e.place ?? null,
      value: e.value,
    })),
  };
};

/** A report's query over its period and over the period before (the figures' comparison). */
function bothPeriods<T>(
  window: { from: number; to: number; previousFrom: number },
  query: (from: number, to: number) => Promise<T>,
): Promise<[T, T]> {
  return Promise.all([query(window.from, window.to), query(window.previousFrom, window.from)]);
}

/** Idle per vehicle (the idle screen's aggregate). */
const idle: Builder = async (scope, window) => {
  const { ids, plate } = await chosenVehicles(scope);
  const query = (from: number, to: number) =>
    ralentiAggregate(
      scope.db,
      scope.tenantId,
      { from, to, ...(ids ? { vehicles: ids } : {}) },
      scope.lang,
    );
  const [now, before] = await bothPeriods(window, query);
  const hours = (a: typeof now) => round(sum(a.payload.map((r) => r.total)) / HOUR_S);
  const litres = (a: typeof now) => round(sum(a.payload.map((r) => r.fuel)));
  const rows = [...now.payload].sort((a, b) => b.total - a.total);
  return {
    figures: [
      { key: 'idle_h', current: hours(now), previous: hours(before) },
      { key: 'idle_fuel_l', current: litres(now), previous: litres(before) },
    ],
    top: rows.slice(0, 5).map((r) => ({
      label: plate.get(r.vehicle_id) ?? String(r.vehicle_id),
      value: `${round(r.total / HOUR_S)} h`,
    })),
    columns: [
      col(scope, 'plate'),
      col(scope, 'count', 'number', 0),
      col(scope, 'idle_h', 'duration'),
      col(scope, 'avg_h', 'duration'),
      col(scope, 'fuel_l', 'number', 1),
      col(scope, 'idle_pct', 'number', 1),
    ],
    rows: rows.map((r) => ({
      plate: plate.get(r.vehicle_id) ?? String(r.vehicle_id),
      count: r.count,
      idle_h: r.total,
      avg_h: r.avg,
      fuel_l: r.fuel,
      idle_pct: r.idlePct,
    })),
  };
};

/** Safe-driving scores per vehicle, worst first. */
const safeDriving: Builder = async (scope, window) => {
  const { ids, plate } = await chosenVehicles(scope);
  const query = (from: number, to: number) =>
    safetyDrive(
      scope.db,
      scope.tenantId,
      { from, to, ...(ids ? { vehicles: ids } : {}) },
      scope.lang,
    );
  const [now, before] = await bothPeriods(window, query);
  const rows = [...now.vehicles].sort((a, b) => (a.score ?? 101) - (b.score ?? 101));
  return {
    figures: [
      { key: 'fleet_score', current: now.fleet.valor ?? 0, previous: before.fleet.valor },
      {
        key: 'distance_km',
        current: round(now.fleet.distance),
        previous: round(before.fleet.distance),
      },
    ],
    top: rows
      .filter((r) => r.score !== null)
      .slice(0, 5)
      .map((r) => ({
        label: plate.get(r.idVehicle) ?? String(r.idVehicle),
        value: String(r.score),
      })),
    columns: [
      col(scope, 'plate'),
      col(scope, 'distance_km', 'number', 1),
      col(scope, 'score', 'number', 0),
      col(scope, 'profile'),
    ],
    rows: rows.map((r) => ({
      plate: plate.get(r.idVehicle) ?? String(r.idVehicle),
      distance_km: r.distance,
      score: r.score,
      profile: r.perfil,
    })),
  };
};

/** Refills, AdBlue refills and suspected thefts of the period (the refill screen's list). */
const fuel: Builder = async (scope, window) => {
  const codes = (['CRG', 'DCS', 'AUR'] as const).filter(
    (c) => !scope.filters.codes?.length || scope.filters.codes.includes(c),
  );
  const caller = {
    tenantId: scope.tenantId,
    userId: 0,
    views: { 'fuel-refuel': true, 'fuel-catalyst': true },
    lang: scope.lang,
  };
  const query = async (from: number, to: number) =>
    (
      await fuelEvents({ db: scope.db }, caller, {
        from,
        to,
        vehicles: scope.filters.vehicles ?? [],
        groups: scope.filters.groups ?? [],
        codes,
        limit: MAX_ROWS,
        page: 1,
      })
    ).events;
  const [now, before] = await bothPeriods(window, query);
  const of = (list: typeof now, code: string) => list.filter((e) => e.code === code);
  const litres = (list: typeof now) => round(sum(list.map((e) => e.volumeL)));
  return {
    figures: [
      { key: 'refills', current: of(now, 'CRG').length, previous: of(before, 'CRG').length },
      { key: 'refill_l', current: litres(of(now, 'CRG')), previous: litres(of(before, 'CRG')) },
      { key: 'thefts', current: of(now, 'DCS').length, previous: of(before, 'DCS').length },
      { key: 'theft_l', current: litres(of(now, 'DCS')), previous: litres(of(before, 'DCS')) },
    ],
    top: topCounts(of(now, 'DCS').map((e) => e.plate)),
    columns: [
      col(scope, 'plate'),
      col(scope, 'code'),
      col(scope, 'start', 'date'),
      col(scope, 'place'),
      col(scope, 'volume_l', 'number', 1),
      col(scope, 'driver'),
    ],
    rows: now.map((e) => ({
      plate: e.plate,
      code: e.code,
      start: e.start,
      place: e.place ?? null,
      volume_l: e.volumeL,
      driver: e.driverName ?? e.driverCode,
    })),
  };
};

/** Maintenance overdue or due soon now (the forecast screen; the period does not apply). */
const maintenance: Builder = async (scope) => {
  const { ids } = await chosenVehicles(scope);
  const rows = (await forecastOf({ db: scope.db }, scope.tenantId)).filter(
    (r) => r.status !== 'ok' && (!ids || ids.includes(r.vehicleId)),
  );
  const overdue = rows.filter((r) => r.status === 'overdue');
  return {
    figures: [
      { key: 'overdue', current: overdue.length, previous: null },
      { key: 'due_soon', current: rows.length - overdue.length, previous: null },
    ],
    top: topCounts(overdue.map((r) => r.plate)),
    columns: [
      col(scope, 'plate'),
      col(scope, 'name'),
      col(scope, 'status'),
      col(scope, 'due_date', 'date'),
      col(scope, 'remaining_km', 'number', 0),
      col(scope, 'remaining_days', 'number', 0),
    ],
    rows: rows.map((r) => ({
      plate: r.plate,
      name: r.name,
      status: r.status,
      due_date: r.dueDate,
      remaining_km: r.remainingKm,
      remaining_days: r.remainingDays,
    })),
  };
};

/** Fault episodes overlapping the period (the faults screen). */
const faults: Builder = async (scope, window) => {
  const { vehicles, groups } = scope.filters;
  const query = (from: number, to: number) =>
    fleetFaults(scope.db, scope.tenantId, { from, to, vehicles, groups }, scope.lang);
  const [now, before] = await bothPeriods(window, query);
  return {
    figures: [
      { key: 'faults', current: now.faults.length, previous: before.faults.length },
      {
        key: 'open_faults',
        current: now.faults.filter((f) => f.open).length,
        previous: before.faults.filter((f) => f.open).length,
      },
    ],
    top: topCounts(now.faults.map((f) => f.plate)),
    columns: [
      col(scope, 'plate'),
      col(scope, 'code'),
      col(scope, 'description'),
      col(scope, 'severity'),
      col(scope, 'start', 'date'),
      col(scope, 'open', 'boolean'),
    ],
    rows: now.faults.map((f) => ({
      plate: f.plate,
      code: f.code,
      description: f.description,
      severity: f.severity,
      start: f.start.time,
      open: f.open,
    })),
  };
};

const BUILDERS: Record<ReportKind, Builder> = {
  'fleet-summary': fleetSummary,
  trips,
  alerts,
  idle,
  'safe-driving': safeDriving,
  fuel,
  maintenance,
  faults,
};

/** One report of the tenant for the period, from each module's own service or repository. */
export function buildReport(
  kind: ReportKind,
  scope: Scope,
  window: ReportWindow,
): Promise<BuiltReport> {
  return BUILDERS[kind](scope, window);
}
