import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  analysisAnswer,
  analysisParams,
  analysisQuery,
  analysisRowSchema,
  analysisVehicleParams,
  dashboardSummaryAnswer,
  dashboardSummaryQuery,
  ralentiAggAnswer,
  ralentiQuery,
  ralentiVehicleAnswer,
  ralentiVehicleQuery,
  safetyDriveAnswer,
  safetyDriveQuery,
  scoreSettingsSchema,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { principalOf } from '../../kernel/request-context.js';
import { userTimeZone } from '../users/index.js';
import {
  fleetAnalysis,
  ralentiAggregate,
  ralentiOfVehicle,
  safetyDrive,
  vehicleAnalysis,
} from './analysis.service.js';
import { dashboardSummary, type DashboardDeps } from './dashboard.service.js';
import { getScoreSettings, putScoreSettings } from './score-settings.repository.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('analysis');

/** What the analysis routes need. */
export interface AnalysisDeps {
  db: Kysely<Database>;
}

/**
 * `/api/analysis/{from}/{to}/…` (spec §7): driving indicators per vehicle from the hourly
 * indicator buckets, for the analysis screens (the dashboard has its own summary call).
 */
export function analysisRoutes(deps: AnalysisDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const fleetOptions = {
      config: { views: ['analysis-fleet'] as const },
      schema: {
        tags: ['analysis'],
        summary:
          'Indicators of [from, to) (epoch ms) per vehicle; opts[]=all keeps rows ≤ 20 km, opts[]=drivers one row per driver; vids[] / gids[] narrow to vehicles / groups',
        params: analysisParams,
        querystring: analysisQuery,
        response: { 200: analysisAnswer },
      },
    };
    // The spec's path ends in a slash before the query; without it answers the same.
    for (const path of ['/:from/:to/', '/:from/:to']) {
      app.get(path, fleetOptions, (request) => {
        const q = request.query;
        return fleetAnalysis(
          db,
          principalOf(request).tenantId,
          request.params,
          {
            vehicles: [...(q['vids[]'] ?? []), ...(q.vids ?? [])],
            groups: [...(q['gids[]'] ?? []), ...(q.gids ?? [])],
            opts: [...(q['opts[]'] ?? []), ...(q.opts ?? [])],
          },
          request.lang,
        );
      });
    }
    app.get(
      '/:from/:to/:vehicleId',
      route(
        { config: { views: ['analysis-fleet'] } },
        "One vehicle's indicators of [from, to), with its days",
        analysisRowSchema,
        { params: analysisVehicleParams },
      ),
      async (request) => {
        const { from, to, vehicleId } = request.params;
        const principal = principalOf(request);
        // Its days are the user's days (daylight saving included).
        const timeZone = await userTimeZone(db, principal);
        return vehicleAnalysis(db, principal.tenantId, { from, to }, vehicleId, timeZone);
      },
    );
  };
}

/**
 * `/api/v2/vehicle/safety_drive`, `/api/v2/event/ralenti_agg` and `…/ralenti_vehicle`; the
 * tenant's score settings at `/api/v2/analysis/score_settings` (administrators of the tenant's rules).
 */
export function analysisV2Routes(deps: AnalysisDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const admin = { view: 'admin-alerts' } as const;
    app.get(
      '/analysis/score_settings',
      route(
        { config: admin },
        'The tenant’s score settings: letter floors (indicators, safe driving) and each indicator’s scale (defaults filled in)',
        scoreSettingsSchema,
      ),
      (request) => getScoreSettings(db, principalOf(request).tenantId),
    );
    app.put(
      '/analysis/score_settings',
      route(
        { config: admin },
        'Replaces the tenant’s score settings (floors strictly descending within 0–100; a scale’s two values differ)',
        scoreSettingsSchema,
        { body: scoreSettingsSchema },
      ),
      (request) => {
        const { tenantId, userId } = principalOf(request);
        return putScoreSettings(db, tenantId, userId, request.body);
      },
    );
    app.post(
      '/vehicle/safety_drive',
      route(
        { config: { views: ['fleet-safety-drive'] } },
        'Safe-driving score of [from, to): fleet {valor, perfil}, per vehicle and driver, vehicles per letter',
        safetyDriveAnswer,
        { body: safetyDriveQuery },
      ),
      (request) => safetyDrive(db, principalOf(request).tenantId, request.body, request.lang),
    );
    app.post(
      '/event/ralenti_agg',
      route(
        { config: { views: ['fleet-ralenti-agg'] } },
        'Idle per vehicle of [from, to): count, min, max, total, avg (s), fuel, idle %',
        ralentiAggAnswer,
        { body: ralentiQuery },
      ),
      (request) => ralentiAggregate(db, principalOf(request).tenantId, request.body, request.lang),
    );
    app.post(
      '/event/ralenti_vehicle',
      route(
        { config: { views: ['fleet-ralenti-agg'] } },
        "One vehicle's idle periods that started in [from, to): place, duration, fuel",
        ralentiVehicleAnswer,
        { body: ralentiVehicleQuery },
      ),
      (request) => ralentiOfVehicle(db, principalOf(request).tenantId, request.body, request.lang),
    );
  };
}

/** `/api/v2/dashboard/summary`: the dashboard's fleet figures (view `dashboard` only). */
export function dashboardRoutes(deps: DashboardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dashboard/summary',
      route(
        { config: { views: ['dashboard'] } },
        "The dashboard's figures for the fleet: week sums (distance, fuel, CO₂, idle), score and eco letter, vehicles moving now, alerts of [alertsFrom, alertsTo)",
        dashboardSummaryAnswer,
        { body: dashboardSummaryQuery },
      ),
      (request) =>
        dashboardSummary(deps, principalOf(request).tenantId, request.body, request.lang),
    );
  };
}
