import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idParams, okReply } from '@rumbo/contracts';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { principalOf } from '../../kernel/request-context.js';
import { DomainError } from '../../lib/errors.js';
import type { DeviceModelCatalog } from './device-models.catalog.js';
import {
  deleteDeviceModel,
  listDeviceModels,
  upsertDeviceModel,
} from './device-models.repository.js';
import { deviceModelInput, deviceModelSchema } from './device-models.schemas.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('admin');

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
  );
}

/**
 * `/api/vehicles/admin/device-models` (view admin-devices): the tenant's device models and their
 * IO mapping overrides. Every change reloads the catalog ingest decodes with, so the next record
 * of a device of that model uses it.
 */
export function deviceModelRoutes(deps: {
  db: Kysely<Database>;
  catalog: DeviceModelCatalog;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const devicesAdmin = { config: { view: 'admin-devices' } } as const;
    app.get(
      '/admin/device-models',
      route(
        devicesAdmin,
        'Device models of the tenant with their IO mapping overrides',
        z.array(deviceModelSchema),
      ),
      (request) => listDeviceModels(deps.db, principalOf(request).tenantId),
    );
    app.put(
      '/admin/device-models',
      route(
        devicesAdmin,
        'Create or replace a device model (matched by protocol and name)',
        deviceModelSchema,
        {
          description:
            'ioMapping.rules replace the base family rules for the same Teltonika IO ids and win over ' +
            'its other rules for the same field; null removes the override. Takes effect for the ' +
            'next record of every device of that model.',
          body: deviceModelInput,
        },
      ),
      async (request) => {
        try {
          const model = await upsertDeviceModel(
            deps.db,
            principalOf(request).tenantId,
            request.body,
          );
          await deps.catalog.load();
          return model;
        } catch (error) {
          // Two administrators created the same model at once.
          if (isUniqueViolation(error)) throw new DomainError('conflict');
          throw error;
        }
      },
    );
    app.delete(
      '/admin/device-models/:id',
      route(
        devicesAdmin,
        'Delete a device model (its devices fall back to the family table)',
        okReply,
        { params: idParams },
      ),
      async (request) => {
        if (!(await deleteDeviceModel(deps.db, principalOf(request).tenantId, request.params.id)))
          throw new DomainError('not_found');
        await deps.catalog.load();
        return { ok: true };
      },
    );
  };
}
