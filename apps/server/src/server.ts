import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { embeddedPaths, openDatabase, type DatabaseHandle } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seed, SYSTEM_ADMIN } from './modules/seed/index.js';
import { adminPasswordNotice, serverLogger } from './lib/logger.js';
import { composeApp } from './main/compose.js';
import { systemClock } from './lib/clock.js';
import { deliverOutbox, folderTransport, smtpTransport } from './modules/mail/index.js';
import { join } from 'node:path';
import { startIngest } from './ingest/start-ingest.js';
import { startJobs } from './jobs/jobs.js';
import { startDemoFleet, type DemoFleet } from './demo/demo-fleet.js';
import { loadLiveFleet } from './realtime/load-live-fleet.js';
import type { Bus } from './bus/bus.js';
import { memoryBus } from './bus/memory-bus.js';
import { natsBus } from './bus/nats-bus.js';
import { jobLease } from './jobs/job-lease.js';
import { startSilenceJob } from './jobs/silence.job.js';
import { startMaintenanceJob } from './jobs/maintenance.job.js';
import { startLeasedJob } from './jobs/leased-job.js';
import { maintenancePass } from './modules/maintenance/index.js';
import { PositionPartitions } from './pipeline/partitions.js';
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

/** Starts everything: database, migrations, seed, HTTP, jobs. */
export async function startServer(config: Config): Promise<RunningServer> {
  const startedAt = performance.now();
  const database = await openConfiguredDatabase(config);
  let applied: string[];
  let generatedAdminPassword: string | undefined;
  try {
    applied = await migrate(database.db);
    ({ generatedAdminPassword } = await seed(database.db, {
      adminPassword: config.ADMIN_PASSWORD,
      demo: config.DEMO,
    }));
  } catch (error) {
    await database.close();
    throw error;
  }
  const roles = new Set(config.ROLES);
  let bus: Bus;
  try {
    bus = config.NATS_URL
      ? await natsBus({
          url: config.NATS_URL,
          prefix: config.NATS_PREFIX,
          pool: database.mode === 'postgres' ? database.pool : undefined,
          log: { info: () => undefined, warn: (obj, msg) => console.warn(msg, obj) },
        })
      : memoryBus();
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await composeApp({ config, database, bus, logger: serverLogger(config) });
  const log = app.log;
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (generatedAdminPassword) {
    // On its own, outside the log lines (and never inside one): printed once, here.
    process.stdout.write(adminPasswordNotice(SYSTEM_ADMIN, generatedAdminPassword));
    log.warn(`System administrator "${SYSTEM_ADMIN}" created; its password is printed above, once`);
  }

  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : folderTransport(join(config.DATA_DIR, 'outbox'), (line) => log.info(line));
  let mailRunning = false;
  const mailTimer = setInterval(() => {
    if (mailRunning || !roles.has('jobs')) return;
    mailRunning = true;
    deliverOutbox(database.db, transport, config.MAIL_FROM, systemClock, (error, mail) =>
      log.warn({ err: error, to: mail.to }, 'mail delivery failed'),
    )
      .catch((error: unknown) => log.error({ err: error }, 'mail outbox failed'))
      .finally(() => {
        mailRunning = false;
      });
  }, 1000);
  mailTimer.unref();

  const url = await app.listen({ port: config.PORT, host: config.HOST });
  const { live, partitions, ingest } = app.services;
  const ingestListeners = roles.has('ingest')
    ? await startIngest(ingest, {
        teltonikaPort: config.TELTONIKA_PORT,
        osmandPort: config.OSMAND_PORT,
        mqttUrl: config.MQTT_URL,
        host: config.HOST,
        streamPorts: config.PROTOCOL_PORTS,
      })
    : { teltonikaPort: 0, osmandPort: 0, streamPorts: {}, close: () => Promise.resolve() };
  // In a cluster (PostgreSQL), scheduled work runs in one process at a time.
  const lease = database.mode === 'postgres' ? jobLease(database.pool) : undefined;
  const jobs = startJobs({
    db: database.db,
    live: roles.has('api') ? live : undefined,
    partitions,
    eventPartitions: new PositionPartitions('events'),
    retentionDays: config.RETENTION_DAYS,
    housekeeping: roles.has('jobs'),
    lease,
    log,
  });
  const silences = startSilenceJob({
    run: () => app.services.alerts.detectSilences(),
    enabled: roles.has('jobs'),
    lease,
    log,
  });
  const maintenance = startMaintenanceJob({
    run: async () => {
      const notices = await maintenancePass({ db: database.db });
      await app.services.alerts.dispatcher.dispatch(
        notices.map(({ tenantId, vehicleId, code, startTimeMs, value, data }) => ({
          tenantId,
          vehicleId,
          fact: { type: 'event', code, startTimeMs, ...(value === null ? {} : { value }), data },
        })),
      );
      return notices.length;
    },
    enabled: roles.has('jobs'),
    lease,
    log,
  });
  // Places for facts stored without one and street addresses from GEOCODER_URL (issue 23).
  const places = startLeasedJob(
    {
      run: () => app.services.places.job.pass(),
      enabled: roles.has('jobs'),
      lease,
      intervalMs: 5_000,
      log,
    },
    {
      intervalMs: 5_000,
      firstAfterMs: 2_000,
      raised: 'places named',
      failed: 'places pass failed',
    },
  );
  // `rumbo device add` and the other commands, run while this server runs on the same DATA_DIR,
  // are handed to it here: its database, and its bus for the live fleet (issue 21 items 5, 9).
  const control = await startControlSocket(controlSocketPath(config.DATA_DIR), (body) =>
    runCommand(database.db, cliCommandSchema.parse(body), {
      deviceChanged: (uniqueId) => bus.publishDeviceChanged(uniqueId),
    }),
  );
  let demo: DemoFleet | undefined;
  if (config.DEMO && config.DEMO_VEHICLES > 0 && roles.has('ingest')) {
    demo = startDemoFleet({
      db: database.db,
      ingest,
      vehicles: config.DEMO_VEHICLES,
      historyDays: config.DEMO_HISTORY_DAYS,
      teltonikaPort: ingestListeners.teltonikaPort,
      osmandPort: ingestListeners.osmandPort,
      nowMs: Date.now(),
      onRegistered: () => loadLiveFleet(database.db, live, Date.now()),
      onPlacesRegistered: (tenantId) => bus.publishPlacesChanged(tenantId),
      onPlannedTripsRegistered: () => void app.services.reloadPlannedTrips().catch(() => undefined),
      log,
    });
  }
  log.info(
    `Rumbo ${config.VERSION} ready at ${config.PUBLIC_URL} (${database.mode} database) in ${Math.round(performance.now() - startedAt)} ms`,
  );

  let stopping: Promise<void> | undefined;
  log.info(
    `Ingest: Teltonika TCP/UDP :${ingestListeners.teltonikaPort}, OsmAnd HTTP :${ingestListeners.osmandPort}${Object.entries(
      ingestListeners.streamPorts,
    )
      .map(([id, port]) => `, ${id} TCP :${port}`)
      .join('')}${config.MQTT_URL ? `, MQTT ${config.MQTT_URL}` : ''}`,
  );
  return {
    app,
    database,
    url,
    teltonikaPort: ingestListeners.teltonikaPort,
    osmandPort: ingestListeners.osmandPort,
    stop() {
      stopping ??= (async () => {
        clearInterval(mailTimer);
        await control?.close();
        await silences.stop();
        await maintenance.stop();
        await places.stop();
        await jobs.stop();
        await demo?.stop();
        await ingestListeners.close();
        await app.close();
        await bus.close();
        transport.close();
        await database.close();
      })();
      return stopping;
    },
  };
}
