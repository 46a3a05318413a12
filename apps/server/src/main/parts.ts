import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Bus } from '../bus/bus.js';
import { newIngestCounters, type IngestContext } from '../ingest/ingest-types.js';
import { boundRecords } from '../ingest/record-bounds.js';
import { BackgroundTasks } from '../lib/background-tasks.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { AuthDeps } from '../modules/auth/index.js';
import { authenticate } from '../modules/auth/index.js';
import { LoginLimiter } from '../modules/auth/index.js';
import { PrincipalCache } from '../modules/auth/index.js';
import { KeyRateLimiter, KeyUseRecorder, type ApiKeysDeps } from '../modules/api-keys/index.js';
import type { SessionEvents } from '../modules/auth/index.js';
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
import { defaultSinks } from '../pipeline/sinks/index.js';
import { GeocoderEngine } from '../places/engine.js';
import { Geocoder } from '../places/geocoder.js';
import { PlacesJob } from '../places/places.job.js';
import { LiveFleet } from '../realtime/live-fleet.js';
import { WebhookSubscriptionsCache } from '../modules/webhooks/index.js';
import { SocketHub } from '../realtime/socket-hub.js';
import { reducerSettings, type DetectorChain } from '@rumbo/telematics';

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
    /** False: a batch waits `flushIntervalMs` even when nothing commits (decision 0055). */
    flushWhenIdle?: boolean;
    recomputeDebounceMs?: number;
    /** How often a vehicle's state and held sums are written (default 15 s, decision 0065). */
    statePersistMs?: number;
    /** The detector chain (tests add a rule of their own). */
    detectors?: DetectorChain;
  };
  /** The bus (default: in memory, one process). A bus given is not closed with the node. */
  bus?: Bus;
  /** How often sockets of expired sessions are closed (tests use small values). */
  sockets?: { expirySweepMs?: number };
  /**
   * Whether the roles also open their listeners and timers (device ports, scheduled jobs): the
   * running server does (src/server.ts); tests drive those parts directly.
   */
  serve?: boolean;
}

/** The log the parts write to: the HTTP server's, once it exists (it is built after them). */
export type PartsLog = Pick<FastifyInstance['log'], 'info' | 'warn' | 'error' | 'debug'>;

/**
 * The parts every role is built from. Building them starts nothing (no timers, no
 * subscriptions, no listeners): the roles start what they use (src/main/roles/).
 */
export interface NodeParts {
  config: Config;
  database: DatabaseHandle;
  bus: Bus;
  clock: Clock;
  log: PartsLog;
  /** Points `log` at the HTTP server's logger. */
  setLogger(logger: PartsLog): void;
  auth: AuthDeps;
  /** API keys: their rate limit and use counts (issue 27). */
  apiKeys: ApiKeysDeps;
  sessionEvents: SessionEvents;
  /** The live fleet: API nodes serve it; elsewhere a local copy only receives registrations. */
  live: LiveFleet;
  hubs: { ws: SocketHub; wslp: SocketHub };
  deviceModels: DeviceModelCatalog;
  /** The alert engine's parts (settings cache, dispatcher, silence detection). */
  alerts: AlertsPart;
  /** Geofences and POIs indexed in memory, the geocoder and the job that names older facts. */
  places: { cache: PlacesCache; geocoder: Geocoder; job: PlacesJob };
  plannedTrips: PlannedTripsCache;
  partitions: PositionPartitions;
  sinks: ReturnType<typeof defaultSinks>;
  /** Which tenants' webhook endpoints take which event kinds (the outbox sink reads it). */
  webhooks: WebhookSubscriptionsCache;
  registry: DeviceRegistry;
  ingest: IngestContext;
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

/** The log the parts use until the HTTP server's exists: says nothing. */
const quiet: PartsLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

/**
 * Builds the parts of a node. `announceRegistrations`: a vehicle registered by this process's
 * ingest (INGEST_AUTO_REGISTER) is announced on the bus, for a process whose live fleet is not the
 * one API nodes serve (decided by the composition root from ROLES).
 */
export async function buildParts(
  deps: AppDeps & { bus: Bus; announceRegistrations: boolean },
): Promise<NodeParts> {
  const { config, database, bus } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const sessionEvents = deps.sessionEvents ?? busSessionEvents(bus);
  let current = quiet;
  const log: PartsLog = {
    info: (obj: object, msg?: string) => current.info(obj, msg),
    warn: (obj: object, msg?: string) => current.warn(obj, msg),
    error: (obj: object, msg?: string) => current.error(obj, msg),
    debug: (obj: object, msg?: string) => current.debug(obj, msg),
  };
  const auth: AuthDeps = {
    db,
    clock,
    config,
    limiter: deps.limiter ?? new LoginLimiter(),
    sessionEvents,
    humanCheck: deps.humanCheck ?? altchaHumanCheck(config.ALTCHA_HMAC_KEY),
    tasks: new BackgroundTasks((error) => log.error({ err: error }, 'background task failed')),
    principals: new PrincipalCache(),
  };
  const apiKeys: ApiKeysDeps = {
    db,
    clock,
    limiter: new KeyRateLimiter(
      config.API_KEY_RATE_PER_MIN,
      Math.max(10, Math.round(config.API_KEY_RATE_PER_MIN / 10)),
    ),
    uses: new KeyUseRecorder(db),
  };
  const live = new LiveFleet();
  const hubOptions = { nowMs: () => clock.nowMs(), expirySweepMs: deps.sockets?.expirySweepMs };
  const hubs = {
    ws: new SocketHub((c) => authenticate(auth, c), hubOptions),
    wslp: new SocketHub((c) => authenticate(auth, c), hubOptions),
  };
  const deviceModels = new DeviceModelCatalog(db);
  await deviceModels.load();

  // Alerts: settings cached where events are raised (pipeline, jobs); notifications stored by the
  // process that committed the event and pushed by every API node to its own sockets.
  const cache = new AlertSettingsCache(db);
  const catalogue = new AlertCatalogue(db);
  const dispatcher = new AlertDispatcher({
    db,
    clock,
    cache,
    catalogue,
    publish: (deliveries) => bus.publishNotifications(deliveries),
    log,
  });
  const alerts: AlertsPart = {
    cache,
    catalogue,
    dispatcher,
    detectSilences: () => {
      const { offlineMovingS, offlineOffS } = reducerSettings();
      return detectSilences({ db, clock, dispatcher, cache }, { offlineMovingS, offlineOffS });
    },
  };

  // Places on facts (docs/decisions/0031-places.md): named as the sinks store them; the gazetteer
  // loads in the background, the places job names what was stored before and asks GEOCODER_URL.
  const placesCache = new PlacesCache(db);
  const geocoder = new Geocoder(placesCache);
  const placesJob = new PlacesJob({
    db,
    geocoder,
    engine: config.GEOCODER_URL
      ? new GeocoderEngine({
          url: config.GEOCODER_URL,
          ratePerS: config.GEOCODER_RATE,
          timeoutMs: config.GEOCODER_TIMEOUT_MS,
        })
      : undefined,
    log: { warn: (obj, msg) => log.warn(obj, msg) },
  });

  const webhooks = new WebhookSubscriptionsCache();
  const sinks = defaultSinks({
    webhooks,
    events: (tag, fact) => cache.isRaised(tag.tenantId, tag.vehicleId, fact.code),
    places: (tenantId, lat, lng) => geocoder.placeAt(tenantId, lat, lng),
  });

  // Ingest: devices resolved here, records handed to the bus.
  const registry = new DeviceRegistry({
    db,
    live: deps.announceRegistrations
      ? {
          upsertVehicle(tenantId, vehicle) {
            live.upsertVehicle(tenantId, vehicle);
            bus.publishDeviceChanged(vehicle.deviceUniqueId ?? String(vehicle.vehicleId));
          },
        }
      : live,
    autoRegisterTenant: config.INGEST_AUTO_REGISTER ? config.INGEST_AUTO_REGISTER_TENANT : null,
  });
  const counters = newIngestCounters();
  const ingest: IngestContext = {
    resolveDevice: (uniqueId, protocol) => registry.resolve(uniqueId, protocol),
    submit: async (device, positions) => {
      // Storage bounds (record-bounds.ts): too old refused but acknowledged, attributes capped.
      const bounded = boundRecords(
        positions,
        { nowMs: clock.nowMs(), retentionDays: config.RETENTION_DAYS },
        counters,
      );
      if (bounded.tooOld > 0 || bounded.droppedAttributes > 0)
        log.warn(
          {
            device: device.uniqueId,
            recordsTooOld: bounded.tooOld,
            attributesDropped: bounded.droppedAttributes,
            totals: {
              recordsTooOld: counters.recordsTooOld,
              attributesDropped: counters.attributesDropped,
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
    onIoTablesChanged: (listener) => deviceModels.onReload(listener),
    nowMs: () => clock.nowMs(),
    log,
    counters,
  };

  return {
    config,
    database,
    bus,
    clock,
    log,
    setLogger(logger) {
      current = logger;
    },
    auth,
    apiKeys,
    sessionEvents,
    live,
    hubs,
    deviceModels,
    alerts,
    places: { cache: placesCache, geocoder, job: placesJob },
    plannedTrips: new PlannedTripsCache(db, () => clock.nowMs()),
    partitions: new PositionPartitions(),
    sinks,
    webhooks,
    registry,
    ingest,
  };
}
