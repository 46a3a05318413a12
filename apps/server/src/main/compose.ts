import type { FastifyInstance } from 'fastify';
import { memoryBus } from '../bus/memory-bus.js';
import { buildHttpApp, type HttpModule } from '../http/app.js';
import { unitsInOrder, type Unit } from '../lib/unit.js';
import type { LiveFeed } from '../realtime/live-feed.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import type { Recomputer } from '../pipeline/recomputer.js';
import { healthModule } from './http-modules.js';
import { buildParts, type AppDeps, type NodeParts, type Role } from './parts.js';
import { apiRole, type ApiRole } from './roles/api.role.js';
import { ingestRole, type IngestRole } from './roles/ingest.role.js';
import { jobsRole } from './roles/jobs.role.js';
import { pipelineRole, type PipelineRole } from './roles/pipeline.role.js';
import { alertsUnit, placesUnit } from './roles/shared.units.js';

export type { AppDeps, NodeParts, Role } from './parts.js';

/**
 * What a node holds, hung on its HTTP app for tests and the command line (`app.services`): the
 * parts, and the running parts of the roles it plays (absent when it does not play them).
 */
export interface NodeServices extends NodeParts {
  pipeline: Pipeline | undefined;
  recomputer: Recomputer | undefined;
  liveFeed: LiveFeed | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: NodeServices;
  }
}

/** A composed node: its HTTP app and its roles' units. */
export interface RumboNode {
  app: FastifyInstance;
  parts: NodeParts;
  /** The device ports the ingest role opened (0 when it did not). */
  ports: { teltonika: number; osmand: number; streams: Record<string, number> };
}

/**
 * The units each role is made of. A unit two roles share (the zone index, the alert engine)
 * runs once. Units start in this order and stop in reverse.
 */
function roleUnits(roles: ReadonlySet<Role>, parts: NodeParts, deps: AppDeps) {
  const serve = deps.serve ?? false;
  const api: ApiRole | undefined = roles.has('api') ? apiRole(parts, { serve }) : undefined;
  const pipeline: PipelineRole | undefined = roles.has('pipeline')
    ? pipelineRole(parts, deps)
    : undefined;
  const ingest: IngestRole | undefined = roles.has('ingest')
    ? ingestRole(parts, { serve })
    : undefined;
  const evaluates = roles.has('pipeline') || roles.has('jobs');
  const units: Unit[] = [
    ...(evaluates || api ? [placesUnit(parts)] : []),
    ...(evaluates ? [alertsUnit(parts)] : []),
    ...(api ? [api] : []),
    ...(pipeline ? [pipeline] : []),
    ...(ingest ? [ingest] : []),
    ...(roles.has('jobs') ? [jobsRole(parts, { serve })] : []),
  ];
  return { api, pipeline, ingest, units };
}

/**
 * The composition root: builds the parts of a node, the units of the roles it plays
 * (config.ROLES) and its HTTP server, starts the units and stops them when the app closes. Every
 * role runs in one process by default; in a cluster each process runs its own
 * (docs/decisions/0014-roles-and-bus.md, docs/decisions/0037-composition-root.md).
 */
export async function composeNode(deps: AppDeps): Promise<RumboNode> {
  // The one place that reads ROLES.
  const roles = new Set<Role>(deps.config.ROLES);
  const bus = deps.bus ?? memoryBus();
  const parts = await buildParts({
    ...deps,
    bus,
    // A vehicle a process without the API's live fleet registers must reach the API nodes'.
    announceRegistrations: bus.kind === 'nats' && !roles.has('api'),
  });
  const { api, pipeline, ingest, units } = roleUnits(roles, parts, deps);
  const running = unitsInOrder(units);

  // The HTTP app first: the units log through its logger from their start.
  const modules: HttpModule[] = [healthModule(parts), ...(api?.http.modules ?? [])];
  const app = await buildHttpApp({
    config: parts.config,
    logger: deps.logger,
    auth: parts.auth,
    apiKeys: parts.apiKeys,
    modules,
    webDir: api?.http.webDir,
  });
  parts.setLogger(app.log);
  app.decorate('services', {
    ...parts,
    pipeline: pipeline?.pipeline,
    recomputer: pipeline?.recomputer,
    get liveFeed() {
      return api?.liveFeed;
    },
  });
  app.addHook('onClose', async () => {
    await parts.auth.tasks.settled();
    await running.stop();
    await parts.apiKeys.uses.close();
    if (!deps.bus) await bus.close();
  });
  try {
    await running.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    app,
    parts,
    get ports() {
      return ingest?.ports ?? { teltonika: 0, osmand: 0, streams: {} };
    },
  };
}

/** A node's HTTP app, its units started (tests; the running server uses composeNode). */
export async function composeApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await composeNode(deps)).app;
}
