import type { DeviceFact } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { PositionRow } from './position-row.js';
import type { SinkRows, VehicleTag } from './sinks/sink.js';
import type { VehicleStateWrite } from './vehicle-state.store.js';

/** What a stored part reports: the fix times refused by the database (normally none). */
export interface PartOutcome {
  refused: ReadonlySet<number>;
}

/**
 * One device's share of a batch: its rows, its derived facts (one list per sink) and its newest
 * state. A batch that fails is retried part by part, so one device's bad record never holds back
 * the acknowledgements of another.
 */
export interface Part {
  device: IngestDevice;
  tag: VehicleTag | undefined;
  rows: PositionRow[];
  /** Records older than the newest processed one: if they are new, the window is recomputed. */
  lateRows: PositionRow[];
  /** Rows for the sinks, one list per sink (made when the sink's first row comes). */
  facts: SinkRows;
  /** The facts those rows came from, published on the bus after commit. */
  derived: DeviceFact[];
  state: VehicleStateWrite | undefined;
  done: Promise<PartOutcome>;
  resolve(outcome: PartOutcome): void;
}

/** The parts filling up until the next flush. */
export class Batch {
  readonly parts = new Map<number, Part>();
  rowCount = 0;

  /** The device's part, created on first use. */
  part(device: IngestDevice): Part {
    let part = this.parts.get(device.id);
    if (!part) {
      let resolve!: (outcome: PartOutcome) => void;
      const done = new Promise<PartOutcome>((res) => {
        resolve = res;
      });
      part = {
        device,
        tag:
          device.vehicleId === null
            ? undefined
            : { vehicleId: device.vehicleId, tenantId: device.tenantId },
        rows: [],
        lateRows: [],
        facts: [],
        derived: [],
        state: undefined,
        done,
        resolve,
      };
      this.parts.set(device.id, part);
    }
    return part;
  }

  get isEmpty(): boolean {
    return this.parts.size === 0;
  }
}
