import 'dotenv/config';
import { DEVICE_PROTOCOLS } from '@rumbo/contracts';
import { Command } from 'commander';
import { z } from 'zod';
import { ConfigError, loadConfig, type Config } from './config.js';
import { migrate } from './db/migrate.js';
import { openConfiguredDatabase, startServer } from './server.js';
import { announceDeviceChanges } from './bus/nats-bus.js';
import { cliCommandSchema, runCommand, type CliCommand } from './main/commands.js';
import { controlSocketPath, sendControlCommand } from './main/control-socket.js';
import { runSimulatorCli } from '@rumbo/simulator';

function config(overrides: Record<string, string> = {}): Config {
  try {
    return loadConfig({ ...process.env, ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * Runs a command: handed to the server running on this DATA_DIR when there is one (it changes its
 * own database and tells its bus), otherwise against the configured database here, a change to
 * devices then announced on NATS when NATS_URL is set (docs/decisions/0030-bounds-and-live-changes.md).
 */
async function execute(command: CliCommand): Promise<void> {
  const cfg = config();
  const answer = await sendControlCommand(controlSocketPath(cfg.DATA_DIR), command);
  if (answer) {
    if ('error' in answer) {
      console.error(answer.error);
      process.exit(1);
    }
    console.log(answer.output);
    return;
  }
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(cfg);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/running Rumbo server/u.test(message)) {
      console.error(`${message.replace(/^.*?(a running Rumbo server)/u, '$1')}`);
      process.exit(3);
    }
    throw error;
  }
  const changed: string[] = [];
  let output: string;
  try {
    await migrate(database.db);
    output = await runCommand(database.db, command, {
      deviceChanged: (uniqueId) => changed.push(uniqueId),
    });
  } finally {
    await database.close();
  }
  if (changed.length > 0 && cfg.NATS_URL)
    await announceDeviceChanges({ url: cfg.NATS_URL, prefix: cfg.NATS_PREFIX }, changed);
  console.log(output);
}

const program = new Command('rumbo').description('Rumbo fleet management server');

program
  .command('serve')
  .description('run the server (HTTP, sockets, ingest, jobs)')
  .option('--demo', 'seed the demo tenant and move a demo fleet (same as DEMO=1)')
  .action(async (options: { demo?: boolean }) => {
    const overrides: Record<string, string> = {};
    if (options.demo) {
      overrides.DEMO = '1';
      if (process.env.INGEST_AUTO_REGISTER === undefined) overrides.INGEST_AUTO_REGISTER = '1';
    }
    const server = await startServer(config(overrides));
    let signals = 0;
    const shutdown = (signal: string) => {
      signals += 1;
      if (signals > 1) process.exit(1);
      server.app.log.info(`${signal}: shutting down`);
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
  });

program
  .command('migrate')
  .description('apply pending database migrations')
  .action(async () => {
    await execute({ name: 'migrate' });
  });

const tenant = program.command('tenant').description('manage tenants');
tenant
  .command('add <name>')
  .description('create a tenant')
  .action(async (name: string) => {
    await execute({ name: 'tenant-add', tenant: name });
  });

const user = program.command('user').description('manage users');
user
  .command('add')
  .description('create a user in a tenant')
  .requiredOption('--tenant <name>', 'tenant name')
  .requiredOption('--username <username>', 'at least 6 characters')
  .requiredOption('--email <email>', 'e-mail address')
  .option('--role <role>', 'role name', 'operator')
  .requiredOption('--password <password>', 'at least 6 characters, no spaces')
  .action(
    async (options: {
      tenant: string;
      username: string;
      email: string;
      role: string;
      password: string;
    }) => {
      if (
        options.username.length < 6 ||
        options.password.length < 6 ||
        /\s/.test(options.password)
      ) {
        console.error('username and password need at least 6 characters; the password no spaces');
        process.exit(2);
      }
      if (!z.email().safeParse(options.email).success) {
        console.error(`"${options.email}" is not an e-mail address`);
        process.exit(2);
      }
      await execute({ name: 'user-add', ...options });
    },
  );

const device = program.command('device').description('manage tracking devices');
device
  .command('add')
  .description('register a device and the vehicle it is fitted to (created when the plate is new)')
  .requiredOption('--imei <imei>', 'device id (IMEI)')
  .requiredOption('--plate <plate>', 'vehicle plate')
  .option('--model <model>', 'device model, e.g. FMC650 (picks the IO table)')
  .option('--protocol <protocol>', DEVICE_PROTOCOLS.join(' | '), 'teltonika')
  .option('--tenant <name>', 'tenant name', 'Transportes Demo')
  .action(
    async (options: {
      imei: string;
      plate: string;
      model?: string;
      protocol: string;
      tenant: string;
    }) => {
      const parsed = cliCommandSchema.safeParse({ name: 'device-add', ...options });
      if (!parsed.success) {
        console.error(`bad device: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
        process.exit(2);
      }
      await execute(parsed.data);
    },
  );

// `rumbo simulate …` hands its arguments to the simulator, which parses them itself.
const simulateAt = process.argv.indexOf('simulate');
if (simulateAt === 2) {
  runSimulatorCli(process.argv.slice(3)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  program
    .command('simulate')
    .description('run a simulated fleet: rumbo simulate --vehicles N --speedup X');
  void program.parseAsync(process.argv).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
