// The one loop over a device's records through the reducer's step(): live processing
// (pipeline.ts), the late-record recompute (recompute.ts) and the restart's restore (restore.ts)
// all thread the state through it, so the three cannot drift apart.

import type { Kysely } from 'kysely';
import {
  step,
  type DetectorChain,
  type DeviceState,
  type Position,
  type ReducerSettings,
  type StepOptions,
  type StepResult,
  type VehicleContext,
} from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import type { IngestDevice } from '../lib/ingest-device.js';
import { fromStoredRow } from './position-row.js';
import { readPositionsPage } from './positions.store.js';

/** Records read per query when replaying stored records (one read never holds the database long). */
export const REPLAY_PAGE_ROWS = 2_000;

/** Lets other work (health, acknowledgements of other devices) run between pages. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How a run of records is stepped: the vehicle's settings, context and chain. */
export interface StepRun {
  settings: ReducerSettings;
  context: VehicleContext;
  /** The detector chain (default: the package's). */
  detectors?: DetectorChain;
  /** Live processing: records more than 10 minutes in the future of it are refused. */
  nowMs?: number;
}

/** What a caller does with each step's outcome: `result.state` is the state after `records[i]`. */
export type StepVisitor = (result: StepResult, index: number) => void;

/**
 * Steps `records` in order from `state` and returns the final state, handing each step's outcome
 * to `visit`. One options object for the whole run: nothing is allocated per record here.
 */
export function stepRecords(
  state: DeviceState,
  records: readonly Position[],
  run: StepRun,
  visit?: StepVisitor,
): DeviceState {
  const options: StepOptions = {
    nowMs: run.nowMs,
    context: run.context,
    detectors: run.detectors,
  };
  const settings = run.settings;
  for (let i = 0; i < records.length; i++) {
    const result = step(state, records[i]!, settings, options);
    visit?.(result, i);
    state = result.state;
  }
  return state;
}

/** What a replay of stored records did. */
export interface ReplayOutcome {
  state: DeviceState;
  /** Stored records stepped. */
  positions: number;
}

/**
 * Replays a device's stored records after `afterMs` (exclusive) from `state` through
 * {@link stepRecords}, page by page, yielding between pages; stops after the page that reaches
 * `maxRecords`.
 */
export async function replayStored(
  db: Kysely<Database>,
  device: IngestDevice,
  from: { state: DeviceState; afterMs: number },
  run: StepRun,
  options: { maxRecords?: number; visit?: StepVisitor } = {},
): Promise<ReplayOutcome> {
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  let { state, afterMs } = from;
  let positions = 0;
  while (positions < maxRecords) {
    const page = await readPositionsPage(db, device.id, afterMs, REPLAY_PAGE_ROWS);
    const records = page.map((stored) => fromStoredRow(device.uniqueId, stored));
    state = stepRecords(state, records, run, options.visit);
    if (records.length > 0) afterMs = records[records.length - 1]!.fixTimeMs;
    positions += page.length;
    if (page.length < REPLAY_PAGE_ROWS) break;
    await yieldToLoop();
  }
  return { state, positions };
}
