import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { embeddedPaths, openDatabase, type DatabaseHandle } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seed, SYSTEM_ADMIN } from './modules/seed/index.js';
import { adminPasswordNotice, serverLogger } from './lib/logger.js';
import { composeNode } from './main/compose.js';
import type { Bus } from './bus/bus.js';
import { memoryBus } from './bus/memory-bus.js';
import { natsBus } from './bus/nats-bus.js';
import { cliCommandSchema, runCommand } from './main/commands.js';
import { controlSocketPath, startControlSocket } from './main/control-socket.js';

/** A running Rumbo server. */
export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  teltonikaPort: number;
  osmandPort: number;
  stop(): Promise<void>;
}

/** Opens the configured database (embedded unless DATABASE_URL is set). */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openDatabase({ url: config.DATABASE_URL })
    : openDatabase({ embedded: embeddedPaths(config.DATA_DIR) });
}

/** The bus of the configured cluster (NATS_URL), or the one-process bus. */
function openBus(config: Config, database: DatabaseHandle): Promise<Bus> {
  return config.NATS_URL
    ? natsBus({
        url: config.NATS_URL,
        prefix: config.NATS_PREFIX,
        pool: database.mode === 'postgres' ? database.pool : undefined,
        log: { info: () => undefined, warn: (obj, msg) => console.warn(msg, obj) },
      })
    : Promise.resolve(memoryBus());
}

/**
 * Starts a process: database, migrations, seed, the bus, the roles of ROLES with their listeners,
 * jobs and demo fleet (src/main/compose.ts), HTTP and the control socket.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const startedAt = performance.now();
  const database = await openConfiguredDatabase(config);
  let applied: string[];
  let generatedAdminPassword: string | undefined;
  let bus: Bus;
  try {
    applied = await migrate(database.db);
    ({ generatedAdminPassword } = await seed(database.db, {
      adminPassword: config.ADMIN_PASSWORD,
      demo: config.DEMO,
    }));
    bus = await openBus(config, database);
  } catch (error) {
    await database.close();
    throw error;
  }
  let node: Awaited<ReturnType<typeof composeNode>>;
  try {
    node = await composeNode({ config, database, bus, logger: serverLogger(config), serve: true });
  } catch (error) {
    await bus.close();
    await database.close();
    throw error;
  }
  const { app } = node;
  const log = app.log;
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (generatedAdminPassword) {
    // On its own, outside the log lines (and never inside one): printed once, here.
    process.stdout.write(adminPasswordNotice(SYSTEM_ADMIN, generatedAdminPassword));
    log.warn(`System administrator "${SYSTEM_ADMIN}" created; its password is printed above, once`);
  }

  let url: string;
  try {
    url = await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close();
    await bus.close();
    await database.close();
    throw error;
  }
  // `rumbo device add` and the other commands, run while this server runs on the same DATA_DIR,
  // are handed to it here: its database, and its bus for the live fleet (issue 21 items 5, 9).
  const control = await startControlSocket(controlSocketPath(config.DATA_DIR), (body) =>
    runCommand(database.db, cliCommandSchema.parse(body), {
      deviceChanged: (uniqueId) => bus.publishDeviceChanged(uniqueId),
    }),
  );
  const ports = node.ports;
  log.info(
    `Rumbo ${config.VERSION} ready at ${config.PUBLIC_URL} (${database.mode} database) in ${Math.round(performance.now() - startedAt)} ms`,
  );
  log.info(
    `Ingest: Teltonika TCP/UDP :${ports.teltonika}, OsmAnd HTTP :${ports.osmand}${Object.entries(
      ports.streams,
    )
      .map(([id, port]) => `, ${id} TCP :${port}`)
      .join('')}${config.MQTT_URL ? `, MQTT ${config.MQTT_URL}` : ''}`,
  );

  let stopping: Promise<void> | undefined;
  return {
    app,
    database,
    url,
    teltonikaPort: ports.teltonika,
    osmandPort: ports.osmand,
    stop() {
      stopping ??= (async () => {
        await control?.close();
        // The roles' units stop with the app: jobs, ingest (the demo, the ports), pipeline, API…
        await app.close();
        await bus.close();
        await database.close();
      })();
      return stopping;
    },
  };
}
