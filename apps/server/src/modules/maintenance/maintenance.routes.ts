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
      {
        ...forecast,
        schema: {
          tags: ['maintenance'],
          summary: 'What is due, by vehicle: plan items and pending additional maintenance',
          response: { 200: z.array(forecastRowSchema) },
        },
      },
      (request) => forecastOf(deps, tenant(request)),
    );
    app.get(
      '/calendar',
      {
        ...calendar,
        schema: {
          tags: ['maintenance'],
          summary: 'The forecast as the calendar places it (same rows)',
          response: { 200: z.array(forecastRowSchema) },
        },
      },
      (request) => forecastOf(deps, tenant(request)),
    );

    app.get(
      '/plans',
      {
        ...forecast,
        schema: {
          tags: ['maintenance'],
          summary: "The tenant's maintenance plans",
          response: { 200: z.array(planSchema) },
        },
      },
      (request) => plansOf(deps, tenant(request)),
    );
    app.post(
      '/plans',
      {
        ...forecast,
        schema: {
          tags: ['maintenance'],
          summary: 'Create a plan: items with intervals, assigned to vehicles and groups',
          body: planSave,
          response: { 200: planSchema },
        },
      },
      (request) => savePlan(deps, tenant(request), null, request.body),
    );
    app.put(
      '/plans/:id',
      {
        ...forecast,
        schema: {
          tags: ['maintenance'],
          summary: 'Replace a plan (items keep their id and anchors when sent with it)',
          params: maintenanceIdParams,
          body: planSave,
          response: { 200: planSchema },
        },
      },
      (request) => savePlan(deps, tenant(request), request.params.id, request.body),
    );
    app.delete(
      '/plans/:id',
      {
        ...forecast,
        schema: {
          tags: ['maintenance'],
          summary: 'Delete a plan',
          params: maintenanceIdParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removePlan(deps, tenant(request), request.params.id);
        return ok;
      },
    );

    app.get(
      '/additional',
      {
        ...list,
        schema: {
          tags: ['maintenance'],
          summary: 'Additional (one-off) maintenance, pending and done',
          response: { 200: z.array(additionalSchema) },
        },
      },
      (request) => additionalOf(deps, tenant(request)),
    );
    app.post(
      '/additional',
      {
        ...list,
        schema: {
          tags: ['maintenance'],
          summary: 'Add a one-off maintenance, due on a day and/or an odometer reading',
          body: additionalSave,
          response: { 200: additionalSchema },
        },
      },
      (request) => createAdditional(deps, tenant(request), request.body),
    );
    app.put(
      '/additional/:id',
      {
        ...list,
        schema: {
          tags: ['maintenance'],
          summary: 'Change a one-off maintenance',
          params: maintenanceIdParams,
          body: additionalSave,
          response: { 200: additionalSchema },
        },
      },
      (request) => editAdditional(deps, tenant(request), request.params.id, request.body),
    );
    app.delete(
      '/additional/:id',
      {
        ...list,
        schema: {
          tags: ['maintenance'],
          summary: 'Delete a one-off maintenance',
          params: maintenanceIdParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removeAdditional(deps, tenant(request), request.params.id);
        return ok;
      },
    );

    app.get(
      '/services',
      {
        ...history,
        schema: {
          tags: ['maintenance'],
          summary: 'Services done, newest first (one vehicle with ?vehicleId=)',
          querystring: serviceQuery,
          response: { 200: z.array(serviceSchema) },
        },
      },
      (request) => servicesOf(deps, tenant(request), request.query.vehicleId),
    );
    app.post(
      '/services',
      {
        ...history,
        schema: {
          tags: ['maintenance'],
          summary: 'Record a service done; the plan items it names are re-anchored on it',
          body: serviceCreate,
          response: { 200: serviceSchema },
        },
      },
      (request) => recordService(deps, tenant(request), request.body),
    );
    app.delete(
      '/services/:id',
      {
        ...history,
        schema: {
          tags: ['maintenance'],
          summary: 'Delete a service (its items fall back to their previous anchor)',
          params: maintenanceIdParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removeService(deps, tenant(request), request.params.id);
        return ok;
      },
    );
    app.post(
      '/services/:id/attachments',
      {
        ...history,
        ...uploadRoute(ATTACHMENT_UPLOAD, true),
        schema: {
          tags: ['maintenance'],
          summary:
            'Attach a file to a service: the body is the file (PDF, JPEG or PNG by its bytes, up to 5 MB)',
          params: maintenanceIdParams,
          querystring: attachmentQuery,
          response: { 200: attachmentSchema },
        },
      },
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
      {
        ...history,
        schema: {
          tags: ['maintenance'],
          summary: 'Delete an attachment',
          params: maintenanceIdParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removeAttachment(deps, tenant(request), request.params.id);
        return ok;
      },
    );
  };
}
