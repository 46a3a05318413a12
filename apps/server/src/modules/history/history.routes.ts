import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  historyPointSchema,
  historyQuery,
  idParams,
  stopSchema,
  tripSchema,
} from '@rumbo/contracts';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { principalOf } from '../../kernel/request-context.js';
import { findVehicle } from '../fleet/index.js';
import { vehiclePositions, vehicleStops, vehicleTrips } from './history.repository.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('vehicles');

/** Most points one route answer carries (a month of 10-second records is ~260k). */
export const MAX_POINTS = 100_000;
/** The route query: the period, and optionally fewer points (the route is thinned to fit). */
const positionsQuery = historyQuery.and(
  z.object({ maxPoints: z.coerce.number().int().min(100).max(MAX_POINTS).default(MAX_POINTS) }),
);

/** `/api/vehicles/history/{id}/…`: positions, trips and stops of a vehicle in a period. */
export function historyRoutes(db: Kysely<Database>): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { view: 'map-travel-consultation' } as const;
    /** The repository's arguments of a request: its tenant's vehicle (404 otherwise) and period. */
    const asked = async (
      request: FastifyRequest & { params: { id: number }; query: { from: number; to: number } },
    ) => {
      const { tenantId } = principalOf(request);
      const { id } = request.params;
      if (!(await findVehicle(db, tenantId, id))) throw new DomainError('not_found');
      return [db, tenantId, id, request.query.from, request.query.to] as const;
    };
    app.get(
      '/history/:id/positions',
      route(
        { config },
        'Route of a vehicle in [from, to) (epoch ms), oldest first; thinned to maxPoints',
        z.array(historyPointSchema),
        { params: idParams, querystring: positionsQuery },
      ),
      async (request) => vehiclePositions(...(await asked(request)), request.query.maxPoints),
    );
    app.get(
      '/history/:id/trips',
      route({ config }, 'Trips of a vehicle in a period', z.array(tripSchema), {
        params: idParams,
        querystring: historyQuery,
      }),
      async (request) => vehicleTrips(...(await asked(request)), request.lang),
    );
    app.get(
      '/history/:id/stops',
      route({ config }, 'Stops of a vehicle in a period', z.array(stopSchema), {
        params: idParams,
        querystring: historyQuery,
      }),
      async (request) => vehicleStops(...(await asked(request)), request.lang),
    );
  };
}
