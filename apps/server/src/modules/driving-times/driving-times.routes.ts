import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  drivingTimesDriverParams,
  drivingTimesGroupQuery,
  drivingTimesPeriodQuery,
  infringementPeriodParams,
} from '@rumbo/contracts';
import type { DeviceFact } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { DrivingTimesCache } from './driving-times.cache.js';
import { principalOf } from '../../kernel/request-context.js';
import { userTimeZone } from '../users/index.js';
import {
  driverDetail,
  drivingRulesOf,
  drivingTimesList,
  infringementList,
  putDrivingRules,
} from './driving-times.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('driving-times');

/** What the driving-times routes need. */
export interface DrivingTimesDeps {
  db: Kysely<Database>;
  /** Now, epoch ms (tests hold it). */
  nowMs?: () => number;
  /** Committed facts and live updates: the list's memory follows them (decision 0043). */
  bus?: {
    onFacts(
      handler: (facts: { tag: { tenantId: number }; fact: DeviceFact }[]) => void,
    ): () => void;
    onLive(
      handler: (messages: { vehicleId: number; update: { fixTimeMs: number } }[]) => void,
    ): () => void;
  };
}

const YEAR_MS = 366 * 86_400_000;
/** A period: the end after the start, at most a year long (messages are the contracts' rule keys). */
const ordered = <T extends { from?: number; to?: number }>(schema: z.ZodType<T>) =>
  schema
    .refine((p) => p.from === undefined || p.to === undefined || p.to > p.from, 'period_order')
    .refine(
      (p) => p.from === undefined || p.to === undefined || p.to - p.from <= YEAR_MS,
      'period_max_year',
    );

/**
 * `/api/v2/driving-times…` (issue 26): every driver's driving left now, a driver's page, the
 * infringements of a period, and the tenant's rule set (administrators).
 */
export function drivingTimesRoutes(deps: DrivingTimesDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const now = deps.nowMs ?? (() => Date.now());
  const cache = new DrivingTimesCache();
  return async (app) => {
    const offFacts = deps.bus?.onFacts((facts) => {
      for (const { tag, fact } of facts)
        if (fact.type === 'driver-activity') cache.changed(tag.tenantId, fact.card);
    });
    const offLive = deps.bus?.onLive((messages) => {
      for (const m of messages) cache.seen(m.vehicleId, m.update.fixTimeMs);
    });
    app.addHook('onClose', () => {
      offFacts?.();
      offLive?.();
    });
    // The driving-times screen, the infringements list (its rows open a driver's page) and the
    // drivers' administration read them.
    const reader = {
      config: { views: ['driver-driving-times', 'driver-infringements', 'driver-admin'] as const },
    };
    const infringements = {
      config: { views: ['driver-infringements', 'driver-driving-times'] as const },
    };
    const admin = { config: { view: 'admin-alerts' } } as const;
    app.get(
      '/driving-times',
      route(
        reader,
        'Every driver now: activity, truck, driving left (break, day, week, fortnight), rests due',
        undefined,
        { querystring: drivingTimesGroupQuery },
      ),
      (request) =>
        drivingTimesList(db, principalOf(request).tenantId, {
          groupId: request.query.groupId,
          nowMs: now(),
          lang: request.lang,
          cache,
        }),
    );
    app.get(
      '/driving-times/drivers/:driverId',
      route(
        reader,
        'A driver’s activities, days, week and fortnight and infringements in [from, to) (default: the last 7 days)',
        undefined,
        { params: drivingTimesDriverParams, querystring: ordered(drivingTimesPeriodQuery) },
      ),
      async (request) => {
        const principal = principalOf(request);
        return driverDetail(db, principal.tenantId, request.params.driverId, {
          fromMs: request.query.from,
          toMs: request.query.to,
          nowMs: now(),
          lang: request.lang,
          timeZone: await userTimeZone(db, principal),
        });
      },
    );
    app.get(
      '/driving-times/infringements/:from/:to',
      route(
        infringements,
        'Every infringement ending in [from, to) (epoch ms), with its evidence',
        undefined,
        { params: ordered(infringementPeriodParams) },
      ),
      (request) =>
        infringementList(db, principalOf(request).tenantId, {
          fromMs: request.params.from,
          toMs: request.params.to,
          nowMs: now(),
          lang: request.lang,
        }),
    );
    app.get(
      '/driving-times/rules',
      route(admin, 'The tenant’s rule set (EU 561/2006 until it saves its own)', undefined),
      (request) => drivingRulesOf(db, principalOf(request).tenantId),
    );
    app.put(
      '/driving-times/rules',
      route(
        admin,
        'Replaces the tenant’s rule set (a copy of EU 561/2006 with its numbers), checked by the engine',
        undefined,
        { body: z.record(z.string(), z.unknown()) },
      ),
      (request) => {
        const { tenantId, userId } = principalOf(request);
        cache.forget(tenantId);
        return putDrivingRules(db, tenantId, userId, request.body);
      },
    );
  };
}
