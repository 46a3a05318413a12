import { DEVICE_PROTOCOLS } from '@rumbo/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { migrate } from '../db/migrate.js';
import { addDeviceWithVehicle } from '../modules/fleet/index.js';
import { ensureUser, seedBuiltins } from '../modules/seed/index.js';
import { ensureTenant } from '../modules/tenants/index.js';

// The `rumbo` commands that change data (docs/decisions/0030-bounds-and-live-changes.md). The
// command line runs them itself when no server runs on its DATA_DIR, or hands them to the running
// server over its control socket (control-socket.ts); either way a change to vehicles or devices
// is announced through `changed`, i.e. on the bus, so every live fleet learns it.

const name = z.string().trim().min(1).max(200);

/** A command as the control socket receives it (validated: the socket is a trust boundary). */
export const cliCommandSchema = z.discriminatedUnion('name', [
  z.strictObject({ name: z.literal('migrate') }),
  z.strictObject({ name: z.literal('tenant-add'), tenant: name }),
  z.strictObject({
    name: z.literal('user-add'),
    tenant: name,
    username: z.string().min(6).max(100),
    email: z.email(),
    role: name,
    password: z.string().min(6).max(200).regex(/^\S+$/u),
  }),
  z.strictObject({
    name: z.literal('device-add'),
    imei: z.string().trim().min(1).max(64),
    plate: name,
    model: z.string().trim().min(1).max(60).optional(),
    protocol: z.enum(DEVICE_PROTOCOLS),
    tenant: name,
  }),
]);
export type CliCommand = z.infer<typeof cliCommandSchema>;

/** What a command changed, for the bus. */
export interface CommandEffects {
  deviceChanged(uniqueId: string): void;
}

/** Runs one command against a migrated database; answers the line the command line prints. */
export async function runCommand(
  db: Kysely<Database>,
  command: CliCommand,
  effects: CommandEffects,
): Promise<string> {
  switch (command.name) {
    case 'migrate': {
      const applied = await migrate(db);
      return applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date';
    }
    case 'tenant-add': {
      await seedBuiltins(db);
      const created = await ensureTenant(db, command.tenant);
      return `tenant "${created.name}" (id ${created.id})`;
    }
    case 'user-add': {
      await seedBuiltins(db);
      const created = await ensureUser(db, command);
      return created
        ? `user "${command.username}" created`
        : `user "${command.username}" already exists`;
    }
    case 'device-add': {
      await seedBuiltins(db);
      const result = await addDeviceWithVehicle(db, command);
      effects.deviceChanged(command.imei);
      return `device ${command.imei} → vehicle ${command.plate} (id ${result.vehicleId})`;
    }
  }
}
