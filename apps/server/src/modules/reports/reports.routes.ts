import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportAllowedAddresses,
  reportRecipientChoices,
  reportSendSchema,
  reportSubscriptionInput,
  reportSubscriptionParams,
  reportSubscriptionSchema,
} from '@rumbo/contracts';
import { z } from 'zod';
import { principalOf } from '../../kernel/request-context.js';
import {
  allowedAddresses,
  createSubscription,
  editSubscription,
  mySubscriptions,
  recipientChoices,
  removeSubscription,
  sendLog,
  sendNow,
  setAllowedAddresses,
  type ReportsDeps,
} from './reports.service.js';

/**
 * `/api/v2/reports` (issue 27): the caller's own scheduled e-mail reports, whom they may go to,
 * and the tenant's allowed outside addresses (administrators).
 */
export function reportRoutes(deps: ReportsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const own = { config: { views: 'signed-in' } } as const;
    const tags = ['reports'];
    const withId = { params: reportSubscriptionParams };
    app.get(
      '/reports/subscriptions',
      {
        ...own,
        schema: {
          tags,
          summary: "The caller's scheduled reports, with last sent and next due",
          response: { 200: z.array(reportSubscriptionSchema) },
        },
      },
      (request) => mySubscriptions(deps, principalOf(request)),
    );
    app.post(
      '/reports/subscriptions',
      {
        ...own,
        schema: {
          tags,
          summary: 'Subscribe to a report (the time is read in the caller’s zone)',
          body: reportSubscriptionInput,
          response: { 200: reportSubscriptionSchema },
        },
      },
      (request) => createSubscription(deps, principalOf(request), request.body, request.lang),
    );
    app.put(
      '/reports/subscriptions/:subscriptionId',
      {
        ...own,
        schema: {
          tags,
          summary: 'Change one of the caller’s subscriptions',
          ...withId,
          body: reportSubscriptionInput,
          response: { 200: reportSubscriptionSchema },
        },
      },
      (request) =>
        editSubscription(
          deps,
          principalOf(request),
          request.params.subscriptionId,
          request.body,
          request.lang,
        ),
    );
    app.delete(
      '/reports/subscriptions/:subscriptionId',
      { ...own, schema: { tags, summary: 'Delete one of the caller’s subscriptions', ...withId } },
      async (request) => {
        await removeSubscription(deps, principalOf(request), request.params.subscriptionId);
        return { ok: true };
      },
    );
    app.post(
      '/reports/subscriptions/:subscriptionId/send',
      {
        ...own,
        schema: {
          tags,
          summary: 'Send now, for testing: mailed by the jobs role within a minute',
          ...withId,
          response: { 200: reportSubscriptionSchema },
        },
      },
      (request) => sendNow(deps, principalOf(request), request.params.subscriptionId),
    );
    app.get(
      '/reports/subscriptions/:subscriptionId/sends',
      {
        ...own,
        schema: {
          tags,
          summary: 'A subscription’s sends, newest first',
          ...withId,
          response: { 200: z.array(reportSendSchema) },
        },
      },
      (request) => sendLog(deps, principalOf(request), request.params.subscriptionId),
    );
    app.get(
      '/reports/recipients',
      {
        ...own,
        schema: {
          tags,
          summary: 'Whom a subscription may name: the tenant’s users and the allowed addresses',
          response: { 200: reportRecipientChoices },
        },
      },
      (request) => recipientChoices(deps.db, principalOf(request).tenantId),
    );
    const admin = { config: { view: 'admin-users' } } as const;
    app.get(
      '/reports/allowed-addresses',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Outside addresses allowed as recipients',
          response: { 200: reportAllowedAddresses },
        },
      },
      async (request) => ({
        addresses: await allowedAddresses(deps.db, principalOf(request).tenantId),
      }),
    );
    app.put(
      '/reports/allowed-addresses',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Replace the outside addresses allowed as recipients',
          body: reportAllowedAddresses,
          response: { 200: reportAllowedAddresses },
        },
      },
      async (request) => {
        const { tenantId } = principalOf(request);
        await setAllowedAddresses(deps.db, tenantId, request.body.addresses);
        return { addresses: await allowedAddresses(deps.db, tenantId) };
      },
    );
  };
}
