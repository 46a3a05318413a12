import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  driverCreate,
  driverIdParams,
  driverPatch,
  driverSchema,
  okReply,
  translations,
} from '@rumbo/contracts';
import { z } from 'zod';
import { principalOf } from '../../kernel/request-context.js';
import { DomainError, STATUS_OF } from '../../lib/errors.js';
import {
  createDriver,
  driversOf,
  editDriver,
  removeDriver,
  type DriversDeps,
} from './drivers.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('driver');

/** `/api/driver` (spec §7): the tenant's drivers, view `driver-admin`. */
export function driverRoutes(deps: DriversDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // A taken card code answers its own message; every other error goes to the app's handler.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (!(error instanceof DomainError) || error.params.reason !== 'code_taken') throw error;
      void reply.status(STATUS_OF[error.code]).send({
        error: error.code,
        message: translations[request.lang].drivers.error.code_taken,
        details: error.details,
      });
    });

    const view = { config: { view: 'driver-admin' } } as const;
    app.get('', route(view, "The tenant's drivers", z.array(driverSchema)), (request) =>
      driversOf(deps, principalOf(request).tenantId),
    );
    app.post(
      '',
      route(view, 'Create a driver (a card code already in use is a 409)', driverSchema, {
        body: driverCreate,
      }),
      (request) => createDriver(deps, principalOf(request).tenantId, request.body),
    );
    app.patch(
      '/:driverId',
      route(view, 'Change some fields of a driver', driverSchema, {
        params: driverIdParams,
        body: driverPatch,
      }),
      (request) =>
        editDriver(deps, principalOf(request).tenantId, request.params.driverId, request.body),
    );
    app.delete(
      '/:driverId',
      route(view, 'Delete a driver', okReply, { params: driverIdParams }),
      async (request) => {
        await removeDriver(deps, principalOf(request).tenantId, request.params.driverId);
        return { ok: true };
      },
    );
  };
}
