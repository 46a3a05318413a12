import type { Kysely } from 'kysely';
import { initialDeviceState, type DeviceFact, type DeviceState } from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import type { IngestDevice } from '../lib/ingest-device.js';
import { replayStored, type StepRun } from './replay.js';
import { loadVehicleState } from './vehicle-state.store.js';

/** Most stored records replayed to restore a reducer after a restart. */
const MAX_TAIL_REPLAY = 20_000;

/**
 * The persisted reducer state of a version that holds the deferred sums (decision 0065): the
 * sums of the records after it were never written. A state without the mark was written by an
 * earlier version, which stored every record's sums with its batch: replaying the records after
 * it must not add them again (the first restart after an upgrade).
 */
export function persistedReducer(state: DeviceState): DeviceState & { sumsHeld: true } {
  return { ...state, sumsHeld: true };
}

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
 * it (state is persisted every few seconds, records in every batch), page by page; `onFact` sees
 * the facts of the records replayed (the pipeline holds their sums again, decision 0065).
 */
export async function restoreDeviceState(
  db: Kysely<Database>,
  device: IngestDevice,
  vehicleId: number,
  options: StepRun,
  onFact?: (fact: DeviceFact) => void,
): Promise<{ state: DeviceState; status?: string }> {
  const row = await loadVehicleState(db, vehicleId);
  let state = initialDeviceState(options.detectors);
  let held = false;
  if (isCurrentState(row?.reducer)) {
    const { sumsHeld, ...persisted } = row.reducer as DeviceState & { sumsHeld?: unknown };
    state = persisted;
    held = sumsHeld === true;
  }
  const afterMs = state.last?.fixTimeMs;
  if (afterMs === undefined) return { state, status: row?.status };
  const replayed = await replayStored(db, device, { state, afterMs }, options, {
    maxRecords: MAX_TAIL_REPLAY,
    visit: held && onFact ? (result) => result.facts.forEach(onFact) : undefined,
  });
  return { state: replayed.state, status: row?.status };
}
