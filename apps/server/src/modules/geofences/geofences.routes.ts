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
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['geofences'],
          summary: "The tenant's geofences (geom: a GeoJSON geometry, [lng, lat])",
          body: noBody,
          response: { 200: geofenceListAnswer },
        },
      },
      (request) => geofencesOf(deps, principalOf(request).tenantId),
    );
    app.post(
      '/geofence/get_all_attributes',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['geofences'],
          summary: "The attribute names the tenant's geofences use",
          body: noBody,
          response: { 200: geofenceAttributesAnswer },
        },
      },
      (request) => attributesOf(deps, principalOf(request).tenantId),
    );
    app.post(
      '/geofence/save',
      {
        ...admin,
        bodyLimit: SAVE_BODY_LIMIT,
        schema: {
          tags: ['geofences'],
          summary:
            'Create (no properties.id) or replace a geofence: a GeoJSON Feature (Polygon, LineString corridor with properties.width, Point circle with properties.radius)',
          body: geofenceSaveInput,
          response: { 200: geofenceSchema },
        },
      },
      (request) => {
        const { tenantId, userId } = principalOf(request);
        return saveGeofence(deps, tenantId, userId, request.body, request.lang);
      },
    );
    app.post(
      '/geofence/delete',
      {
        ...admin,
        schema: {
          tags: ['geofences'],
          summary: 'Delete a geofence (its past events keep their idzona)',
          body: geofenceDeleteInput,
          response: { 200: okReply },
        },
      },
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
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['geofences'],
          summary: "The tenant's points of interest (?deleted=true: the deleted ones too)",
          querystring: interestPointQuery,
          response: { 200: z.array(interestPointSchema) },
        },
      },
      (request) => interestPointsOf(deps, principalOf(request).tenantId, request.query.deleted),
    );
    app.post(
      '/routing/interest_point',
      {
        ...admin,
        schema: {
          tags: ['geofences'],
          summary: 'Create a point of interest',
          body: interestPointCreate,
          response: { 200: interestPointSchema },
        },
      },
      (request) => {
        const { tenantId, userId } = principalOf(request);
        return createInterestPoint(deps, tenantId, userId, request.body, request.lang);
      },
    );
    app.patch(
      '/routing/interest_point/:idInterestPoint',
      {
        ...admin,
        schema: {
          tags: ['geofences'],
          summary: 'Change some fields of a point of interest',
          params: interestPointIdParams,
          body: interestPointPatch,
          response: { 200: interestPointSchema },
        },
      },
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
      {
        ...admin,
        schema: {
          tags: ['geofences'],
          summary: 'Delete a point of interest (soft: listed with deleted=true)',
          params: interestPointIdParams,
          response: { 200: okReply },
        },
      },
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
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['geofences'],
          summary: 'POI types (built-in ones named in the caller’s language, and the tenant’s)',
          response: { 200: z.array(interestPointTypeSchema) },
        },
      },
      (request) => interestPointTypesOf(deps, principalOf(request).tenantId, request.lang),
    );
    app.post(
      '/routing/interest_point_type',
      {
        ...admin,
        schema: {
          tags: ['geofences'],
          summary: 'Create a POI type of the tenant',
          body: interestPointTypeCreate,
          response: { 200: interestPointTypeSchema },
        },
      },
      (request) =>
        createInterestPointType(deps, principalOf(request).tenantId, request.body, request.lang),
    );
  };
}
