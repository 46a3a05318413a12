import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  additionalSave,
  additionalSchema,
  ATTACHMENT_TYPES,
  attachmentQuery,
  attachmentSchema,
  forecastRowSchema,
  maintenanceIdParams,
  MAX_ATTACHMENT_BYTES,
  okReply,
  planSave,
  planSchema,
  serviceCreate,
  serviceQuery,
  serviceSchema,
} from '@rumbo/contracts';
import { uploadRoute } from '../../kernel/uploads.js';
import { z } from 'zod';
import { principalOf } from '../../kernel/request-context.js';
import {
  addAttachment,
  additionalOf,
  attachmentOf,
  createAdditional,
  editAdditional,
  forecastOf,
  plansOf,
  recordService,
  removeAdditional,
  removeAttachment,
  removePlan,
  removeService,
  savePlan,
  servicesOf,
  type MaintenanceDeps,
} from './maintenance.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('maintenance');

/** Bodies an attachment upload may carry: the file's bytes (their signature decides the type). */
const UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream'];

/** Refusals of an attachment name its real limit and types (not the server's 1 MB). */
const ATTACHMENT_UPLOAD = { maxBytes: MAX_ATTACHMENT_BYTES, types: ATTACHMENT_TYPES };

/** `/api/maintenance` (issue 15, views maintenance-*): plans, forecast, additional, services. */
export function maintenanceRoutes(deps: MaintenanceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      UPLOAD_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_ATTACHMENT_BYTES },
      (_request, body, done) => done(null, body),
    );
    const forecast = { config: { view: 'maintenance-forecast' } } as const;
    const calendar = { config: { view: 'maintenance-calendar' } } as const;
    const list = { config: { view: 'maintenance-list' } } as const;
    const history = { config: { view: 'maintenance-history' } } as const;
    const tenant = (request: Parameters<typeof principalOf>[0]) => principalOf(request).tenantId;
    const ok = { ok: true };

    app.get(
      '/forecast',
      route(
        forecast,
        'What is due, by vehicle: plan items and pending additional maintenance',
        z.array(forecastRowSchema),
      ),
      (request) => forecastOf(deps, tenant(request)),
    );
    app.get(
      '/calendar',
      route(
        calendar,
        'The forecast as the calendar places it (same rows)',
        z.array(forecastRowSchema),
      ),
      (request) => forecastOf(deps, tenant(request)),
    );

    app.get(
      '/plans',
      route(forecast, "The tenant's maintenance plans", z.array(planSchema)),
      (request) => plansOf(deps, tenant(request)),
    );
    app.post(
      '/plans',
      route(
        forecast,
        'Create a plan: items with intervals, assigned to vehicles and groups',
        planSchema,
        { body: planSave },
      ),
      (request) => savePlan(deps, tenant(request), null, request.body),
    );
    app.put(
      '/plans/:id',
      route(
        forecast,
        'Replace a plan (items keep their id and anchors when sent with it)',
        planSchema,
        { params: maintenanceIdParams, body: planSave },
      ),
      (request) => savePlan(deps, tenant(request), request.params.id, request.body),
    );
    app.delete(
      '/plans/:id',
      route(forecast, 'Delete a plan', okReply, { params: maintenanceIdParams }),
      async (request) => {
        await removePlan(deps, tenant(request), request.params.id);
        return ok;
      },
    );

    app.get(
      '/additional',
      route(list, 'Additional (one-off) maintenance, pending and done', z.array(additionalSchema)),
      (request) => additionalOf(deps, tenant(request)),
    );
    app.post(
      '/additional',
      route(
        list,
        'Add a one-off maintenance, due on a day and/or an odometer reading',
        additionalSchema,
        { body: additionalSave },
      ),
      (request) => createAdditional(deps, tenant(request), request.body),
    );
    app.put(
      '/additional/:id',
      route(list, 'Change a one-off maintenance', additionalSchema, {
        params: maintenanceIdParams,
        body: additionalSave,
      }),
      (request) => editAdditional(deps, tenant(request), request.params.id, request.body),
    );
    app.delete(
      '/additional/:id',
      route(list, 'Delete a one-off maintenance', okReply, { params: maintenanceIdParams }),
      async (request) => {
        await removeAdditional(deps, tenant(request), request.params.id);
        return ok;
      },
    );

    app.get(
      '/services',
      route(
        history,
        'Services done, newest first (one vehicle with ?vehicleId=)',
        z.array(serviceSchema),
        { querystring: serviceQuery },
      ),
      (request) => servicesOf(deps, tenant(request), request.query.vehicleId),
    );
    app.post(
      '/services',
      route(
        history,
        'Record a service done; the plan items it names are re-anchored on it',
        serviceSchema,
        { body: serviceCreate },
      ),
      (request) => recordService(deps, tenant(request), request.body),
    );
    app.delete(
      '/services/:id',
      route(history, 'Delete a service (its items fall back to their previous anchor)', okReply, {
        params: maintenanceIdParams,
      }),
      async (request) => {
        await removeService(deps, tenant(request), request.params.id);
        return ok;
      },
    );
    app.post(
      '/services/:id/attachments',
      route(
        { ...history, ...uploadRoute(ATTACHMENT_UPLOAD, true) },
        'Attach a file to a service: the body is the file (PDF, JPEG or PNG by its bytes, up to 5 MB)',
        attachmentSchema,
        { params: maintenanceIdParams, querystring: attachmentQuery },
      ),
      (request) =>
        addAttachment(deps, tenant(request), request.params.id, request.query.name, request.body),
    );
    app.get(
      '/attachments/:id',
      {
        ...history,
        schema: {
          tags: ['maintenance'],
          summary: 'Download an attachment',
          params: maintenanceIdParams,
        },
      },
      async (request, reply) => {
        const file = await attachmentOf(deps, tenant(request), request.params.id);
        return reply
          .header('content-type', file.mime)
          .header(
            'content-disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(file.data));
      },
    );
    app.delete(
      '/attachments/:id',
      route(history, 'Delete an attachment', okReply, { params: maintenanceIdParams }),
      async (request) => {
        await removeAttachment(deps, tenant(request), request.params.id);
        return ok;
      },
    );
  };
}
