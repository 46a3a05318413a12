import type { Notification } from '@rumbo/contracts';
import type { Position } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { CommittedFact, LiveUpdate } from './messages.js';
import type { SubmitResult } from '../lib/ingest-device.js';

/** A vehicle's live update as it travels to the API nodes. */
export interface LiveMessage {
  vehicleId: number;
  update: LiveUpdate;
}

/** A notification stored for a user, on its way to that user's sockets on every API node. */
export interface NotificationDelivery {
  tenantId: number;
  userId: number;
  notification: Notification;
}

/** Handles a device's decoded records in order; resolves once they are durable. */
export type RecordsHandler = (
  device: IngestDevice,
  positions: readonly Position[],
) => Promise<SubmitResult>;

/** Something to stop. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * How the roles talk (docs/decisions/0014-roles-and-bus.md). In one process the memory bus hands
 * records straight to the pipeline; with NATS_URL, records go through a JetStream stream
 * partitioned by device and everything else through plain subjects.
 */
export interface Bus {
  readonly kind: 'memory' | 'nats';
  /**
   * Ingest → pipeline. Resolves when the records are durable — committed to the database (memory)
   * or stored in the file-backed stream (NATS) — the moment a device may be acknowledged.
   */
  publishRecords(device: IngestDevice, positions: readonly Position[]): Promise<SubmitResult>;
  /** Pipeline side: takes the records of the partitions this process owns, in order per device. */
  consumeRecords(handler: RecordsHandler): Promise<Stoppable>;
  /** Pipeline → API nodes: live state, at once (never waiting on disk). */
  publishLive(message: LiveMessage): void;
  onLive(handler: (messages: LiveMessage[]) => void): () => void;
  /**
   * Pipeline → alerts: derived facts after commit. With a `group`, each batch reaches one member
   * of the group only (NATS queue group): the alert dispatchers of the pipeline nodes share them.
   */
  publishFacts(facts: CommittedFact[]): void;
  onFacts(handler: (facts: CommittedFact[]) => void, group?: string): () => void;
  /** Alerts (the process that stored them) → API nodes: notifications for signed-in users. */
  publishNotifications(deliveries: NotificationDelivery[]): void;
  onNotifications(handler: (deliveries: NotificationDelivery[]) => void): () => void;
  /** API → all: a tenant's alert settings changed (cached settings are reloaded). */
  publishAlertSettingsChanged(tenantId: number): void;
  onAlertSettingsChanged(handler: (tenantId: number) => void): () => void;
  /** API → all: a tenant's geofences or POIs changed (zone indexes are rebuilt). */
  publishPlacesChanged(tenantId: number): void;
  onPlacesChanged(handler: (tenantId: number) => void): () => void;
  /** API → all: planned trips saved or deleted (every pipeline reloads the plans it follows). */
  publishPlannedTripsChanged(): void;
  onPlannedTripsChanged(handler: () => void): () => void;
  /** Any node → all: sessions revoked (sockets and caches drop them at once). */
  publishSessionsRevoked(ids: readonly string[]): void;
  onSessionsRevoked(handler: (ids: string[]) => void): () => void;
  /** API → ingest nodes: a device's registration changed (caches forget it). */
  publishDeviceChanged(uniqueId: string): void;
  onDeviceChanged(handler: (uniqueId: string) => void): () => void;
  close(): Promise<void>;
}

/** A small typed listener list. */
export class Listeners<T> {
  private readonly handlers = new Set<(value: T) => void>();

  add(handler: (value: T) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  emit(value: T): void {
    for (const handler of this.handlers) handler(value);
  }
}
