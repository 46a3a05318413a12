import type { Kysely } from 'kysely';
import { vehicleInput } from '@rumbo/contracts';
import { createFleet, describeVehicle, type Fleet, type SimDevice } from '@rumbo/simulator';
import type { Database } from '../db/schema.js';
import type { IngestContext } from '../ingest/ingest-types.js';
import { DEMO_TENANT } from '../modules/seed/index.js';
import {
  ensureGroup,
  findDeviceByUniqueId,
  insertDevice,
  insertVehicle,
  listTrailerKinds,
  plateTaken,
} from '../modules/fleet/index.js';
import { saveTanks } from '../modules/fuel/index.js';
import { ensureTenant } from '../modules/tenants/index.js';
import { backfillDemoHistory, type DemoTruck } from './demo-backfill.js';
import { insertDemoHistory, listDemoHistory } from './demo-history.repository.js';
import { registerDemoPlaces } from './demo-places.js';
import { demoDutyFleet, demoTruckDuty } from './demo-duty.js';
import { loadDemoPlacement } from './demo-placement.js';
import { demoTanks } from './demo-tanks.js';
import { registerDemoMaintenance } from './demo-maintenance.js';
import { registerDemoPlannedTrips } from './demo-trips.js';

/** The seed of the demo fleet: same trucks, same journeys on every installation. */
export const DEMO_SEED = 'rumbo-demo';
/** Longest wait for every live truck's first record before the history starts going in. */
const LIVE_FIRST_TIMEOUT_MS = 10_000;

/**
 * Registers the simulated trucks (vehicles with chassis number, brand, model, model year and
 * trailer; devices; groups) in the demo tenant; idempotent. Returns the IMEIs registered now.
 */
export async function registerDemoFleet(
  db: Kysely<Database>,
  devices: readonly SimDevice[],
): Promise<Set<string>> {
  const created = new Set<string>();
  const twoTanks = devices.find((d) => d.tankCapacityL === 600)?.imei;
  await db.transaction().execute(async (trx) => {
    const tenant = await ensureTenant(trx, DEMO_TENANT);
    const implementIds = new Map<string, number>();
    for (const kind of await listTrailerKinds(trx, tenant.id)) {
      for (const implement of kind.implementos) {
        implementIds.set(
          `${kind.descripcion}/${implement.descripcionImplemento}`,
          implement.idImplemento,
        );
      }
    }
    for (const device of devices) {
      if (await findDeviceByUniqueId(trx, device.imei)) continue;
      const groupId = await ensureGroup(trx, tenant.id, device.group);
      if (await plateTaken(trx, tenant.id, device.plate)) continue;
      const { kind, description } = device.implement;
      const vehicleId = await insertVehicle(
        trx,
        tenant.id,
        vehicleInput.parse({
          plate: device.plate,
          vim: device.vin,
          kind: device.kind,
          brand: device.brand,
          model: device.vehicleModel,
          modelYear: device.modelYear,
          implementId: implementIds.get(`${kind}/${description}`) ?? null,
          description: `${device.kind === 'tractor' ? 'Tractor' : 'Chasis'} con ${kind.toLowerCase()} ${description.toLowerCase()}`,
          tankCapacityL: device.tankCapacityL,
          ureaCapacityL: device.ureaCapacityL,
          groupId,
        }),
      );
      const tanks = demoTanks(device.tankCapacityL, device.imei === twoTanks);
      if (tanks) {
        await saveTanks(trx, tenant.id, vehicleId, tanks, device.ureaCapacityL);
      }
      await insertDevice(trx, tenant.id, {
        uniqueId: device.imei,
        protocol: device.protocol,
        model: device.protocol === 'teltonika' ? device.model : null,
        vehicleId,
      });
      created.add(device.imei);
    }
  });
  return created;
}

/** The running demo fleet. */
export interface DemoFleet {
  /** Resolves once the demo runs live and its history is complete (or the demo stopped). */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the demo: every simulated truck goes live at once, placed where its plan has it now
 * (nothing is fast-forwarded), while the history of the trucks registered on the first start
 * (`historyDays` before it) goes through ingest in bulk in the background, resumed on later starts
 * until complete (docs/decisions/0019-demo-first-run.md).
 */
export function startDemoFleet(options: {
  db: Kysely<Database>;
  ingest: IngestContext;
  vehicles: number;
  historyDays: number;
  teltonikaPort: number;
  osmandPort: number;
  nowMs: number;
  /** Called after new demo vehicles were registered (to load them into the live fleet). */
  onRegistered: () => Promise<void>;
  /** Called after the demo geofences and POIs were added (the pipeline's zone index reloads). */
  onPlacesRegistered?: (tenantId: number) => void;
  /** Called after the demo planned trips were added (the pipeline's plans reload). */
  onPlannedTripsRegistered?: () => void;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}): DemoFleet {
  const { db, log } = options;
  // On the trucks' one-second grid.
  const nowMs = Math.floor(options.nowMs / 1000) * 1000;
  let stopped = false;
  let fleet: Fleet | undefined;
  const run = async (): Promise<void> => {
    const devices = Array.from({ length: options.vehicles }, (_, index) =>
      describeVehicle(index, { seed: DEMO_SEED }),
    );
    const created = await registerDemoFleet(db, devices);
    if (created.size > 0) await options.onRegistered();
    const placesTenant = await registerDemoPlaces(db);
    if (placesTenant !== null) options.onPlacesRegistered?.(placesTenant);
    await registerDemoMaintenance(db, nowMs);
    if (stopped) return;

    // Each truck's history row: the first start gives its trucks `historyDays` of history; a truck
    // registered before these rows existed, none. Every truck's plan starts with the fleet's.
    const resolved = await Promise.all(
      devices.map((d) => options.ingest.resolveDevice(d.imei, d.protocol)),
    );
    let rows = await listDemoHistory(db);
    const historyFromMs = nowMs - options.historyDays * 86_400_000;
    const startMs = Math.min(historyFromMs, ...[...rows.values()].map((r) => r.simStartMs));
    const fromMs = Math.max(startMs, historyFromMs);
    await insertDemoHistory(
      db,
      devices.flatMap((d, i) => {
        const device = resolved[i];
        if (!device || rows.has(device.id)) return [];
        const hasHistory = created.has(d.imei);
        return [
          {
            deviceId: device.id,
            simStartMs: startMs,
            fromMs: hasHistory ? fromMs : nowMs,
            untilMs: nowMs,
          },
        ];
      }),
    );
    rows = await listDemoHistory(db);
    if (stopped) return;
    // The first start's present: the drivers near a limit are placed there.
    const anchorMs = startMs + options.historyDays * 86_400_000;
    // Three drivers near a limit there: kept from an earlier start, else placed now (decision 0048).
    const placedAt = performance.now();
    const placed = await loadDemoPlacement(db, {
      seed: DEMO_SEED,
      vehicles: options.vehicles,
      startMs,
      anchorMs,
    });
    log.info(
      { kept: placed.kept, ms: Math.round(performance.now() - placedAt) },
      'demo fleet: drivers placed',
    );
    if (stopped) return;
    fleet = createFleet({
      vehicles: options.vehicles,
      seed: DEMO_SEED,
      startMs,
      // The drivers' working states, and their day shaping the trucks' legs (decision 0048).
      tachograph: demoDutyFleet(DEMO_SEED, options.vehicles, startMs, anchorMs),
      duty: demoTruckDuty(DEMO_SEED, options.vehicles, startMs, anchorMs),
      teltonikaPort: options.teltonikaPort,
      osmandPort: options.osmandPort,
    });
    fleet.start({ atMs: nowMs });
    log.info({ vehicles: options.vehicles }, 'demo fleet: live');
    // Planned trips on a few trucks' next drives, one along another road (issue 15); alongside
    // the history, yielding between trucks so live records keep flowing.
    void registerDemoPlannedTrips(db, {
      seed: DEMO_SEED,
      vehicles: options.vehicles,
      startMs,
      nowMs,
      anchorMs,
    })
      .then((planned) => {
        if (planned > 0) options.onPlannedTripsRegistered?.();
      })
      .catch((error: unknown) => log.warn({ err: error }, 'demo planned trips not added'));

    const trucks: DemoTruck[] = devices.flatMap((d, i) => {
      const device = resolved[i];
      const row = device ? rows.get(device.id) : undefined;
      return device && row && !row.completed ? [{ index: d.index, device, row }] : [];
    });
    if (trucks.length === 0) return;
    // History is late data: it goes in once the live trucks reported, so each vehicle's history
    // is one run of late records behind its live ones (one recompute).
    const deadline = Date.now() + LIVE_FIRST_TIMEOUT_MS;
    while (!stopped && Date.now() < deadline && fleet.deviceStats().some((s) => s.acked === 0)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (stopped) return;
    log.info(
      { vehicles: trucks.length, days: options.historyDays },
      'demo fleet: backfilling history',
    );
    const result = await backfillDemoHistory({
      db,
      ingest: options.ingest,
      fleet,
      trucks,
      isStopped: () => stopped,
      log,
    });
    // Stopped half-way: the next start resumes it.
    if (stopped) return;
    log.info(
      {
        records: result.records,
        seconds: Math.round(result.completeMs / 1000),
        storedSeconds: Math.round(result.storedMs / 1000),
        recordsPerSecond: Math.round(result.records / Math.max(result.storedMs / 1000, 1e-3)),
      },
      'demo fleet: history backfilled',
    );
  };
  const done = run().catch((error: unknown) => {
    if (!stopped) log.warn({ err: error }, 'demo fleet stopped');
  });
  return {
    done,
    async stop() {
      stopped = true;
      await fleet?.stop();
      await done;
    },
  };
}
