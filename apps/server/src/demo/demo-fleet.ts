import type { Kysely } from 'kysely';
import { vehicleInput } from '@rumbo/contracts';
import { createFleet, type Fleet, type SimDevice } from '@rumbo/simulator';
import type { Database } from '../db/schema.js';
import { DEMO_TENANT } from '../modules/seed/seed.service.js';
import {
  ensureGroup,
  findDeviceByUniqueId,
  insertDevice,
  insertVehicle,
  plateTaken,
} from '../modules/fleet/fleet.repository.js';
import { ensureTenant } from '../modules/tenants/tenants.repository.js';

/** Registers the simulated trucks (vehicles, devices, groups) in the demo tenant; idempotent. */
export async function registerDemoFleet(
  db: Kysely<Database>,
  devices: readonly SimDevice[],
): Promise<number> {
  let created = 0;
  await db.transaction().execute(async (trx) => {
    const tenant = await ensureTenant(trx, DEMO_TENANT);
    for (const device of devices) {
      if (await findDeviceByUniqueId(trx, device.imei)) continue;
      const groupId = await ensureGroup(trx, tenant.id, device.group);
      if (await plateTaken(trx, tenant.id, device.plate)) continue;
      const vehicleId = await insertVehicle(
        trx,
        tenant.id,
        vehicleInput.parse({
          plate: device.plate,
          kind: device.kind,
          brand: device.brand,
          model: device.vehicleModel,
          modelYear: 2018 + (device.index % 7),
          description: device.kind === 'tractor' ? 'Tractor' : 'Chasis',
          tankCapacityL: device.tankCapacityL,
          ureaCapacityL: device.ureaCapacityL,
          groupId,
        }),
      );
      await insertDevice(trx, tenant.id, {
        uniqueId: device.imei,
        protocol: device.protocol,
        model: device.protocol === 'teltonika' ? device.model : null,
        vehicleId,
      });
      created += 1;
    }
  });
  return created;
}

/** The running demo fleet. */
export interface DemoFleet {
  fleet: Fleet;
  stop(): Promise<void>;
}

/** History records per second the demo backfill sends by default (all trucks together). */
export const DEMO_BACKFILL_RECORDS_PER_SECOND = 2000;

/**
 * Starts the demo: the simulated fleet moves live at once, while `historyDays` of history go
 * through the real device ports in the background (a second connection per truck, throttled so
 * live records stay acknowledged within a second; the pipeline stores them as late records and
 * recomputes each vehicle's trips and rollups after its history ends).
 */
export function startDemoFleet(options: {
  db: Kysely<Database>;
  vehicles: number;
  historyDays: number;
  teltonikaPort: number;
  osmandPort: number;
  nowMs: number;
  /** Called after new demo vehicles were registered (to load them into the live fleet). */
  onRegistered: () => Promise<void>;
  /** Backfill throttle (default {@link DEMO_BACKFILL_RECORDS_PER_SECOND}). */
  backfillRecordsPerSecond?: number;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}): DemoFleet {
  const fromMs = options.nowMs - options.historyDays * 86_400_000;
  const fleet = createFleet({
    vehicles: options.vehicles,
    seed: 'rumbo-demo',
    startMs: fromMs,
    teltonikaPort: options.teltonikaPort,
    osmandPort: options.osmandPort,
  });
  let stopped = false;
  const run = async () => {
    const created = await registerDemoFleet(options.db, fleet.devices);
    if (created > 0) await options.onRegistered();
    // History is backfilled once, when the demo fleet is first registered.
    if (created > 0 && options.historyDays > 0) {
      options.log.info(
        { vehicles: options.vehicles, days: options.historyDays },
        'demo fleet: backfilling history',
      );
      if (stopped) return;
      const result = await fleet.startWithHistory({
        fromMs,
        toMs: options.nowMs,
        recordsPerSecond: options.backfillRecordsPerSecond ?? DEMO_BACKFILL_RECORDS_PER_SECOND,
      });
      // Stopped half-way: not reported as done (a later start does not resume the history).
      if (stopped) return;
      options.log.info(
        {
          records: result.records,
          seconds: Math.round(result.elapsedMs / 1000),
          recordsPerSecond: Math.round(result.recordsPerSecond),
        },
        'demo fleet: history backfilled',
      );
      return;
    }
    if (!stopped) fleet.start();
  };
  run().catch((error: unknown) => options.log.warn({ err: error }, 'demo fleet stopped'));
  return {
    fleet,
    async stop() {
      stopped = true;
      await fleet.stop();
    },
  };
}
