import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceInput,
  deviceSchema,
  groupInput,
  groupSchema,
  groupWithVehicles,
  idParams,
  isViewAllowed,
  LIVE_POSITION_VIEW,
  LIVE_STATUS_VIEWS,
  okReply,
  trailerKindSchema,
  type LastInfo,
  vehicleInput,
  vehicleSchema,
} from '@rumbo/contracts';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { principalOf } from '../../kernel/request-context.js';
import {
  findVehicle,
  listDevices,
  listGroups,
  listTrailerKinds,
  listVehicles,
} from './fleet.repository.js';
import {
  createDevice,
  createGroup,
  createVehicle,
  editDevice,
  editGroup,
  editVehicle,
  groupsAndVehicles,
  removeDevice,
  removeGroup,
  removeVehicle,
  type FleetDeps,
} from './fleet.service.js';

const NO_GROUP = { es: 'Sin grupo', en: 'No group' } as const;

/** `/api/vehicles`: groups with vehicles, vehicle lists, administration of vehicles, devices and groups. */
export function fleetRoutes(deps: FleetDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/groups/vehicles',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['vehicles'],
          summary: 'Groups with their vehicles',
          response: { 200: z.array(groupWithVehicles) },
        },
      },
      (request) => groupsAndVehicles(deps, principalOf(request).tenantId, NO_GROUP[request.lang]),
    );

    app.get(
      '/vehicles',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['vehicles'],
          summary: 'Every vehicle of the tenant',
          response: { 200: z.array(vehicleSchema) },
        },
      },
      (request) => listVehicles(deps.db, principalOf(request).tenantId),
    );

    app.get(
      '/vehicles/:id',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['vehicles'],
          summary: 'One vehicle',
          params: idParams,
          response: { 200: vehicleSchema },
        },
      },
      async (request) => {
        const vehicle = await findVehicle(
          deps.db,
          principalOf(request).tenantId,
          request.params.id,
        );
        if (!vehicle) throw new DomainError('not_found');
        return vehicle;
      },
    );

    app.get(
      '/groups',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['vehicles'],
          summary: 'Groups with vehicle counts',
          response: { 200: z.array(groupSchema) },
        },
      },
      (request) => listGroups(deps.db, principalOf(request).tenantId),
    );

    const vehiclesAdmin = { config: { view: 'admin-vehicles' } } as const;
    app.post(
      '/admin/vehicles',
      {
        ...vehiclesAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Create a vehicle',
          body: vehicleInput,
          response: { 200: vehicleSchema },
        },
      },
      (request) => createVehicle(deps, principalOf(request).tenantId, request.body),
    );
    app.put(
      '/admin/vehicles/:id',
      {
        ...vehiclesAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Edit a vehicle',
          params: idParams,
          body: vehicleInput,
          response: { 200: vehicleSchema },
        },
      },
      (request) =>
        editVehicle(deps, principalOf(request).tenantId, request.params.id, request.body),
    );
    app.delete(
      '/admin/vehicles/:id',
      {
        ...vehiclesAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Delete a vehicle',
          params: idParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removeVehicle(deps, principalOf(request).tenantId, request.params.id);
        return { ok: true };
      },
    );

    const devicesAdmin = { config: { view: 'admin-devices' } } as const;
    app.get(
      '/admin/devices',
      {
        ...devicesAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Devices of the tenant',
          response: { 200: z.array(deviceSchema) },
        },
      },
      (request) => listDevices(deps.db, principalOf(request).tenantId),
    );
    app.post(
      '/admin/devices',
      {
        ...devicesAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Register a device',
          body: deviceInput,
          response: { 200: deviceSchema },
        },
      },
      (request) => createDevice(deps, principalOf(request).tenantId, request.body),
    );
    app.put(
      '/admin/devices/:id',
      {
        ...devicesAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Edit or assign a device',
          params: idParams,
          body: deviceInput,
          response: { 200: deviceSchema },
        },
      },
      (request) => editDevice(deps, principalOf(request).tenantId, request.params.id, request.body),
    );
    app.delete(
      '/admin/devices/:id',
      {
        ...devicesAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Delete a device',
          params: idParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removeDevice(deps, principalOf(request).tenantId, request.params.id);
        return { ok: true };
      },
    );

    const groupsAdmin = { config: { view: 'admin-groups' } } as const;
    app.post(
      '/admin/groups',
      {
        ...groupsAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Create a group',
          body: groupInput,
          response: { 200: groupSchema },
        },
      },
      (request) => createGroup(deps, principalOf(request).tenantId, request.body.name),
    );
    app.put(
      '/admin/groups/:id',
      {
        ...groupsAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Rename a group',
          params: idParams,
          body: groupInput,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await editGroup(deps, principalOf(request).tenantId, request.params.id, request.body.name);
        return { ok: true };
      },
    );
    app.delete(
      '/admin/groups/:id',
      {
        ...groupsAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Delete a group',
          params: idParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removeGroup(deps, principalOf(request).tenantId, request.params.id);
        return { ok: true };
      },
    );
  };
}

/** A vehicle's last info without where it is and where it heads (roles without the live map). */
function withoutPosition(info: LastInfo): LastInfo {
  return { ...info, lat: null, lng: null, heading: null };
}

/** `/api/rest/vehicle/last_position`: last info of every vehicle, from memory. */
export function lastPositionRoutes(deps: FleetDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/vehicle/last_position',
      {
        // The live map, and the fleet and vehicle tables that show each vehicle's live status.
        config: { views: LIVE_STATUS_VIEWS },
        schema: {
          tags: ['rest'],
          summary:
            'Last info of every vehicle of the tenant (kept current in memory); the position only with map-fleet-location',
        },
      },
      async (request, reply) => {
        const { tenantId, views } = principalOf(request);
        void reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .header('vary', 'accept-encoding');
        if (!isViewAllowed(views, LIVE_POSITION_VIEW)) {
          // Status, last report, speed, as the tables show them: where each vehicle is stays on the map.
          return reply.send(JSON.stringify(deps.live.list(tenantId).map(withoutPosition)));
        }
        // The body is built (and gzipped) once per change, not per request.
        if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
          return reply
            .header('content-encoding', 'gzip')
            .send(deps.live.gzip(tenantId, Date.now()));
        }
        return reply.send(deps.live.json(tenantId, Date.now()));
      },
    );
  };
}

/** `/api/v2/vehicle/all_trailer_kind`. */
export function trailerKindRoutes(deps: FleetDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/vehicle/all_trailer_kind',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['v2'],
          summary: 'Trailer kinds and their implements',
          // No body, or `{}` as the web app sends; anything else is refused.
          body: z.strictObject({}).nullish(),
          response: { 200: z.array(trailerKindSchema) },
        },
      },
      (request) => listTrailerKinds(deps.db, principalOf(request).tenantId),
    );
  };
}
