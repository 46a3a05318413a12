// When a tracker takes a record, and what it does with records taken without coverage: the
// cadence of a Teltonika FMB640 configured for trucks, and its flash buffer sent oldest first.

import type { SimRecord } from './sim-record.js';

/** Record cadence and buffer size of a simulated tracker. */
export interface RecorderSettings {
  /** Period while moving. */
  movingIntervalMs: number;
  /** Extra record when the heading turns more than this while moving. */
  headingChangeDeg: number;
  /** Period at standstill with the ignition on. */
  stationaryIntervalMs: number;
  /** Period with the ignition off. */
  offIntervalMs: number;
  /** Records kept without coverage; the oldest are dropped beyond it. */
  maxBufferedRecords: number;
}

/** FMB640-like defaults: 10 s / 15° moving, 60 s idle, 5 min parked. */
export const DEFAULT_RECORDER_SETTINGS: RecorderSettings = {
  movingIntervalMs: 10_000,
  headingChangeDeg: 15,
  stationaryIntervalMs: 60_000,
  offIntervalMs: 300_000,
  maxBufferedRecords: 5000,
};

/**
 * The cadence of a history: a Teltonika tracker on its default data acquisition (a record every
 * 30 s or 15° moving, every minute idling, every 5 min parked), a third of the live records.
 */
export const HISTORY_RECORDER_SETTINGS: RecorderSettings = {
  ...DEFAULT_RECORDER_SETTINGS,
  movingIntervalMs: 30_000,
};

/** The state a tracker decides its cadence from. */
export interface RecorderInput {
  timeMs: number;
  moving: boolean;
  ignition: boolean;
  headingDeg: number;
  /** A pending event (ignition change, harsh driving) forces a record. */
  hasEvent: boolean;
}

function angleDiffDeg(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Record cadence plus the coverage buffer of one tracker. */
export class DeviceRecorder {
  private lastRecordMs = -Infinity;
  private lastHeadingDeg = 0;
  private isOffline = false;
  private readonly buffered: SimRecord[] = [];
  private ready: SimRecord[] = [];
  private droppedCount = 0;

  constructor(private readonly settings: RecorderSettings = DEFAULT_RECORDER_SETTINGS) {}

  private intervalMs(input: Pick<RecorderInput, 'moving' | 'ignition'>): number {
    if (input.moving) return this.settings.movingIntervalMs;
    return input.ignition ? this.settings.stationaryIntervalMs : this.settings.offIntervalMs;
  }

  /** Whether the tracker takes a record now. */
  isDue(input: RecorderInput): boolean {
    if (input.hasEvent) return true;
    if (input.timeMs - this.lastRecordMs >= this.intervalMs(input)) return true;
    return (
      input.moving &&
      input.timeMs - this.lastRecordMs >= 1000 &&
      angleDiffDeg(input.headingDeg, this.lastHeadingDeg) > this.settings.headingChangeDeg
    );
  }

  /** When the next periodic record falls, if nothing changes meanwhile. */
  nextDueMs(input: Pick<RecorderInput, 'moving' | 'ignition'>): number {
    return this.lastRecordMs + this.intervalMs(input);
  }

  /** Takes a record: ready to send, or buffered while offline. */
  take(record: SimRecord): void {
    this.lastRecordMs = record.fixTimeMs;
    this.lastHeadingDeg = record.headingDeg;
    if (!this.isOffline) {
      this.ready.push(record);
      return;
    }
    this.buffered.push(record);
    if (this.buffered.length > this.settings.maxBufferedRecords) {
      this.buffered.shift();
      this.droppedCount += 1;
    }
  }

  get offline(): boolean {
    return this.isOffline;
  }

  /** Records dropped because the coverage buffer was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Records held while offline. */
  get bufferedCount(): number {
    return this.buffered.length;
  }

  /** Loses coverage, or regains it: then the buffer goes out first, oldest first. */
  setOffline(offline: boolean): void {
    if (this.isOffline && !offline) {
      this.ready.push(...this.buffered);
      this.buffered.length = 0;
    }
    this.isOffline = offline;
  }

  /** Drops the records held without coverage (they are never sent). */
  forgetBuffered(): void {
    this.buffered.length = 0;
  }

  /** Records ready to send since the last call, oldest first. */
  drain(): SimRecord[] {
    const out = this.ready;
    this.ready = [];
    return out;
  }
}
