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
    const guard = async (tenantId: number, vehicleId: number) => {
      if (!(await findVehicle(db, tenantId, vehicleId))) throw new DomainError('not_found');
    };
    app.get(
      '/history/:id/positions',
      {
        config,
        schema: {
          tags: ['vehicles'],
          summary:
            'Route of a vehicle in [from, to) (epoch ms), oldest first; thinned to maxPoints',
          params: idParams,
          querystring: positionsQuery,
          response: { 200: z.array(historyPointSchema) },
        },
      },
      async (request) => {
        const { tenantId } = principalOf(request);
        await guard(tenantId, request.params.id);
        return vehiclePositions(
          db,
          tenantId,
          request.params.id,
          request.query.from,
          request.query.to,
          request.query.maxPoints,
        );
      },
    );
    app.get(
      '/history/:id/trips',
      {
        config,
        schema: {
          tags: ['vehicles'],
          summary: 'Trips of a vehicle in a period',
          params: idParams,
          querystring: historyQuery,
          response: { 200: z.array(tripSchema) },
        },
      },
      async (request) => {
        const { tenantId } = principalOf(request);
        await guard(tenantId, request.params.id);
        return vehicleTrips(
          db,
          tenantId,
          request.params.id,
          request.query.from,
          request.query.to,
          request.lang,
        );
      },
    );
    app.get(
      '/history/:id/stops',
      {
        config,
        schema: {
          tags: ['vehicles'],
          summary: 'Stops of a vehicle in a period',
          params: idParams,
          querystring: historyQuery,
          response: { 200: z.array(stopSchema) },
        },
      },
      async (request) => {
        const { tenantId } = principalOf(request);
        await guard(tenantId, request.params.id);
        return vehicleStops(
          db,
          tenantId,
          request.params.id,
          request.query.from,
          request.query.to,
          request.lang,
        );
      },
    );
  };
}
