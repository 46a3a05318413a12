import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  faultsAnswer,
  faultsQuery,
  vehicleFaultsParams,
  vehicleFaultsQuery,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { principalOf } from '../../kernel/request-context.js';
import { fleetFaults, vehicleFaults } from './diagnostics.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('diagnostics');

/** What the diagnostics routes need. */
export interface DiagnosticsDeps {
  db: Kysely<Database>;
}

/** `/api/rest/diagnostics/…` (issue 15): fault episodes of the fleet and of one vehicle. */
export function diagnosticsRoutes(deps: DiagnosticsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    app.get(
      '/diagnostics/faults',
      route(
        { config: { views: ['diagnostic-history'] } },
        'Fault episodes overlapping [from, to) (epoch ms), newest first; status open/closed/all, severity[], vids[] / gids[] narrow them',
        faultsAnswer,
        { querystring: faultsQuery },
      ),
      (request) => {
        const q = request.query;
        return fleetFaults(
          db,
          principalOf(request).tenantId,
          {
            from: q.from,
            to: q.to,
            status: q.status,
            severities: [...(q['severity[]'] ?? []), ...(q.severity ?? [])],
            vehicles: [...(q['vids[]'] ?? []), ...(q.vids ?? [])],
            groups: [...(q['gids[]'] ?? []), ...(q.gids ?? [])],
          },
          request.lang,
        );
      },
    );
    app.get(
      '/diagnostics/vehicles/:vehicleId/faults',
      route(
        { config: { views: ['diagnostic-history'] } },
        "One vehicle's fault episodes overlapping [from, to) (its timeline)",
        faultsAnswer,
        { params: vehicleFaultsParams, querystring: vehicleFaultsQuery },
      ),
      (request) =>
        vehicleFaults(
          db,
          principalOf(request).tenantId,
          request.params.vehicleId,
          request.query,
          request.lang,
        ),
    );
  };
}
