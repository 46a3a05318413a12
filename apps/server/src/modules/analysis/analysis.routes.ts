import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  analysisAnswer,
  analysisParams,
  analysisQuery,
  analysisRowSchema,
  analysisVehicleParams,
  ralentiAggAnswer,
  ralentiQuery,
  ralentiVehicleAnswer,
  ralentiVehicleQuery,
  safetyDriveAnswer,
  safetyDriveQuery,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { principalOf } from '../../http/request-context.js';
import { userTimeZone } from '../users/users.service.js';
import {
  fleetAnalysis,
  ralentiAggregate,
  ralentiOfVehicle,
  safetyDrive,
  vehicleAnalysis,
} from './analysis.service.js';

/** What the analysis routes need. */
export interface AnalysisDeps {
  db: Kysely<Database>;
}

/**
 * `/api/analysis/{from}/{to}/…` (spec §7): driving indicators per vehicle from the hourly
 * indicator buckets. Any user of the tenant (the dashboard reads it too).
 */
export function analysisRoutes(deps: AnalysisDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const fleetOptions = {
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
      {
        schema: {
          tags: ['analysis'],
          summary: "One vehicle's indicators of [from, to), with its days",
          params: analysisVehicleParams,
          response: { 200: analysisRowSchema },
        },
      },
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

/** `/api/v2/vehicle/safety_drive`, `/api/v2/event/ralenti_agg` and `…/ralenti_vehicle`. */
export function analysisV2Routes(deps: AnalysisDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    app.post(
      '/vehicle/safety_drive',
      {
        schema: {
          tags: ['analysis'],
          summary:
            'Safe-driving score of [from, to): fleet {valor, perfil}, per vehicle and driver, vehicles per letter',
          body: safetyDriveQuery,
          response: { 200: safetyDriveAnswer },
        },
      },
      (request) => safetyDrive(db, principalOf(request).tenantId, request.body, request.lang),
    );
    app.post(
      '/event/ralenti_agg',
      {
        schema: {
          tags: ['analysis'],
          summary: 'Idle per vehicle of [from, to): count, min, max, total, avg (s), fuel, idle %',
          body: ralentiQuery,
          response: { 200: ralentiAggAnswer },
        },
      },
      (request) => ralentiAggregate(db, principalOf(request).tenantId, request.body, request.lang),
    );
    app.post(
      '/event/ralenti_vehicle',
      {
        schema: {
          tags: ['analysis'],
          summary: "One vehicle's idle periods that started in [from, to): place, duration, fuel",
          body: ralentiVehicleQuery,
          response: { 200: ralentiVehicleAnswer },
        },
      },
      (request) => ralentiOfVehicle(db, principalOf(request).tenantId, request.body),
    );
  };
}
