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
import { userTimeZone } from '../users/index.js';
import { adBlue, fuelConsumption } from './fuel-consumption.service.js';
import {
  editVehicleTanks,
  fuelEventLevels,
  fuelEvents,
  reviewFuelEvent,
  vehicleTanks,
  type FuelCaller,
  type FuelDeps,
} from './fuel.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const fuelRoute = routeSpec('fuel');
const adminRoute = routeSpec('admin');

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
      fuelRoute(
        { config: { views: ['fuel-refuel', 'fuel-add'] } },
        'Refills (CRG), suspected thefts (DCS) and AdBlue refills (AUR) of [from, to) (epoch ms): one page newest first (limit, page from 1), totals per code; codes[] (default CRG, DCS), vids[] / gids[]',
        fuelEventsAnswer,
        { params: fuelPeriodParams, querystring: fuelEventsQuery },
      ),
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
      fuelRoute(
        { config: { views: ['fuel-refuel', 'fuel-add'] } },
        "One fuel event and its level chart: the vehicle's raw levels of the stop ± 2 h",
        fuelEventLevelsAnswer,
        { params: fuelEventIdParams },
      ),
      (request) => fuelEventLevels(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/event/:id/review',
      fuelRoute(
        { config: { view: 'fuel-refuel' } },
        'Confirm or dismiss a suspected theft (DCS) with a note',
        fuelEventSchema,
        { params: fuelEventIdParams, body: fuelReviewBody },
      ),
      (request) => reviewFuelEvent(deps, callerOf(request), request.params.id, request.body),
    );
    app.get(
      '/consumption/:from/:to',
      fuelRoute(
        { config: { view: 'fuel-analysis' } },
        "Consumption of [from, to) per vehicle (with the fuel balance) or per vehicle × driver (by=driver), and per day in the user's time zone",
        fuelConsumptionAnswer,
        { params: fuelPeriodParams, querystring: fuelConsumptionQuery },
      ),
      async (request) =>
        fuelConsumption(deps, callerOf(request), {
          ...request.params,
          ...filterOf(request.query),
          by: request.query.by,
          timeZone: await userTimeZone(deps.db, principalOf(request)),
        }),
    );
    app.get(
      '/adblue/:from/:to',
      fuelRoute(
        { config: { view: 'fuel-catalyst' } },
        'AdBlue per vehicle: level now, refills, use and the AdBlue/diesel ratio of [from, to) with its flag',
        adBlueAnswer,
        { params: fuelPeriodParams, querystring: fuelFilterQuery },
      ),
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
      adminRoute(
        vehiclesAdmin,
        "A vehicle's fuel tanks (capacity, calibration table) and AdBlue capacity",
        vehicleTanksSchema,
        { params: idParams },
      ),
      (request) => vehicleTanks(deps, principalOf(request).tenantId, request.params.id),
    );
    app.put(
      '/admin/vehicles/:id/tanks',
      adminRoute(
        vehiclesAdmin,
        "Replace a vehicle's fuel tanks and AdBlue capacity (calibration tables strictly increasing)",
        vehicleTanksSchema,
        { params: idParams, body: vehicleTanksSchema },
      ),
      (request) =>
        editVehicleTanks(deps, principalOf(request).tenantId, request.params.id, request.body),
    );
  };
}
