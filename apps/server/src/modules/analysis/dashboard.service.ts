import type { Kysely } from 'kysely';
import {
  averageProfiles,
  type DashboardSummary,
  type DashboardSummaryQuery,
  type Language,
  type LastInfo,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { fleetAnalysis, ralentiAggregate, safetyDrive } from './analysis.service.js';
import { dashboardCo2 } from './dashboard-co2.js';
import { countEvents } from './dashboard.repository.js';

/** What the dashboard's summary needs: the database and the tenant's live last infos. */
export interface DashboardDeps {
  db: Kysely<Database>;
  live: { list(tenantId: number): LastInfo[] };
}

/** Rows over this distance (km) count for the eco-driving letter (spec §9). */
const ECO_MIN_KM = 20;

/**
 * The dashboard's figures for the whole fleet (docs/decisions/0029-views-per-route.md): the
 * same sums the screens behind each card show, without any vehicle's row.
 */
export async function dashboardSummary(
  deps: DashboardDeps,
  tenantId: number,
  query: DashboardSummaryQuery,
  lang: Language,
): Promise<DashboardSummary> {
  const period = { from: query.from, to: query.to };
  const [rows, safety, idle, alerts, co2] = await Promise.all([
    fleetAnalysis(deps.db, tenantId, period, { opts: ['all'] }, lang),
    safetyDrive(deps.db, tenantId, period, lang),
    ralentiAggregate(deps.db, tenantId, period, lang),
    countEvents(deps.db, tenantId, query.alertsFrom, query.alertsTo),
    dashboardCo2(deps.db, tenantId, query.from, query.to),
  ]);
  const live = deps.live.list(tenantId);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    fleetScore: { valor: safety.fleet.valor, perfil: safety.fleet.perfil },
    distanceKm: sum(rows.map((r) => r.odometers.distance)),
    fuelL: sum(rows.map((r) => r.consumption.totalFuel)),
    co2Kg: sum(rows.map((r) => r.co2)),
    co2,
    ecoDriving: averageProfiles(
      rows
        .filter((r) => r.odometers.distance > ECO_MIN_KM)
        .map((r) => r.evaluation.averageEcoDriving.profile),
    ),
    idle: {
      seconds: sum(idle.payload.map((r) => r.total)),
      fuelL: sum(idle.payload.map((r) => r.fuel)),
    },
    vehicles: {
      inTransit: live.filter((v) => v.status === 'in-transit' || v.status === 'speeding').length,
      total: live.length,
    },
    alerts,
  };
}
