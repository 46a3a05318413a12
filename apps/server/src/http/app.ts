import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, isViewAllowed, pickLanguage, SERVICE_KEYS } from '@rumbo/contracts';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { DomainError } from '../lib/errors.js';
import { deviceModelRoutes } from '../modules/device-models/device-models.routes.js';
import { adminRoutes } from '../modules/admin/admin.routes.js';
import { authenticate, type AuthDeps } from '../modules/auth/auth.service.js';
import {
  authRoutes,
  authzRoutes,
  recoveryRoutes,
  v2AuthRoutes,
} from '../modules/auth/auth.routes.js';
import { LoginLimiter } from '../modules/auth/login-limiter.js';
import { PrincipalCache } from '../modules/auth/principal-cache.js';
import { memorySessionEvents, type SessionEvents } from '../modules/auth/session-events.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { altchaHumanCheck, type HumanCheck } from '../modules/human-check/human-check.js';
import { langRoutes } from '../modules/lang/lang.routes.js';
import { mapAssetsRoutes } from '../modules/map-assets/map-assets.routes.js';
import { userRoutes } from '../modules/users/users.routes.js';
import { xlsxRoutes } from '../modules/xlsx/xlsx.routes.js';
import { SocketHub } from '../realtime/socket-hub.js';
import { LiveFeed } from '../realtime/live-feed.js';
import { LiveFleet } from '../realtime/live-fleet.js';
import { loadLiveFleet } from '../realtime/load-live-fleet.js';
import { DeviceModelCatalog } from '../pipeline/device-models.js';
import { DeviceRegistry } from '../pipeline/device-registry.js';
import { PositionPartitions } from '../pipeline/partitions.js';
import { Pipeline } from '../pipeline/pipeline.js';
import { Recomputer } from '../pipeline/recomputer.js';
import { defaultSinks } from '../pipeline/sinks/index.js';
import { newIngestCounters, type IngestContext } from '../ingest/ingest-types.js';
import {
  fleetRoutes,
  lastPositionRoutes,
  trailerKindRoutes,
} from '../modules/fleet/fleet.routes.js';
import { historyRoutes } from '../modules/history/history.routes.js';
import { registerErrorHandler } from './errors.js';
import './request-context.js';
import { registerWebApp } from './static-web.js';

/** What the HTTP server is built from; tests pass fakes for the clock and the human check. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  humanCheck?: HumanCheck;
  limiter?: LoginLimiter;
  sessionEvents?: SessionEvents;
  logger?: FastifyServerOptions['logger'];
  /** Pipeline batching (tests use small values). */
  pipeline?: { flushIntervalMs?: number; maxBatchRows?: number };
}

/** Shared services hung on the app for the CLI, jobs, ingest and tests. */
export interface AppServices {
  auth: AuthDeps;
  hubs: { ws: SocketHub; wslp: SocketHub };
  live: LiveFleet;
  liveFeed: LiveFeed;
  pipeline: Pipeline;
  recomputer: Recomputer;
  registry: DeviceRegistry;
  partitions: PositionPartitions;
  ingest: IngestContext;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Collects live-feed entry ages and logs p50/p99 every 5 s. */
function latencyProbe(log: { info(obj: object, msg?: string): void }): (ages: number[]) => void {
  let samples: number[] = [];
  let since = Date.now();
  return (ages) => {
    samples.push(...ages);
    if (Date.now() - since < 5000) return;
    const sorted = samples.sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
    log.info({ n: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) }, 'live latency');
    samples = [];
    since = Date.now();
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Assembles the HTTP + WebSocket server: plugins, auth hook, every service key, the web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const auth: AuthDeps = {
    db: database.db,
    clock: deps.clock ?? systemClock,
    config,
    limiter: deps.limiter ?? new LoginLimiter(),
    sessionEvents: deps.sessionEvents ?? memorySessionEvents(),
    humanCheck: deps.humanCheck ?? altchaHumanCheck(config.ALTCHA_HMAC_KEY),
    principals: new PrincipalCache(),
  };
  const hubs = {
    ws: new SocketHub((c) => authenticate(auth, c)),
    wslp: new SocketHub((c) => authenticate(auth, c)),
  };
  const stopListening = auth.sessionEvents.onRevoked((ids) => {
    auth.principals?.evictSessions(ids);
    hubs.ws.closeSessions(ids);
    hubs.wslp.closeSessions(ids);
  });
  const clock = auth.clock;
  const live = new LiveFleet();
  await loadLiveFleet(database.db, live, clock.nowMs());
  const liveFeed = new LiveFeed(
    live,
    hubs.wslp,
    config.LIVE_LATENCY_PROBE ? latencyProbe(app.log) : undefined,
  );
  const partitions = new PositionPartitions();
  const deviceModels = new DeviceModelCatalog(database.db);
  await deviceModels.load();
  const registry = new DeviceRegistry({
    db: database.db,
    live,
    autoRegisterTenant: config.INGEST_AUTO_REGISTER ? config.INGEST_AUTO_REGISTER_TENANT : null,
  });
  const sinks = defaultSinks();
  const recomputer = new Recomputer({
    db: database.db,
    sinks,
    pipeline: () => pipeline,
    log: app.log,
  });
  const pipeline: Pipeline = new Pipeline({
    db: database.db,
    live,
    sinks,
    clock,
    partitions,
    flushIntervalMs: deps.pipeline?.flushIntervalMs,
    maxBatchRows: deps.pipeline?.maxBatchRows,
    maxConcurrentFlushes: database.mode === 'postgres' ? 4 : 1,
    copyPool: database.mode === 'postgres' ? database.pool : undefined,
    onError: (error) => app.log.error({ err: error }, 'pipeline batch failed (not acknowledged)'),
    onLate: (device, oldestLateMs) => recomputer.request(device, oldestLateMs),
  });
  const ingest: IngestContext = {
    resolveDevice: (uniqueId, protocol) => registry.resolve(uniqueId, protocol),
    submit: (device, positions) => pipeline.submit(device, positions),
    ioTable: (device) => deviceModels.ioTable(device.tenantId, device.protocol, device.model),
    nowMs: () => clock.nowMs(),
    log: app.log,
    counters: newIngestCounters(),
  };
  app.decorate('services', {
    auth,
    hubs,
    live,
    liveFeed,
    pipeline,
    recomputer,
    registry,
    partitions,
    ingest,
  });
  app.addHook('onClose', async () => {
    stopListening();
    await recomputer.close();
    liveFeed.close();
    hubs.ws.closeAll();
    hubs.wslp.closeAll();
    await pipeline.close();
  });

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:', 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rumbo API',
        version: config.VERSION,
        description: 'Fleet management for heavy trucks',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          digest: { type: 'apiKey', in: 'header', name: 'digest' },
          userToken: { type: 'apiKey', in: 'header', name: 'user-token' },
        },
      },
      security: [{ token: [], digest: [] }, { userToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorateRequest('principal', null);
  app.decorateRequest('lang', 'es');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(header(request.headers['accept-language']));
    const routeConfig = request.routeOptions.config;
    if (!request.routeOptions.url || routeConfig.auth === 'none') return;
    if (!request.routeOptions.url.startsWith('/api/')) return;
    if (request.routeOptions.url.startsWith('/api/docs')) return;
    if (request.routeOptions.url === '/api/ws' || request.routeOptions.url === '/api/wslp') return;
    const principal = await authenticate(auth, {
      token: header(request.headers.token),
      digest: header(request.headers.digest),
      userToken: header(request.headers['user-token']),
    });
    if (!principal) throw new DomainError('unauthorized');
    if (routeConfig.view && !isViewAllowed(principal.views, routeConfig.view)) {
      throw new DomainError('forbidden');
    }
    request.principal = principal;
  });

  await app.register(
    healthRoutes({ db: database.db, config, mode: database.mode, startedAtMs: Date.now() }),
  );
  await app.register(authRoutes(auth), { prefix: '/api/auth' });
  await app.register(v2AuthRoutes(auth), { prefix: '/api/v2' });
  await app.register(authzRoutes(), { prefix: '/api/authz' });
  await app.register(recoveryRoutes(auth), { prefix: '/api/rest' });
  await app.register(userRoutes(database.db), { prefix: '/api/rest' });
  await app.register(adminRoutes(auth), { prefix: '/api/rest' });
  await app.register(xlsxRoutes(), { prefix: '/api/xlsx' });
  await app.register(langRoutes(), { prefix: '/api/lang' });
  await app.register(mapAssetsRoutes(), { prefix: '/api/map' });
  const fleet = {
    db: database.db,
    live,
    onDeviceChanged: (uniqueId: string) => registry.forget(uniqueId),
  };
  await app.register(fleetRoutes(fleet), { prefix: '/api/vehicles' });
  await app.register(historyRoutes(database.db), { prefix: '/api/vehicles' });
  await app.register(deviceModelRoutes({ db: database.db, catalog: deviceModels }), {
    prefix: '/api/vehicles',
  });
  await app.register(lastPositionRoutes(fleet), { prefix: '/api/rest' });
  await app.register(trailerKindRoutes(fleet), { prefix: '/api/v2' });

  // Every service key answers at its base address, also those whose calls come later.
  for (const key of SERVICE_KEYS) {
    app.get(`/api/${key}`, { config: { auth: 'none' }, schema: { hide: true } }, () => ({
      service: key,
      version: config.VERSION,
    }));
  }

  app.get(
    '/api/ws',
    { websocket: true, config: { auth: 'none' }, schema: { hide: true } },
    (socket) => {
      hubs.ws.accept(socket);
    },
  );
  app.get(
    '/api/wslp',
    { websocket: true, config: { auth: 'none' }, schema: { hide: true } },
    (socket) => {
      hubs.wslp.accept(socket);
    },
  );

  await registerWebApp(app, config.WEB_DIR);
  return app;
}
