import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Bus, NotificationDelivery } from '../bus/bus.js';
import { memoryBus } from '../bus/memory-bus.js';
import { buildHttpApp } from '../http/app.js';
import { newIngestCounters, type IngestContext } from '../ingest/ingest-types.js';
import { boundRecords } from '../ingest/record-bounds.js';
import { BackgroundTasks } from '../lib/background-tasks.js';
import { systemClock, type Clock } from '../lib/clock.js';
import {
  type AuthDeps,
  authenticate,
  LoginLimiter,
  PrincipalCache,
  type SessionEvents,
} from '../modules/auth/index.js';
import { altchaHumanCheck, type HumanCheck } from '../modules/human-check/index.js';
import {
  AlertCatalogue,
  AlertDispatcher,
  AlertSettingsCache,
  detectSilences,
  type AlertsPart,
} from '../modules/alerts/index.js';
import { DeviceModelCatalog } from '../modules/device-models/index.js';
import { PlacesCache } from '../modules/geofences/index.js';
import { PlannedTripsCache } from '../modules/planned-trips/index.js';
import { DeviceRegistry } from '../modules/fleet/index.js';
import { PositionPartitions } from '../pipeline/partitions.js';
import { Pipeline } from '../pipeline/pipeline.js';
import { Recomputer } from '../pipeline/recomputer.js';
import { defaultSinks } from '../pipeline/sinks/index.js';
import { GeocoderEngine } from '../places/engine.js';
import { Geocoder } from '../places/geocoder.js';
import { PlacesJob } from '../places/places.job.js';
import { LiveFeed } from '../realtime/live-feed.js';
import { LiveFleet } from '../realtime/live-fleet.js';
import { loadLiveFleet } from '../realtime/load-live-fleet.js';
import { SocketHub } from '../realtime/socket-hub.js';
import { latencyProbe } from './latency-probe.js';
import { CORE_DETECTORS, reducerSettings, type DetectorChain } from '@rumbo/telematics';

/** A role a process plays (ROLES). */
export type Role = Config['ROLES'][number];

/** What a node is built from; tests pass fakes for the clock and the human check. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  humanCheck?: HumanCheck;
  limiter?: LoginLimiter;
  sessionEvents?: SessionEvents;
  logger?: FastifyServerOptions['logger'];
  /** Pipeline batching (tests use small values). */
  pipeline?: {
    flushIntervalMs?: number;
    maxBatchRows?: number;
    recomputeDebounceMs?: number;
    /** The detector chain (tests add a rule of their own). */
    detectors?: DetectorChain;
  };
  /** The bus (default: in memory, one process). */
  bus?: Bus;
  /** How often sockets of expired sessions are closed (tests use small values). */
  sockets?: { expirySweepMs?: number };
}

/** Pushes stored notifications to their users' sockets on this node (`notifications/add`). */
function pushNotifications(hub: SocketHub, deliveries: readonly NotificationDelivery[]): void {
  for (const { tenantId, userId, notification } of deliveries) {
    hub.sendToTenant(
      tenantId,
      { mutation: 'notifications/add', payload: notification },
      (c) => c.principal.userId === userId,
    );
  }
}

/** Session revocations travel on the bus, so every API node closes the sockets at once. */
function busSessionEvents(bus: Bus): SessionEvents {
  return {
    revoked(ids) {
      if (ids.length > 0) bus.publishSessionsRevoked(ids.map(String));
    },
    onRevoked(listener) {
      return bus.onSessionsRevoked((ids) => listener(ids.map(Number)));
    },
  };
}

/**
 * The composition root: builds the parts of the roles this process plays (config.ROLES) and the
 * HTTP server, and wires them through the bus. Every role's part exists in one process by default;
 * in a cluster each process builds only its own (docs/decisions/0014-roles-and-bus.md).
 */
export async function composeApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const roles = new Set<Role>(config.ROLES);
  const bus = deps.bus ?? memoryBus();
  const clock = deps.clock ?? systemClock;
  const sessionEvents = deps.sessionEvents ?? busSessionEvents(bus);
  const cleanups: (() => Promise<void> | void)[] = [];
  // Parts are built before the HTTP server whose logger they use: they log through this.
  const logRef: { current: Pick<FastifyInstance['log'], 'info' | 'warn' | 'error' | 'debug'> } = {
    current: {
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
    },
  };
  const lazyLog = {
    info: (obj: object, msg?: string) => logRef.current.info(obj, msg),
    warn: (obj: object, msg?: string) => logRef.current.warn(obj, msg),
    error: (obj: object, msg?: string) => logRef.current.error(obj, msg),
    debug: (obj: object, msg?: string) => logRef.current.debug(obj, msg),
  };
  const log = () => lazyLog;
  const auth: AuthDeps = {
    db: database.db,
    clock,
    config,
    limiter: deps.limiter ?? new LoginLimiter(),
    sessionEvents,
    humanCheck: deps.humanCheck ?? altchaHumanCheck(config.ALTCHA_HMAC_KEY),
    tasks: new BackgroundTasks((error) => lazyLog.error({ err: error }, 'background task failed')),
    principals: new PrincipalCache(),
  };

  // The live fleet: API nodes serve it; elsewhere a local copy only receives registrations.
  const live = new LiveFleet();
  const hubOptions = {
    nowMs: () => clock.nowMs(),
    expirySweepMs: deps.sockets?.expirySweepMs,
  };
  const hubs = {
    ws: new SocketHub((c) => authenticate(auth, c), hubOptions),
    wslp: new SocketHub((c) => authenticate(auth, c), hubOptions),
  };
  let liveFeed: LiveFeed | undefined;
  const deviceModels = new DeviceModelCatalog(database.db);
  await deviceModels.load();
  if (roles.has('api')) {
    await loadLiveFleet(database.db, live, clock.nowMs());
    liveFeed = new LiveFeed(
      live,
      hubs.wslp,
      config.LIVE_LATENCY_PROBE ? latencyProbe(log()) : undefined,
    );
    cleanups.push(
      sessionEvents.onRevoked((ids) => {
        auth.principals?.evictSessions(ids);
        hubs.ws.closeSessions(ids);
        hubs.wslp.closeSessions(ids);
      }),
      bus.onLive((messages) => {
        for (const { vehicleId, update } of messages) live.apply(vehicleId, update);
      }),
    );
    // Vehicles and devices changed by any process (an API node, the command line, an ingest node
    // that registered one) are announced on the bus: this node's live fleet reloads them, once
    // per burst (issue 21 item 5). A live update of a vehicle it does not hold (an announcement
    // lost, a process that could not send one) reloads it too, at most every 5 s.
    let reload: NodeJS.Timeout | null = null;
    const reloadLive = () => {
      reload ??= setTimeout(() => {
        reload = null;
        loadLiveFleet(database.db, live, clock.nowMs(), { prune: true }).catch((error: unknown) =>
          log().warn({ err: error }, 'live fleet reload failed'),
        );
      }, 200);
    };
    let unknownReloadAt = 0;
    cleanups.push(
      bus.onDeviceChanged(reloadLive),
      bus.onLive((messages) => {
        if (messages.every((m) => live.get(m.vehicleId))) return;
        const now = Date.now();
        if (now - unknownReloadAt < 5_000) return;
        unknownReloadAt = now;
        reloadLive();
      }),
      () => {
        if (reload) clearTimeout(reload);
      },
    );
  }

  // Alerts: settings cached where events are raised (pipeline, jobs); notifications stored by the
  // process that committed the event and pushed by every API node to its own sockets.
  const alertCatalogue = new AlertCatalogue(database.db);
  const alertCache = new AlertSettingsCache(database.db);
  let alertReload: NodeJS.Timeout | undefined;
  if (roles.has('pipeline') || roles.has('jobs')) {
    await alertCache.start(60_000, (error) =>
      log().warn({ err: error }, 'alert settings reload failed'),
    );
    cleanups.push(
      () => alertCache.stop(),
      bus.onAlertSettingsChanged((tenantId) => {
        alertCache
          .reloadTenant(tenantId)
          .catch((error: unknown) => log().warn({ err: error }, 'alert settings reload failed'));
      }),
      // A vehicle, device or driver changed (plate, group, a new card): reload, once per burst.
      bus.onDeviceChanged(() => {
        clearTimeout(alertReload);
        alertReload = setTimeout(() => {
          alertCache
            .reloadAll()
            .catch((error: unknown) => log().warn({ err: error }, 'alert settings reload failed'));
        }, 300);
        alertReload.unref();
      }),
      () => clearTimeout(alertReload),
    );
  }
  const alertDispatcher = new AlertDispatcher({
    db: database.db,
    clock,
    cache: alertCache,
    catalogue: alertCatalogue,
    publish: (deliveries) => bus.publishNotifications(deliveries),
    log: log(),
  });
  const alerts: AlertsPart = {
    cache: alertCache,
    catalogue: alertCatalogue,
    dispatcher: alertDispatcher,
    detectSilences: () => {
      const { offlineMovingS, offlineOffS } = reducerSettings();
      return detectSilences(
        { db: database.db, clock, dispatcher: alertDispatcher, cache: alertCache },
        { offlineMovingS, offlineOffS },
      );
    },
  };
  if (roles.has('api')) {
    cleanups.push(bus.onNotifications((deliveries) => pushNotifications(hubs.ws, deliveries)));
  }

  // Geofences and POIs: indexed in memory where records are evaluated, rebuilt when they change.
  // API nodes too: the vehicle popup names its last position on demand (places/places.routes.ts).
  const placesCache = new PlacesCache(database.db);
  let placesReload: NodeJS.Timeout | undefined;
  if (roles.has('pipeline') || roles.has('jobs') || roles.has('api')) {
    const warn = (error: unknown) => log().warn({ err: error }, 'geofence index reload failed');
    await placesCache.start(60_000, warn);
    cleanups.push(
      () => placesCache.stop(),
      bus.onPlacesChanged((tenantId) => {
        placesCache.reloadTenant(tenantId).catch(warn);
      }),
      // A vehicle moved to another group: the zones given to its groups follow it.
      bus.onDeviceChanged(() => {
        clearTimeout(placesReload);
        placesReload = setTimeout(() => {
          placesCache.reloadAll().catch(warn);
        }, 300);
        placesReload.unref();
      }),
      () => clearTimeout(placesReload),
    );
  }

  // Planned trips the route detector follows: reloaded every 30 s and after a save on this node.
  const plannedTripsCache = new PlannedTripsCache(database.db, () => clock.nowMs());
  if (roles.has('pipeline')) {
    const warn = (error: unknown) => log().warn({ err: error }, 'planned trips reload failed');
    await plannedTripsCache.start(30_000, warn);
    cleanups.push(() => plannedTripsCache.stop());
  }

  // Places on facts (docs/decisions/0031-places.md): named as the sinks store them; the gazetteer
  // loads in the background, the places job names what was stored before and asks GEOCODER_URL.
  const geocoder = new Geocoder(placesCache);
  if (roles.has('pipeline') || roles.has('jobs') || roles.has('api')) {
    geocoder.ready().catch((error: unknown) => log().error({ err: error }, 'gazetteer failed'));
  }
  const placesJob = new PlacesJob({
    db: database.db,
    geocoder,
    engine: config.GEOCODER_URL
      ? new GeocoderEngine({
          url: config.GEOCODER_URL,
          ratePerS: config.GEOCODER_RATE,
          timeoutMs: config.GEOCODER_TIMEOUT_MS,
        })
      : undefined,
    log: { warn: (obj, msg) => log().warn(obj, msg) },
  });

  const partitions = new PositionPartitions();
  const sinks = defaultSinks({
    events: (tag, fact) => alertCache.isRaised(tag.tenantId, tag.vehicleId, fact.code),
    places: (tenantId, lat, lng) => geocoder.placeAt(tenantId, lat, lng),
  });
  let pipeline: Pipeline | undefined;
  let recomputer: Recomputer | undefined;
  let stopConsumer: (() => Promise<void>) | undefined;
  if (roles.has('pipeline')) {
    recomputer = new Recomputer({
      db: database.db,
      sinks,
      pipeline: () => pipeline!,
      debounceMs: deps.pipeline?.recomputeDebounceMs,
      log: log(),
    });
    const rec = recomputer;
    pipeline = new Pipeline({
      db: database.db,
      live: { apply: (vehicleId, update) => bus.publishLive({ vehicleId, update }) },
      sinks,
      clock,
      partitions,
      flushIntervalMs: deps.pipeline?.flushIntervalMs,
      maxBatchRows: deps.pipeline?.maxBatchRows,
      maxConcurrentFlushes: database.mode === 'postgres' ? 4 : 1,
      copyPool: database.mode === 'postgres' ? database.pool : undefined,
      onError: (error) => log().error({ err: error }, 'pipeline batch failed (not acknowledged)'),
      onLate: (device, oldestLateMs) => rec.request(device, oldestLateMs),
      onCommitted: (facts) => {
        bus.publishFacts(facts);
        alertDispatcher.handleFacts(facts);
      },
      vehicleSettings: alertCache,
      places: placesCache,
      plannedTrips: plannedTripsCache,
      detectors:
        deps.pipeline?.detectors ?? (config.ALERT_RULES === 'off' ? CORE_DETECTORS : undefined),
    });
    const p = pipeline;
    const consumer = await bus.consumeRecords((device, positions) => p.submit(device, positions));
    stopConsumer = () => consumer.stop();
  }

  // Ingest: devices resolved here, records handed to the bus.
  const registry = new DeviceRegistry({
    db: database.db,
    live,
    autoRegisterTenant: config.INGEST_AUTO_REGISTER ? config.INGEST_AUTO_REGISTER_TENANT : null,
  });
  cleanups.push(bus.onDeviceChanged((uniqueId) => registry.forget(uniqueId)));
  if (bus.kind === 'nats' && !roles.has('api')) {
    const upsert = live.upsertVehicle.bind(live);
    live.upsertVehicle = (tenantId, vehicle) => {
      upsert(tenantId, vehicle);
      bus.publishDeviceChanged(vehicle.deviceUniqueId ?? String(vehicle.vehicleId));
    };
  }
  const ingestCounters = newIngestCounters();
  const ingest: IngestContext = {
    resolveDevice: (uniqueId, protocol) => registry.resolve(uniqueId, protocol),
    submit: async (device, positions) => {
      // Storage bounds (record-bounds.ts): too old refused but acknowledged, attributes capped.
      const bounded = boundRecords(
        positions,
        { nowMs: clock.nowMs(), retentionDays: config.RETENTION_DAYS },
        ingestCounters,
      );
      if (bounded.tooOld > 0 || bounded.droppedAttributes > 0)
        log().warn(
          {
            device: device.uniqueId,
            recordsTooOld: bounded.tooOld,
            attributesDropped: bounded.droppedAttributes,
            totals: {
              recordsTooOld: ingestCounters.recordsTooOld,
              attributesDropped: ingestCounters.attributesDropped,
            },
          },
          'records out of storage bounds: refused or trimmed',
        );
      const result =
        bounded.kept.length > 0
          ? await bus.publishRecords(device, bounded.kept)
          : { accepted: 0, rejected: 0 };
      return { accepted: result.accepted, rejected: result.rejected + bounded.tooOld };
    },
    ioTable: (device) => deviceModels.ioTable(device.tenantId, device.protocol, device.model),
    nowMs: () => clock.nowMs(),
    log: log(),
    counters: ingestCounters,
  };

  const app = await buildHttpApp({
    config,
    database,
    logger: deps.logger,
    auth,
    api: roles.has('api')
      ? {
          hubs,
          live,
          deviceModels,
          onDeviceChanged: (uniqueId) => {
            registry.forget(uniqueId);
            bus.publishDeviceChanged(uniqueId);
          },
          alerts: {
            catalogue: alertCatalogue,
            onSettingsChanged: (tenantId) => bus.publishAlertSettingsChanged(tenantId),
          },
          onPlacesChanged: (tenantId) => bus.publishPlacesChanged(tenantId),
          onPlannedTripsChanged: roles.has('pipeline')
            ? () => void plannedTripsCache.reload().catch(() => undefined)
            : undefined,
          geocoder,
        }
      : undefined,
  });
  logRef.current = app.log;
  const absent = (name: string) =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`${name} does not run in this process (ROLES)`);
        },
      },
    );
  app.decorate('services', {
    auth,
    hubs,
    live,
    liveFeed: liveFeed ?? (absent('the live feed') as LiveFeed),
    pipeline: pipeline ?? (absent('the pipeline') as Pipeline),
    recomputer: recomputer ?? (absent('the recomputer') as Recomputer),
    registry,
    partitions,
    ingest,
    alerts,
    reloadPlannedTrips: () =>
      roles.has('pipeline') ? plannedTripsCache.reload() : Promise.resolve(),
    places: { geocoder, job: placesJob },
  });
  app.addHook('onClose', async () => {
    await auth.tasks.settled();
    for (const cleanup of cleanups) await cleanup();
    await recomputer?.close();
    liveFeed?.close();
    hubs.ws.closeAll();
    hubs.wslp.closeAll();
    await stopConsumer?.();
    await pipeline?.close();
    await alertDispatcher.idle();
    if (!deps.bus) await bus.close();
  });
  return app;
}
