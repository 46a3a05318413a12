import type { Kysely } from 'kysely';
import {
  initialDeviceState,
  step,
  type DetectorChain,
  type DeviceState,
  type ReducerSettings,
  type VehicleContext,
} from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import type { IngestDevice } from '../lib/ingest-device.js';
import { fromStoredRow } from './position-row.js';
import { readPositionsPage } from './positions.store.js';
import { loadVehicleState } from './vehicle-state.store.js';

/** Records read per query when replaying stored records (one read never holds the database long). */
export const REPLAY_PAGE_ROWS = 2_000;
/** Most stored records replayed to restore a reducer after a restart. */
const MAX_TAIL_REPLAY = 20_000;

/** Lets other work (health, acknowledgements of other devices) run between pages. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Whether a persisted reducer state has the shape this version reads (older shapes restart). */
function isCurrentState(value: unknown): value is DeviceState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<Record<keyof DeviceState, unknown>>;
  return (
    typeof state.counters === 'object' &&
    typeof state.totals === 'object' &&
    Array.isArray(state.detectors) &&
    Array.isArray(state.slices) &&
    state.detectors.length === state.slices.length
  );
}

/**
 * The reducer state as last persisted, brought up to date by replaying the records stored after
 * it (state is persisted every few seconds, records in every batch), page by page.
 */
export async function restoreDeviceState(
  db: Kysely<Database>,
  device: IngestDevice,
  vehicleId: number,
  options: { settings: ReducerSettings; context: VehicleContext; detectors?: DetectorChain },
): Promise<{ state: DeviceState; status?: string }> {
  const row = await loadVehicleState(db, vehicleId);
  let state = isCurrentState(row?.reducer) ? row.reducer : initialDeviceState(options.detectors);
  let afterMs = state.last?.fixTimeMs;
  if (afterMs === undefined) return { state, status: row?.status };
  for (let replayed = 0; replayed < MAX_TAIL_REPLAY;) {
    const page = await readPositionsPage(db, device.id, afterMs, REPLAY_PAGE_ROWS);
    for (const stored of page) {
      const position = fromStoredRow(device.uniqueId, stored);
      state = step(state, position, options.settings, {
        context: options.context,
        detectors: options.detectors,
      }).state;
      afterMs = position.fixTimeMs;
    }
    replayed += page.length;
    if (page.length < REPLAY_PAGE_ROWS) break;
    await yieldToLoop();
  }
  return { state, status: row?.status };
}
