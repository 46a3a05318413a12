import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { validatePosition } from '@rumbo/telematics';
import type pg from 'pg';
import type { CommittedFact } from './messages.js';
import type { SubmitResult } from '../lib/ingest-device.js';
import type { Bus, LiveMessage, NotificationDelivery, RecordsHandler, Stoppable } from './bus.js';
import { Leases } from './leases.js';
import {
  decodeRecordParts,
  GroupPublisher,
  type GroupLimits,
  type RecordsPart,
} from './record-groups.js';

/** Subjects and stream name of a cluster (docs/decisions/0014-roles-and-bus.md). */
export function natsNames(prefix: string) {
  return {
    stream: `${prefix.toUpperCase().replace(/-/g, '_')}_RECORDS`,
    records: (partition: number) => `${prefix}.records.${partition}`,
    allRecords: `${prefix}.records.>`,
    live: `${prefix}.live`,
    facts: `${prefix}.facts`,
    notifications: `${prefix}.notifications`,
    alertSettings: `${prefix}.alerts.settings`,
    places: `${prefix}.geofences.changed`,
    plannedTrips: `${prefix}.planned-trips.changed`,
    sessionsRevoked: `${prefix}.sessions.revoked`,
    deviceChanged: `${prefix}.devices.changed`,
  };
}
type Names = ReturnType<typeof natsNames>;
const PIPELINE_GROUP = 1;

/** Settings of the NATS bus. */
export interface NatsBusOptions {
  url: string;
  /** Subject and stream prefix (NATS_PREFIX). */
  prefix?: string;
  /** Record partitions (devices hash to one; one pipeline process owns each). */
  partitions?: number;
  /** A message not acknowledged this long goes to the partition's next owner. */
  ackWaitMs?: number;
  /** PostgreSQL pool: partition leases are advisory locks (pipeline role only). */
  pool?: pg.Pool;
  /** Limits of a records message gathering several devices' packets (decision 0060). */
  groupLimits?: GroupLimits;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encode = (value: unknown) => encoder.encode(JSON.stringify(value));
const decode = <T>(data: Uint8Array): T => JSON.parse(decoder.decode(data)) as T;

/**
 * Tells a cluster's nodes that devices or vehicles changed, from a process that is no node of it
 * (`rumbo device add`): one plain message per id, flushed before the connection closes.
 */
export async function announceDeviceChanges(
  options: { url: string; prefix?: string },
  uniqueIds: readonly string[],
): Promise<void> {
  const subjects = natsNames(options.prefix ?? 'rumbo');
  const nc = await connect({ servers: options.url, name: 'rumbo-cli' });
  try {
    for (const id of uniqueIds) nc.publish(subjects.deviceChanged, encode(id));
    await nc.flush();
  } finally {
    await nc.close();
  }
}

/** Batches live messages per short tick: one NATS message carries many vehicles. */
const LIVE_TICK_MS = 20;

/** Connects to NATS and makes sure the records stream exists (file storage: durable). */
export async function natsBus(options: NatsBusOptions): Promise<Bus> {
  const partitions = options.partitions ?? 16;
  const ackWaitMs = options.ackWaitMs ?? 5_000;
  const SUBJECTS = natsNames(options.prefix ?? 'rumbo');
  const nc: NatsConnection = await connect({ servers: options.url, name: 'rumbo' });
  const jsm: JetStreamManager = await jetstreamManager(nc);
  const js: JetStreamClient = jetstream(nc);
  await ensureStream(jsm, SUBJECTS, partitions, ackWaitMs);
  const groups = new GroupPublisher(
    (partition, data) => js.publish(SUBJECTS.records(partition), data),
    options.groupLimits,
  );

  let liveBuffer: LiveMessage[] = [];
  let liveTimer: NodeJS.Timeout | null = null;
  const flushLive = () => {
    liveTimer = null;
    if (liveBuffer.length === 0) return;
    nc.publish(SUBJECTS.live, encode(liveBuffer));
    liveBuffer = [];
  };
  const subscribe = <T>(
    subject: string,
    handler: (value: T) => void,
    queue?: string,
  ): (() => void) => {
    const sub = nc.subscribe(subject, {
      ...(queue === undefined ? {} : { queue }),
      callback: (error, msg) => {
        if (error) return;
        try {
          handler(decode<T>(msg.data));
        } catch (err) {
          options.log.warn({ err, subject }, 'bus message not handled');
        }
      },
    });
    return () => sub.unsubscribe();
  };
  const consumers: PartitionConsumers[] = [];

  return {
    kind: 'nats',
    async publishRecords(device, positions): Promise<SubmitResult> {
      // Refusals are decided here so the device's answer says them; the pipeline sees the rest.
      const nowMs = Date.now();
      const valid = positions.filter((p) => validatePosition(p, nowMs).ok);
      const rejected = positions.length - valid.length;
      if (valid.length > 0) {
        await groups.add(device.id % partitions, { device, positions: valid });
      }
      return { accepted: valid.length, rejected };
    },
    async consumeRecords(handler): Promise<Stoppable> {
      if (!options.pool) throw new Error('the NATS pipeline needs PostgreSQL for its leases');
      const leases = await Leases.join(options.pool, PIPELINE_GROUP);
      const group = new PartitionConsumers(
        js,
        jsm,
        SUBJECTS.stream,
        leases,
        partitions,
        ackWaitMs,
        handler,
        options.log,
      );
      consumers.push(group);
      await group.start();
      return group;
    },
    publishLive(message) {
      liveBuffer.push(message);
      liveTimer ??= setTimeout(flushLive, LIVE_TICK_MS);
    },
    onLive: (handler) => subscribe<LiveMessage[]>(SUBJECTS.live, handler),
    publishFacts: (facts) => nc.publish(SUBJECTS.facts, encode(facts)),
    onFacts: (handler, group) => subscribe<CommittedFact[]>(SUBJECTS.facts, handler, group),
    publishNotifications: (list) => nc.publish(SUBJECTS.notifications, encode(list)),
    onNotifications: (handler) =>
      subscribe<NotificationDelivery[]>(SUBJECTS.notifications, handler),
    publishAlertSettingsChanged: (tenantId) => nc.publish(SUBJECTS.alertSettings, encode(tenantId)),
    onAlertSettingsChanged: (handler) => subscribe<number>(SUBJECTS.alertSettings, handler),
    publishPlacesChanged: (tenantId) => nc.publish(SUBJECTS.places, encode(tenantId)),
    onPlacesChanged: (handler) => subscribe<number>(SUBJECTS.places, handler),
    publishPlannedTripsChanged: () => nc.publish(SUBJECTS.plannedTrips, encode(null)),
    onPlannedTripsChanged: (handler) => subscribe<null>(SUBJECTS.plannedTrips, () => handler()),
    publishSessionsRevoked: (ids) => nc.publish(SUBJECTS.sessionsRevoked, encode(ids)),
    onSessionsRevoked: (handler) => subscribe<string[]>(SUBJECTS.sessionsRevoked, handler),
    publishDeviceChanged: (uniqueId) => nc.publish(SUBJECTS.deviceChanged, encode(uniqueId)),
    onDeviceChanged: (handler) => subscribe<string>(SUBJECTS.deviceChanged, handler),
    async close() {
      for (const group of consumers) await group.stop();
      await groups.drain();
      if (liveTimer) clearTimeout(liveTimer);
      flushLive();
      await nc.drain();
    },
  };
}

async function ensureStream(
  jsm: JetStreamManager,
  SUBJECTS: Names,
  partitions: number,
  ackWaitMs: number,
) {
  const STREAM = SUBJECTS.stream;
  const config = {
    name: STREAM,
    subjects: [SUBJECTS.allRecords],
    storage: StorageType.File,
    // A record leaves the stream once its pipeline acknowledged it (stored in PostgreSQL).
    retention: RetentionPolicy.Workqueue,
    max_age: nanos(7 * 86_400_000),
  };
  try {
    await jsm.streams.info(STREAM);
  } catch {
    await jsm.streams.add(config);
  }
  for (let p = 0; p < partitions; p++) {
    const durable = `pipeline-${p}`;
    try {
      await jsm.consumers.info(STREAM, durable);
    } catch {
      await jsm.consumers.add(STREAM, {
        durable_name: durable,
        filter_subject: SUBJECTS.records(p),
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(ackWaitMs),
        max_ack_pending: 20_000,
      });
    }
  }
}

/** Device packets one pipeline process stores at once (the pipeline groups them into batches). */
const MAX_PACKETS_IN_FLIGHT = 4000;
/**
 * Bytes of records messages a partition's consumer pulls ahead. Counted in bytes, not messages
 * (2,000 before group publish): a backlog's groups are up to 1 MB each.
 */
const PULL_MAX_BYTES = 8 * 1024 * 1024;

/** The packets a records message holds; one that is none is dropped for good (never redelivered). */
function partsOrTerm(msg: JsMsg): RecordsPart[] | null {
  try {
    return decodeRecordParts(msg.data);
  } catch {
    msg.term();
    return null;
  }
}

/**
 * The partitions one pipeline process owns: every second it counts the group's members, takes
 * free partitions up to its even share and gives back (after draining) those beyond it. A
 * partition whose previous owner died is taken once its unacknowledged messages are due again,
 * so they come back before newer ones and a device's records stay in order.
 */
class PartitionConsumers implements Stoppable {
  private readonly owned = new Map<number, { messages: ConsumerMessages; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private balancing: Promise<void> = Promise.resolve();

  constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly stream: string,
    private readonly leases: Leases,
    private readonly partitions: number,
    private readonly ackWaitMs: number,
    private readonly handler: RecordsHandler,
    private readonly log: NatsBusOptions['log'],
  ) {}

  async start(): Promise<void> {
    await this.balance();
    this.timer = setInterval(() => {
      this.balancing = this.balancing
        .then(() => this.balance())
        .catch((err: unknown) => {
          this.log.warn({ err }, 'partition balance failed');
        });
    }, 1000);
  }

  /** Partitions this process owns now. */
  get ownedPartitions(): number[] {
    return [...this.owned.keys()].sort((a, b) => a - b);
  }

  private async balance(): Promise<void> {
    if (this.stopped) return;
    const members = await this.leases.members();
    const share = Math.ceil(this.partitions / members);
    for (const p of [...this.owned.keys()].slice(share)) await this.release(p);
    const taken: number[] = [];
    for (let p = 0; p < this.partitions && this.owned.size + taken.length < share; p++) {
      if (this.owned.has(p) || this.stopped) continue;
      if (await this.leases.tryPartition(p)) taken.push(p);
    }
    // Taken together: each may wait out its previous owner's acknowledgement deadline.
    await Promise.all(taken.map((p) => this.take(p)));
  }

  private async take(p: number): Promise<void> {
    const durable = `pipeline-${p}`;
    const info = await this.jsm.consumers.info(this.stream, durable);
    // Messages the previous owner took but never acknowledged come back after ack_wait.
    if (info.num_ack_pending > 0) await new Promise((r) => setTimeout(r, this.ackWaitMs + 200));
    const consumer = await this.js.consumers.get(this.stream, durable);
    const messages = await consumer.consume({ max_bytes: PULL_MAX_BYTES });
    const done = this.run(messages);
    this.owned.set(p, { messages, done });
    this.log.info({ partition: p }, 'record partition taken');
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    let packetsInFlight = 0;
    // Messages being stored tell JetStream so every half ack_wait: a pipeline slower than
    // ack_wait (a loaded machine) must not get them again while it still stores them — the two
    // copies' inserts of the same rows deadlocked in PostgreSQL and were redelivered in a loop
    // (issue 25, decision 0046).
    const working = new Set<JsMsg>();
    const beat = setInterval(
      () => {
        for (const msg of working) msg.working();
      },
      Math.max(100, this.ackWaitMs / 2),
    );
    for await (const msg of messages) {
      const parts = partsOrTerm(msg);
      if (!parts) continue;
      working.add(msg);
      packetsInFlight += parts.length;
      const handled = this.handle(msg, parts).finally(() => {
        working.delete(msg);
        packetsInFlight -= parts.length;
      });
      inFlight.add(handled);
      void handled.finally(() => inFlight.delete(handled));
      // Bounded in packets, as before group publish: a backlog's groups are up to 1,000 records.
      while (packetsInFlight >= MAX_PACKETS_IN_FLIGHT) await Promise.race(inFlight);
    }
    await Promise.allSettled([...inFlight]);
    clearInterval(beat);
  }

  /**
   * A message holds one or several devices' packets (group publish, decision 0060): each goes to
   * the handler at once, in message order (a device's packets stay in order), and the message is
   * acknowledged once every packet is stored. If one failed, all of it comes again after all of
   * it settled: the packets already stored are resends the pipeline skips.
   */
  private async handle(msg: JsMsg, parts: readonly RecordsPart[]): Promise<void> {
    const results = await Promise.allSettled(
      parts.map((part) => this.handler(part.device, part.positions)),
    );
    const failed = parts.filter((_, i) => results[i]!.status === 'rejected');
    if (failed.length === 0) {
      msg.ack();
      return;
    }
    const err = results.find((r) => r.status === 'rejected')?.reason as unknown;
    const devices = failed.map((part) => part.device.uniqueId);
    // Not acknowledged: JetStream delivers it again.
    this.log.warn({ err, devices }, 'records not stored (redelivered)');
    msg.nak(1000);
  }

  private async release(p: number): Promise<void> {
    const entry = this.owned.get(p);
    if (!entry) return;
    this.owned.delete(p);
    entry.messages.stop();
    await entry.done;
    await this.leases.releasePartition(p);
    this.log.info({ partition: p }, 'record partition released');
  }

  private stopping: Promise<void> | undefined;

  /** Drains and gives back every partition, then leaves the group (once, however often called). */
  stop(): Promise<void> {
    this.stopping ??= this.leave();
    return this.stopping;
  }

  private async leave(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.balancing;
    for (const p of [...this.owned.keys()]) await this.release(p);
    await this.leases.close();
  }
}
