import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { embeddedPaths, openDatabase, type DatabaseHandle } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seed } from './db/seed.js';
import { buildApp } from './http/app.js';
import { systemClock } from './lib/clock.js';
import { deliverOutbox, folderTransport, smtpTransport } from './modules/mail/mail.delivery.js';
import { join } from 'node:path';

/** A running Rumbo server. */
export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
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
  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL, transport: undefined },
  });
  const log = app.log;
  try {
    const applied = await migrate(database.db);
    if (applied.length) log.info({ applied }, 'migrations applied');
    const seeded = await seed(database.db, {
      adminPassword: config.ADMIN_PASSWORD,
      demo: config.DEMO,
    });
    if (seeded.generatedAdminPassword) {
      log.warn(
        `System administrator created: username "sysadmin", password "${seeded.generatedAdminPassword}" (shown once; set ADMIN_PASSWORD to choose it)`,
      );
    }
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }

  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : folderTransport(join(config.DATA_DIR, 'outbox'), (line) => log.info(line));
  let mailRunning = false;
  const mailTimer = setInterval(() => {
    if (mailRunning) return;
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
  log.info(
    `Rumbo ${config.VERSION} ready at ${config.PUBLIC_URL} (${database.mode} database) in ${Math.round(performance.now() - startedAt)} ms`,
  );

  let stopping: Promise<void> | undefined;
  return {
    app,
    database,
    url,
    stop() {
      stopping ??= (async () => {
        clearInterval(mailTimer);
        await app.close();
        transport.close();
        await database.close();
      })();
      return stopping;
    },
  };
}
