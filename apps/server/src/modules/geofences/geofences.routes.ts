import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  geofenceAttributesAnswer,
  geofenceDeleteInput,
  geofenceListAnswer,
  geofenceSaveInput,
  geofenceSchema,
  interestPointCreate,
  interestPointIdParams,
  interestPointPatch,
  interestPointQuery,
  interestPointSchema,
  interestPointTypeCreate,
  interestPointTypeSchema,
  okReply,
} from '@rumbo/contracts';
import { principalOf } from '../../kernel/request-context.js';
import {
  attributesOf,
  createInterestPoint,
  createInterestPointType,
  editInterestPoint,
  geofencesOf,
  interestPointsOf,
  interestPointTypesOf,
  removeGeofence,
  removeInterestPoint,
  saveGeofence,
  type GeofencesDeps,
} from './geofences.service.js';
import { SIGNED_IN_USERS, routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('geofences');

/** No body, or `{}` as the web app may send; anything else is refused. */
const noBody = z.strictObject({}).nullish();

/** Writes need the `geofence-admin` view; reads any signed-in user of the tenant. */
const admin = { config: { view: 'geofence-admin' } } as const;

/** A zone of up to 5,000 points with its properties fits in 1 MB; allow a little more. */
const SAVE_BODY_LIMIT = 2 * 1024 * 1024;

/** `/api/v2/geofence/…` (spec §7, decisions.md "Analysis, alerts and zones"). */
export function geofenceV2Routes(deps: GeofencesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/geofence/get_all',
      route(
        SIGNED_IN_USERS,
        "The tenant's geofences (geom: a GeoJSON geometry, [lng, lat])",
        geofenceListAnswer,
        { body: noBody },
      ),
      (request) => geofencesOf(deps, principalOf(request).tenantId),
    );
    app.post(
      '/geofence/get_all_attributes',
      route(
        SIGNED_IN_USERS,
        "The attribute names the tenant's geofences use",
        geofenceAttributesAnswer,
        { body: noBody },
      ),
      (request) => attributesOf(deps, principalOf(request).tenantId),
    );
    app.post(
      '/geofence/save',
      route(
        { ...admin, bodyLimit: SAVE_BODY_LIMIT },
        'Create (no properties.id) or replace a geofence: a GeoJSON Feature (Polygon, LineString corridor with properties.width, Point circle with properties.radius)',
        geofenceSchema,
        { body: geofenceSaveInput },
      ),
      (request) => {
        const { tenantId, userId } = principalOf(request);
        return saveGeofence(deps, tenantId, userId, request.body, request.lang);
      },
    );
    app.post(
      '/geofence/delete',
      route(admin, 'Delete a geofence (its past events keep their idzona)', okReply, {
        body: geofenceDeleteInput,
      }),
      async (request) => {
        await removeGeofence(deps, principalOf(request).tenantId, request.body.id);
        return { ok: true };
      },
    );
  };
}

/** `/api/rest/routing/interest_point…` (spec §3, §7): points of interest and their types. */
export function interestPointRoutes(deps: GeofencesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/routing/interest_point',
      route(
        SIGNED_IN_USERS,
        "The tenant's points of interest (?deleted=true: the deleted ones too)",
        z.array(interestPointSchema),
        { querystring: interestPointQuery },
      ),
      (request) => interestPointsOf(deps, principalOf(request).tenantId, request.query.deleted),
    );
    app.post(
      '/routing/interest_point',
      route(admin, 'Create a point of interest', interestPointSchema, {
        body: interestPointCreate,
      }),
      (request) => {
        const { tenantId, userId } = principalOf(request);
        return createInterestPoint(deps, tenantId, userId, request.body, request.lang);
      },
    );
    app.patch(
      '/routing/interest_point/:idInterestPoint',
      route(admin, 'Change some fields of a point of interest', interestPointSchema, {
        params: interestPointIdParams,
        body: interestPointPatch,
      }),
      (request) =>
        editInterestPoint(
          deps,
          principalOf(request).tenantId,
          request.params.idInterestPoint,
          request.body,
          request.lang,
        ),
    );
    app.delete(
      '/routing/interest_point/:idInterestPoint',
      route(admin, 'Delete a point of interest (soft: listed with deleted=true)', okReply, {
        params: interestPointIdParams,
      }),
      async (request) => {
        await removeInterestPoint(
          deps,
          principalOf(request).tenantId,
          request.params.idInterestPoint,
        );
        return { ok: true };
      },
    );
    app.get(
      '/routing/interest_point_type',
      route(
        SIGNED_IN_USERS,
        'POI types (built-in ones named in the caller’s language, and the tenant’s)',
        z.array(interestPointTypeSchema),
      ),
      (request) => interestPointTypesOf(deps, principalOf(request).tenantId, request.lang),
    );
    app.post(
      '/routing/interest_point_type',
      route(admin, 'Create a POI type of the tenant', interestPointTypeSchema, {
        body: interestPointTypeCreate,
      }),
      (request) =>
        createInterestPointType(deps, principalOf(request).tenantId, request.body, request.lang),
    );
  };
}
