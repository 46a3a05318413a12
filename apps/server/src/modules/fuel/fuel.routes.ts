import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adBlueAnswer,
  fuelConsumptionAnswer,
  fuelConsumptionQuery,
  fuelEventIdParams,
  fuelEventLevelsAnswer,
  fuelEventSchema,
  fuelEventsAnswer,
  fuelEventsQuery,
  fuelFilterQuery,
  fuelPeriodParams,
  fuelReviewBody,
  idParams,
  vehicleTanksSchema,
  type FuelFilterQuery,
} from '@rumbo/contracts';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../kernel/request-context.js';
import {
  adBlue,
  editVehicleTanks,
  fuelConsumption,
  fuelEventLevels,
  fuelEvents,
  reviewFuelEvent,
  vehicleTanks,
  type FuelCaller,
  type FuelDeps,
} from './fuel.service.js';

function callerOf(request: FastifyRequest): FuelCaller {
  const p = principalOf(request);
  return { tenantId: p.tenantId, userId: p.userId, views: p.views, lang: request.lang };
}

function filterOf(q: FuelFilterQuery) {
  return {
    vehicles: [...(q['vids[]'] ?? []), ...(q.vids ?? [])],
    groups: [...(q['gids[]'] ?? []), ...(q.gids ?? [])],
  };
}

/**
 * `/api/v2/fuel/…` (issue 14, docs/decisions/0024-fuel-screens.md): refills and suspected thefts, an
 * event's level chart, a theft's review, consumption with the fuel balance, AdBlue ratios.
 */
export function fuelRoutes(deps: FuelDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events/:from/:to',
      {
        config: { views: ['fuel-refuel', 'fuel-add'] },
        schema: {
          tags: ['fuel'],
          summary:
            'Refills (CRG), suspected thefts (DCS) and AdBlue refills (AUR) of [from, to) (epoch ms): one page newest first (limit, page from 1), totals per code; codes[] (default CRG, DCS), vids[] / gids[]',
          params: fuelPeriodParams,
          querystring: fuelEventsQuery,
          response: { 200: fuelEventsAnswer },
        },
      },
      (request) => {
        const q = request.query;
        return fuelEvents(deps, callerOf(request), {
          ...request.params,
          ...filterOf(q),
          codes: [...(q['codes[]'] ?? []), ...(q.codes ?? [])],
          limit: q.limit,
          page: q.page,
        });
      },
    );
    app.get(
      '/event/:id/levels',
      {
        config: { views: ['fuel-refuel', 'fuel-add'] },
        schema: {
          tags: ['fuel'],
          summary: "One fuel event and its level chart: the vehicle's raw levels of the stop ± 2 h",
          params: fuelEventIdParams,
          response: { 200: fuelEventLevelsAnswer },
        },
      },
      (request) => fuelEventLevels(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/event/:id/review',
      {
        config: { view: 'fuel-refuel' },
        schema: {
          tags: ['fuel'],
          summary: 'Confirm or dismiss a suspected theft (DCS) with a note',
          params: fuelEventIdParams,
          body: fuelReviewBody,
          response: { 200: fuelEventSchema },
        },
      },
      (request) => reviewFuelEvent(deps, callerOf(request), request.params.id, request.body),
    );
    app.get(
      '/consumption/:from/:to',
      {
        config: { view: 'fuel-analysis' },
        schema: {
          tags: ['fuel'],
          summary:
            'Consumption of [from, to) per vehicle (with the fuel balance) or per vehicle × driver (by=driver), and per UTC day',
          params: fuelPeriodParams,
          querystring: fuelConsumptionQuery,
          response: { 200: fuelConsumptionAnswer },
        },
      },
      (request) =>
        fuelConsumption(deps, callerOf(request), {
          ...request.params,
          ...filterOf(request.query),
          by: request.query.by,
        }),
    );
    app.get(
      '/adblue/:from/:to',
      {
        config: { view: 'fuel-catalyst' },
        schema: {
          tags: ['fuel'],
          summary:
            'AdBlue per vehicle: level now, refills, use and the AdBlue/diesel ratio of [from, to) with its flag',
          params: fuelPeriodParams,
          querystring: fuelFilterQuery,
          response: { 200: adBlueAnswer },
        },
      },
      (request) =>
        adBlue(deps, callerOf(request), { ...request.params, ...filterOf(request.query) }),
    );
  };
}

/** `/api/vehicles/admin/vehicles/{id}/tanks`: the tank model in vehicle administration. */
export function fuelTankRoutes(deps: FuelDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const vehiclesAdmin = { config: { view: 'admin-vehicles' } } as const;
    app.get(
      '/admin/vehicles/:id/tanks',
      {
        ...vehiclesAdmin,
        schema: {
          tags: ['admin'],
          summary: "A vehicle's fuel tanks (capacity, calibration table) and AdBlue capacity",
          params: idParams,
          response: { 200: vehicleTanksSchema },
        },
      },
      (request) => vehicleTanks(deps, principalOf(request).tenantId, request.params.id),
    );
    app.put(
      '/admin/vehicles/:id/tanks',
      {
        ...vehiclesAdmin,
        schema: {
          tags: ['admin'],
          summary:
            "Replace a vehicle's fuel tanks and AdBlue capacity (calibration tables strictly increasing)",
          params: idParams,
          body: vehicleTanksSchema,
          response: { 200: vehicleTanksSchema },
        },
      },
      (request) =>
        editVehicleTanks(deps, principalOf(request).tenantId, request.params.id, request.body),
    );
  };
}
