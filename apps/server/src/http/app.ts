import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { pickLanguage } from '@rumbo/contracts';
import type { Config } from '../config.js';
import { DomainError } from '../lib/errors.js';
import { authenticate, type AuthDeps } from '../modules/auth/index.js';
import {
  API_KEY_SCHEME,
  authenticateApiKey,
  isApiKeyHeader,
  type ApiKeysDeps,
} from '../modules/api-keys/index.js';
import { WEBHOOKS_TAG } from '../modules/webhooks/index.js';
import { answerFrameworkError, registerErrorHandler } from './errors.js';
import { validatorCompiler } from './validation.js';
import { isPublicRoute, mayUse, requireRouteViews } from './route-views.js';
import '../kernel/request-context.js';
import { registerWebApp } from './static-web.js';

/** A module's routes and where they hang (`prefix`). */
export interface HttpModule {
  plugin: FastifyPluginAsyncZod;
  prefix?: string;
}

/** What the HTTP server is built from: what the composition root gives it (src/main/). */
export interface HttpDeps {
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Who a request is (the sign-in hook). */
  auth: AuthDeps;
  /** API keys (`Authorization: Bearer rk_…`, issue 27); absent: keys are not accepted. */
  apiKeys?: ApiKeysDeps | undefined;
  /** The modules served, registered in this order. */
  modules: readonly HttpModule[];
  /** The built web app served at `/` (absent: none). */
  webDir?: string | undefined;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Assembles the HTTP + WebSocket server: plugins, the sign-in hook, the modules, the web app. */
export async function buildHttpApp(deps: HttpDeps): Promise<FastifyInstance> {
  const { config, auth } = deps;
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
          apiKey: API_KEY_SCHEME,
        },
      },
      security: [{ token: [], digest: [] }, { userToken: [] }, { apiKey: [] }],
      tags: [WEBHOOKS_TAG],
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
    const authorization = header(request.headers.authorization);
    const principal =
      deps.apiKeys && isApiKeyHeader(authorization)
        ? await authenticateApiKey(deps.apiKeys, {
            authorization: authorization ?? '',
            method: request.method,
            path: url,
            address: request.ip,
          })
        : await authenticate(auth, {
            token: header(request.headers.token),
            digest: header(request.headers.digest),
            userToken: header(request.headers['user-token']),
          });
    if (!principal) throw new DomainError('unauthorized');
    if (!mayUse(principal.views, routeConfig)) throw new DomainError('forbidden');
    // A key reaches what every signed-in user reads (names, the catalogue), never writes there.
    if (principal.kind === 'key' && routeConfig.views === 'signed-in' && request.method !== 'GET') {
      throw new DomainError('forbidden');
    }
    request.principal = principal;
  });

  for (const { plugin, prefix } of deps.modules) {
    await app.register(plugin, prefix === undefined ? {} : { prefix });
  }
  if (deps.webDir !== undefined) await registerWebApp(app, deps.webDir);
  return app;
}
