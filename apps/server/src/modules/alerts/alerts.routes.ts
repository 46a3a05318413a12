import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  alertRecipientChoices,
  alertSettingsSchema,
  alertTypesAnswer,
  eventAcknowledgeInput,
  eventSchema,
  eventsAnswer,
  eventsQuery,
  notificationListAnswer,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { principalOf } from '../../kernel/request-context.js';
import {
  clearNotifications,
  markAllRead,
  userNotifications,
} from './alert-notifications.repository.js';
import { MAX_EVENTS, recipientChoices } from './alerts.repository.js';
import {
  acknowledgeEvent,
  findEvents,
  getSettings,
  putSettings,
  type AlertCatalogue,
} from './alerts.service.js';
import { SIGNED_IN_USERS, routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('alerts');

/** No body, or `{}` as the web app may send; anything else is refused. */
const noBody = z.strictObject({}).nullish();

/** What the alert routes need. */
export interface AlertRoutesDeps {
  db: Kysely<Database>;
  catalogue: AlertCatalogue;
  /** A tenant's settings were saved: every node's cache reloads them. */
  onSettingsChanged: (tenantId: number) => void;
}

/** `/api/v2/alert/…` and `/api/v2/event/…`: the catalogue, a period's events, acknowledgement. */
export function alertsV2Routes(deps: AlertRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    app.post(
      '/alert/get_all_types',
      route(
        SIGNED_IN_USERS,
        'Alert type groups and types (the catalogue), descriptions in the caller’s language',
        alertTypesAnswer,
        { body: noBody },
      ),
      async (request) => deps.catalogue.answer(request.lang),
    );
    // The alerts screen, and a vehicle's analysis (its harsh-driving and speeding events).
    app.post(
      '/event/get_all',
      route(
        { config: { views: ['fleet-alerts', 'analysis-fleet'] } },
        'Events of [from, to) (epoch ms), newest first, optionally narrowed by vehicle, group and code; in pages (limit, before → next)',
        eventsAnswer,
        { body: eventsQuery },
      ),
      async (request) => {
        const { tenantId } = principalOf(request);
        const { from, to, vehicles, groups, codes, before } = request.body;
        if (to <= from) return { payload: [], next: null };
        const limit = request.body.limit ?? MAX_EVENTS;
        const payload = await findEvents(
          db,
          tenantId,
          { from, to, vehicles, groups, codes, limit, before },
          request.lang,
        );
        const last = payload.at(-1);
        const next =
          payload.length === limit && last ? { startTime: last.startTime, id: last.id } : null;
        return { payload, next };
      },
    );
    app.post(
      '/event/acknowledge',
      route(
        { config: { view: 'fleet-alerts' } },
        'Acknowledges an event with an optional comment; answers the event',
        eventSchema,
        { body: eventAcknowledgeInput },
      ),
      async (request) => {
        const { tenantId, userId } = principalOf(request);
        const { id, comment } = request.body;
        const done = await acknowledgeEvent(db, tenantId, id, userId, comment);
        if (!done) throw new DomainError('not_found');
        const [event] = await findEvents(
          db,
          tenantId,
          {
            from: done.startTimeMs,
            to: done.startTimeMs + 1,
            id,
          },
          request.lang,
        );
        if (!event) throw new DomainError('not_found');
        return event;
      },
    );
  };
}

/** `/api/rest/notifications` (the caller's list) and `/api/rest/alerts/…` (settings). */
export function alertsRestRoutes(deps: AlertRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    app.get(
      '/notifications',
      route(
        SIGNED_IN_USERS,
        'The caller’s notifications (at most 99, newest first)',
        notificationListAnswer,
      ),
      async (request) => ({ payload: await userNotifications(db, principalOf(request).userId) }),
    );
    app.post(
      '/notifications/read_all',
      route(
        SIGNED_IN_USERS,
        'Marks all the caller’s notifications read; answers the list',
        notificationListAnswer,
        { body: noBody },
      ),
      async (request) => {
        const { userId } = principalOf(request);
        await markAllRead(db, userId);
        return { payload: await userNotifications(db, userId) };
      },
    );
    app.delete(
      '/notifications',
      route(SIGNED_IN_USERS, 'Clears the caller’s notifications', notificationListAnswer, {
        body: noBody,
      }),
      async (request) => {
        await clearNotifications(db, principalOf(request).userId);
        return { payload: [] };
      },
    );
    const admin = { view: 'admin-alerts' } as const;
    app.get(
      '/alerts/settings',
      route(
        { config: admin },
        'The tenant’s alert settings (defaults filled in)',
        alertSettingsSchema,
      ),
      async (request) => getSettings(db, principalOf(request).tenantId),
    );
    app.put(
      '/alerts/settings',
      route(
        { config: admin },
        'Replaces the tenant’s alert settings: codes on, thresholds, group and vehicle overrides, recipients',
        alertSettingsSchema,
        { body: alertSettingsSchema },
      ),
      async (request) => {
        const { tenantId, userId } = principalOf(request);
        const saved = await putSettings(db, tenantId, userId, request.body);
        deps.onSettingsChanged(tenantId);
        return saved;
      },
    );
    app.get(
      '/alerts/recipients',
      route(
        { config: admin },
        'Roles and users the alert settings may name',
        alertRecipientChoices,
      ),
      async (request) => recipientChoices(db, principalOf(request).tenantId),
    );
  };
}
