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
import { SIGNED_IN_USERS, routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('reports');

/**
 * `/api/v2/reports` (issue 27): the caller's own scheduled e-mail reports, whom they may go to,
 * and the tenant's allowed outside addresses (administrators).
 */
export function reportRoutes(deps: ReportsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const withId = { params: reportSubscriptionParams };
    app.get(
      '/reports/subscriptions',
      route(
        SIGNED_IN_USERS,
        "The caller's scheduled reports, with last sent and next due",
        z.array(reportSubscriptionSchema),
      ),
      (request) => mySubscriptions(deps, principalOf(request)),
    );
    app.post(
      '/reports/subscriptions',
      route(
        SIGNED_IN_USERS,
        'Subscribe to a report (the time is read in the caller’s zone)',
        reportSubscriptionSchema,
        { body: reportSubscriptionInput },
      ),
      (request) => createSubscription(deps, principalOf(request), request.body, request.lang),
    );
    app.put(
      '/reports/subscriptions/:subscriptionId',
      route(SIGNED_IN_USERS, 'Change one of the caller’s subscriptions', reportSubscriptionSchema, {
        ...withId,
        body: reportSubscriptionInput,
      }),
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
      route(SIGNED_IN_USERS, 'Delete one of the caller’s subscriptions', undefined, withId),
      async (request) => {
        await removeSubscription(deps, principalOf(request), request.params.subscriptionId);
        return { ok: true };
      },
    );
    app.post(
      '/reports/subscriptions/:subscriptionId/send',
      route(
        SIGNED_IN_USERS,
        'Send now, for testing: mailed by the jobs role within a minute',
        reportSubscriptionSchema,
        { ...withId },
      ),
      (request) => sendNow(deps, principalOf(request), request.params.subscriptionId),
    );
    app.get(
      '/reports/subscriptions/:subscriptionId/sends',
      route(SIGNED_IN_USERS, 'A subscription’s sends, newest first', z.array(reportSendSchema), {
        ...withId,
      }),
      (request) => sendLog(deps, principalOf(request), request.params.subscriptionId),
    );
    app.get(
      '/reports/recipients',
      route(
        SIGNED_IN_USERS,
        'Whom a subscription may name: the tenant’s users and the allowed addresses',
        reportRecipientChoices,
      ),
      (request) => recipientChoices(deps.db, principalOf(request).tenantId),
    );
    const admin = { config: { view: 'admin-users' } } as const;
    app.get(
      '/reports/allowed-addresses',
      route(admin, 'Outside addresses allowed as recipients', reportAllowedAddresses),
      async (request) => ({
        addresses: await allowedAddresses(deps.db, principalOf(request).tenantId),
      }),
    );
    app.put(
      '/reports/allowed-addresses',
      route(admin, 'Replace the outside addresses allowed as recipients', reportAllowedAddresses, {
        body: reportAllowedAddresses,
      }),
      async (request) => {
        const { tenantId } = principalOf(request);
        await setAllowedAddresses(deps.db, tenantId, request.body.addresses);
        return { addresses: await allowedAddresses(deps.db, tenantId) };
      },
    );
  };
}
