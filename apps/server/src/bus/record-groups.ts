import type { Position } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';

/** One device's packet as it travels in a records message. */
export interface RecordsPart {
  device: IngestDevice;
  positions: Position[];
}

/** Limits of one records message (JetStream refuses payloads over 1 MB by default). */
export interface GroupLimits {
  /** A group goes once it holds this many records, even with a publish of its partition in flight. */
  maxRecords: number;
  /** …or this many characters of JSON (UTF-16 units: ≤ 3 bytes each, so a third of the cap). */
  maxChars: number;
  /** Publishes of one partition waiting for JetStream at once; the next group gathers meanwhile. */
  maxInFlight: number;
}

/** Default limits: a group is about a JetStream round trip's packets of one partition. */
export const DEFAULT_GROUP_LIMITS: GroupLimits = {
  maxRecords: 1000,
  maxChars: 300_000,
  maxInFlight: 1,
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A records message: several devices' packets of one partition, in the order they were given. */
function encodeGroup(encodedParts: readonly string[]): Uint8Array {
  return encoder.encode(`{"parts":[${encodedParts.join(',')}]}`);
}

/**
 * The device packets a records message holds. A message of a build before group publish holds
 * one packet, `{device, positions}`: it is read as a group of one (rolling upgrades).
 */
export function decodeRecordParts(data: Uint8Array): RecordsPart[] {
  const value = JSON.parse(decoder.decode(data)) as {
    parts?: RecordsPart[];
  } & Partial<RecordsPart>;
  const parts = Array.isArray(value.parts)
    ? value.parts
    : [{ device: value.device, positions: value.positions }];
  // Every part must name its device and carry a list: a malformed message is refused whole
  // (terminated by the consumer), never handed to the pipeline half-read.
  if (parts.length === 0 || !parts.every(isRecordsPart)) throw new Error('not a records message');
  return parts as RecordsPart[];
}

function isRecordsPart(part: unknown): boolean {
  if (typeof part !== 'object' || part === null) return false;
  const { device, positions } = part as Partial<RecordsPart>;
  return (
    typeof device === 'object' &&
    device !== null &&
    typeof device.id === 'number' &&
    Array.isArray(positions)
  );
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** Packets gathering for one message. */
class Group {
  readonly parts: string[] = [];
  readonly waiters: Waiter[] = [];
  records = 0;
  chars = 0;

  add(encoded: string, records: number, waiter: Waiter): void {
    this.parts.push(encoded);
    this.waiters.push(waiter);
    this.records += records;
    this.chars += encoded.length + 1;
  }

  isFull(limits: GroupLimits): boolean {
    return this.records >= limits.maxRecords || this.chars >= limits.maxChars;
  }
}

/** Publishes one message and resolves when JetStream stored it. */
export type PublishGroup = (partition: number, data: Uint8Array) => Promise<unknown>;

/** One partition's groups: those closed waiting for a slot, the one gathering, the publishes out. */
class Lane {
  private gathering: Group | null = null;
  private readonly closed: Group[] = [];
  private inFlight = 0;
  private pumpScheduled = false;
  private readonly idle = new Set<() => void>();

  constructor(
    private readonly partition: number,
    private readonly publish: PublishGroup,
    private readonly limits: GroupLimits,
  ) {}

  add(part: RecordsPart): Promise<void> {
    const encoded = JSON.stringify(part);
    return new Promise<void>((resolve, reject) => {
      this.gathering ??= new Group();
      this.gathering.add(encoded, part.positions.length, { resolve, reject });
      if (this.gathering.isFull(this.limits)) {
        this.closed.push(this.gathering);
        this.gathering = null;
      }
      this.schedulePump();
    });
  }

  /** Resolves once nothing of this lane waits or is in flight. */
  whenIdle(): Promise<void> {
    if (this.isIdle) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  private get isIdle(): boolean {
    return this.inFlight === 0 && this.closed.length === 0 && this.gathering === null;
  }

  // At the end of the event-loop turn: every packet read in the same poll phase shares a message.
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.limits.maxInFlight) {
      const group = this.closed.shift() ?? this.takeGathering();
      if (!group) break;
      this.send(group);
    }
    if (!this.isIdle) return;
    for (const resolve of this.idle) resolve();
    this.idle.clear();
  }

  private takeGathering(): Group | null {
    const group = this.gathering;
    this.gathering = null;
    return group;
  }

  private send(group: Group): void {
    this.inFlight += 1;
    this.publish(this.partition, encodeGroup(group.parts)).then(
      () => {
        for (const waiter of group.waiters) waiter.resolve();
        this.sent();
      },
      (error: unknown) => {
        for (const waiter of group.waiters) waiter.reject(error);
        this.sent();
      },
    );
  }

  // The group that gathered during this publish goes at once.
  private sent(): void {
    this.inFlight -= 1;
    this.pump();
  }
}

/**
 * Group publish, the ingest-side twin of group commit (decision 0060): packets bound for the same
 * partition while one of its publishes is in flight go together as one JetStream message, and
 * each packet's promise resolves when that message is stored — only then may its device be
 * acknowledged. With nothing in flight a packet waits only for the end of the event-loop turn.
 * A device's packets keep their order: one partition per device, its groups published in order.
 */
export class GroupPublisher {
  private readonly lanes = new Map<number, Lane>();

  constructor(
    private readonly publish: PublishGroup,
    private readonly limits: GroupLimits = DEFAULT_GROUP_LIMITS,
  ) {}

  /** Resolves when the message holding this packet is stored; rejects if its publish failed. */
  add(partition: number, part: RecordsPart): Promise<void> {
    let lane = this.lanes.get(partition);
    if (!lane) {
      lane = new Lane(partition, this.publish, this.limits);
      this.lanes.set(partition, lane);
    }
    return lane.add(part);
  }

  /** Resolves once every packet given so far was published (or its publish failed). */
  async drain(): Promise<void> {
    await Promise.all([...this.lanes.values()].map((lane) => lane.whenIdle()));
  }
}
