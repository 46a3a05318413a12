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
import { findVehicle, listDevices, listGroups, listVehicles } from './fleet.repository.js';
import { listTrailerKinds } from './trailer-kinds.repository.js';
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
import { SIGNED_IN_USERS, routeSpec } from '../../kernel/route-spec.js';
const restRoute = routeSpec('rest');

const adminRoute = routeSpec('admin');
const vehiclesRoute = routeSpec('vehicles');

const NO_GROUP = { es: 'Sin grupo', en: 'No group' } as const;

/** `/api/vehicles`: groups with vehicles, vehicle lists, administration of vehicles, devices and groups. */
export function fleetRoutes(deps: FleetDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/groups/vehicles',
      vehiclesRoute(SIGNED_IN_USERS, 'Groups with their vehicles', z.array(groupWithVehicles)),
      (request) => groupsAndVehicles(deps, principalOf(request).tenantId, NO_GROUP[request.lang]),
    );

    app.get(
      '/vehicles',
      vehiclesRoute(SIGNED_IN_USERS, 'Every vehicle of the tenant', z.array(vehicleSchema)),
      (request) => listVehicles(deps.db, principalOf(request).tenantId),
    );

    app.get(
      '/vehicles/:id',
      vehiclesRoute(SIGNED_IN_USERS, 'One vehicle', vehicleSchema, {
        params: idParams,
      }),
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
      vehiclesRoute(SIGNED_IN_USERS, 'Groups with vehicle counts', z.array(groupSchema)),
      (request) => listGroups(deps.db, principalOf(request).tenantId),
    );

    const vehiclesAdmin = { config: { view: 'admin-vehicles' } } as const;
    app.post(
      '/admin/vehicles',
      adminRoute(vehiclesAdmin, 'Create a vehicle', vehicleSchema, { body: vehicleInput }),
      (request) => createVehicle(deps, principalOf(request).tenantId, request.body),
    );
    app.put(
      '/admin/vehicles/:id',
      adminRoute(vehiclesAdmin, 'Edit a vehicle', vehicleSchema, {
        params: idParams,
        body: vehicleInput,
      }),
      (request) =>
        editVehicle(deps, principalOf(request).tenantId, request.params.id, request.body),
    );
    app.delete(
      '/admin/vehicles/:id',
      adminRoute(vehiclesAdmin, 'Delete a vehicle', okReply, { params: idParams }),
      async (request) => {
        await removeVehicle(deps, principalOf(request).tenantId, request.params.id);
        return { ok: true };
      },
    );

    const devicesAdmin = { config: { view: 'admin-devices' } } as const;
    app.get(
      '/admin/devices',
      adminRoute(devicesAdmin, 'Devices of the tenant', z.array(deviceSchema)),
      (request) => listDevices(deps.db, principalOf(request).tenantId),
    );
    app.post(
      '/admin/devices',
      adminRoute(devicesAdmin, 'Register a device', deviceSchema, { body: deviceInput }),
      (request) => createDevice(deps, principalOf(request).tenantId, request.body),
    );
    app.put(
      '/admin/devices/:id',
      adminRoute(devicesAdmin, 'Edit or assign a device', deviceSchema, {
        params: idParams,
        body: deviceInput,
      }),
      (request) => editDevice(deps, principalOf(request).tenantId, request.params.id, request.body),
    );
    app.delete(
      '/admin/devices/:id',
      adminRoute(devicesAdmin, 'Delete a device', okReply, { params: idParams }),
      async (request) => {
        await removeDevice(deps, principalOf(request).tenantId, request.params.id);
        return { ok: true };
      },
    );

    const groupsAdmin = { config: { view: 'admin-groups' } } as const;
    app.post(
      '/admin/groups',
      adminRoute(groupsAdmin, 'Create a group', groupSchema, { body: groupInput }),
      (request) => createGroup(deps, principalOf(request).tenantId, request.body.name),
    );
    app.put(
      '/admin/groups/:id',
      adminRoute(groupsAdmin, 'Rename a group', okReply, { params: idParams, body: groupInput }),
      async (request) => {
        await editGroup(deps, principalOf(request).tenantId, request.params.id, request.body.name);
        return { ok: true };
      },
    );
    app.delete(
      '/admin/groups/:id',
      adminRoute(groupsAdmin, 'Delete a group', okReply, { params: idParams }),
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
    // The live map, and the fleet and vehicle tables that show each vehicle's live status.
    app.get(
      '/vehicle/last_position',
      restRoute(
        { config: { views: LIVE_STATUS_VIEWS } },
        'Last info of every vehicle of the tenant (kept current in memory); the position only with map-fleet-location',
        undefined,
      ),
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
