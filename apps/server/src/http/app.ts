import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Geocoder } from '../places/geocoder.js';
import type { PlacesJob } from '../places/places.job.js';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { pickLanguage, SERVICE_KEYS } from '@rumbo/contracts';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { DomainError } from '../lib/errors.js';
import { type DeviceModelCatalog, deviceModelRoutes } from '../modules/device-models/index.js';
import { driverRoutes } from '../modules/drivers/index.js';
import { geofenceV2Routes, interestPointRoutes } from '../modules/geofences/index.js';
import { searchRoutes } from '../modules/search/index.js';
import { placeRoutes } from '../places/places.routes.js';
import { plannedTripRoutes } from '../modules/planned-trips/index.js';
import { adminRoutes } from '../modules/admin/index.js';
import { analysisRoutes, analysisV2Routes, dashboardRoutes } from '../modules/analysis/index.js';
import { fuelRoutes, fuelTankRoutes } from '../modules/fuel/index.js';
import { diagnosticsRoutes } from '../modules/diagnostics/index.js';
import {
  type AlertRoutesDeps,
  type AlertsPart,
  alertsRestRoutes,
  alertsV2Routes,
} from '../modules/alerts/index.js';
import {
  type AuthDeps,
  authenticate,
  authRoutes,
  authzRoutes,
  recoveryRoutes,
  v2AuthRoutes,
} from '../modules/auth/index.js';
import { healthRoutes } from '../modules/health/index.js';
import { langRoutes } from '../modules/lang/index.js';
import { mapAssetsRoutes } from '../modules/map-assets/index.js';
import { userRoutes } from '../modules/users/index.js';
import { xlsxRoutes } from '../modules/xlsx/index.js';
import type { SocketHub } from '../realtime/socket-hub.js';
import type { LiveFeed } from '../realtime/live-feed.js';
import type { LiveFleet } from '../realtime/live-fleet.js';
import {
  type DeviceRegistry,
  fleetRoutes,
  lastPositionRoutes,
  trailerKindRoutes,
} from '../modules/fleet/index.js';
import type { PositionPartitions } from '../pipeline/partitions.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import type { Recomputer } from '../pipeline/recomputer.js';
import type { IngestContext } from '../ingest/ingest-types.js';
import { historyRoutes } from '../modules/history/index.js';
import { answerFrameworkError, registerErrorHandler } from './errors.js';
import { validatorCompiler } from './validation.js';
import { isPublicRoute, mayUse, requireRouteViews } from './route-views.js';
import '../kernel/request-context.js';
import { registerWebApp } from './static-web.js';
import { maintenanceRoutes } from '../modules/maintenance/index.js';

/** What the HTTP server is built from: the parts the composition root made (src/main/). */
export interface HttpDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  auth: AuthDeps;
  /** Present on API nodes: sockets, the live fleet and the device catalog. */
  api?: {
    hubs: { ws: SocketHub; wslp: SocketHub };
    live: LiveFleet;
    deviceModels: DeviceModelCatalog;
    /** A device's registration changed (ingest nodes forget what they cached). */
    onDeviceChanged: (uniqueId: string) => void;
    /** The alert catalogue and settings routes (issue 11). */
    alerts: Omit<AlertRoutesDeps, 'db'>;
    /** A tenant's geofences or POIs changed: every pipeline node rebuilds its zone index. */
    onPlacesChanged?: (tenantId: number) => void;
    /** A planned trip was saved or deleted: this node's pipeline reloads the plans it follows. */
    onPlannedTripsChanged?: (() => void) | undefined;
    /** Names one position on demand (the vehicle popup's last position, issue 23). */
    geocoder: Geocoder;
  };
}

/** The parts of a node, hung on the app for the CLI, ingest, jobs and tests (src/main/compose.ts). */
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
  /** The alert engine's parts of this node (settings cache, dispatcher, silence detection). */
  alerts: AlertsPart;
  /** Reloads the planned trips this node's pipeline follows (after the demo adds some). */
  reloadPlannedTrips: () => Promise<void>;
  /** Places on facts (issue 23): the geocoder and the job that names older facts. */
  places: { geocoder: Geocoder; job: PlacesJob };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Assembles the HTTP + WebSocket server: plugins, auth hook, every service key, the web app. */
export async function buildHttpApp(deps: HttpDeps): Promise<FastifyInstance> {
  const { config, database, auth } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Off unless configured: otherwise any client could pick its own address (X-Forwarded-For).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // Fastify logs every request at info; ours go out at debug (below) so info stays readable.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

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
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
  requireRouteViews(app);
  // The one place that checks sign-in and the views each route declares (http/route-views.ts).
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(header(request.headers['accept-language']));
    const routeConfig = request.routeOptions.config;
    const url = request.routeOptions.url;
    if (!url || isPublicRoute(url, routeConfig)) return;
    const principal = await authenticate(auth, {
      token: header(request.headers.token),
      digest: header(request.headers.digest),
      userToken: header(request.headers['user-token']),
    });
    if (!principal) throw new DomainError('unauthorized');
    if (!mayUse(principal.views, routeConfig)) throw new DomainError('forbidden');
    request.principal = principal;
  });

  await app.register(
    healthRoutes({ db: database.db, config, mode: database.mode, startedAtMs: Date.now() }),
  );
  const api = deps.api;
  if (!api) return app;
  const { live } = api;
  await app.register(authRoutes(auth), { prefix: '/api/auth' });
  await app.register(v2AuthRoutes(auth), { prefix: '/api/v2' });
  await app.register(authzRoutes(), { prefix: '/api/authz' });
  await app.register(recoveryRoutes(auth), { prefix: '/api/rest' });
  await app.register(userRoutes(database.db), { prefix: '/api/rest' });
  await app.register(adminRoutes(auth), { prefix: '/api/rest' });
  await app.register(xlsxRoutes(database.db), { prefix: '/api/xlsx' });
  await app.register(langRoutes(), { prefix: '/api/lang' });
  await app.register(mapAssetsRoutes(), { prefix: '/api/map' });
  const fleet = { db: database.db, live, onDeviceChanged: api.onDeviceChanged };
  await app.register(fleetRoutes(fleet), { prefix: '/api/vehicles' });
  await app.register(historyRoutes(database.db), { prefix: '/api/vehicles' });
  await app.register(deviceModelRoutes({ db: database.db, catalog: api.deviceModels }), {
    prefix: '/api/vehicles',
  });
  await app.register(lastPositionRoutes(fleet), { prefix: '/api/rest' });
  await app.register(trailerKindRoutes(fleet), { prefix: '/api/v2' });
  const alerts = { db: database.db, ...api.alerts };
  await app.register(alertsV2Routes(alerts), { prefix: '/api/v2' });
  await app.register(alertsRestRoutes(alerts), { prefix: '/api/rest' });
  await app.register(
    driverRoutes({
      db: database.db,
      names: live,
      // Other API nodes reload their live fleet, driver names included (as for a device change).
      onChanged: () => api.onDeviceChanged(''),
    }),
    { prefix: '/api/driver' },
  );
  const places = { db: database.db, onChanged: api.onPlacesChanged };
  await app.register(geofenceV2Routes(places), { prefix: '/api/v2' });
  await app.register(interestPointRoutes(places), { prefix: '/api/rest' });
  await app.register(analysisRoutes({ db: database.db }), { prefix: '/api/analysis' });
  await app.register(analysisV2Routes({ db: database.db }), { prefix: '/api/v2' });
  await app.register(dashboardRoutes({ db: database.db, live }), { prefix: '/api/v2' });
  const fuel = { db: database.db, onDeviceChanged: api.onDeviceChanged };
  await app.register(fuelRoutes(fuel), { prefix: '/api/v2/fuel' });
  await app.register(fuelTankRoutes(fuel), { prefix: '/api/vehicles' });
  await app.register(maintenanceRoutes({ db: database.db }), { prefix: '/api/maintenance' });
  await app.register(diagnosticsRoutes({ db: database.db }), { prefix: '/api/rest' });
  await app.register(plannedTripRoutes({ db: database.db, onChanged: api.onPlannedTripsChanged }), {
    prefix: '/api/v2',
  });
  await app.register(searchRoutes({ db: database.db }), { prefix: '/api/v2' });
  await app.register(placeRoutes({ db: database.db, geocoder: api.geocoder }), {
    prefix: '/api/v2',
  });

  // Every service key answers at its base address, also those whose calls come later.
  for (const key of SERVICE_KEYS) {
    if (key === 'driver') continue; // `GET /driver` lists the drivers (spec §7).
    app.get(`/api/${key}`, { config: { auth: 'none' }, schema: { hide: true } }, () => ({
      service: key,
      version: config.VERSION,
    }));
  }

  app.get(
    '/api/ws',
    { websocket: true, config: { auth: 'none' }, schema: { hide: true } },
    (socket) => {
      api.hubs.ws.accept(socket);
    },
  );
  app.get(
    '/api/wslp',
    { websocket: true, config: { auth: 'none' }, schema: { hide: true } },
    (socket) => {
      api.hubs.wslp.accept(socket);
    },
  );

  await registerWebApp(app, config.WEB_DIR);
  return app;
}
