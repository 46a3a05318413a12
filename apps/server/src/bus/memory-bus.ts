import type { Position } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { CommittedFact } from './messages.js';
import type { SubmitResult } from '../lib/ingest-device.js';
import {
  Listeners,
  type Bus,
  type LiveMessage,
  type NotificationDelivery,
  type RecordsHandler,
  type Stoppable,
} from './bus.js';

/** One process: records go straight to the local pipeline; messages to local listeners. */
export function memoryBus(): Bus {
  let consumer: RecordsHandler | undefined;
  const live = new Listeners<LiveMessage[]>();
  const facts = new Listeners<CommittedFact[]>();
  const revoked = new Listeners<string[]>();
  const devices = new Listeners<string>();
  const notifications = new Listeners<NotificationDelivery[]>();
  const alertSettings = new Listeners<number>();
  const places = new Listeners<number>();
  const plannedTrips = new Listeners<null>();
  return {
    kind: 'memory',
    publishRecords(device: IngestDevice, positions: readonly Position[]): Promise<SubmitResult> {
      if (!consumer) return Promise.reject(new Error('no pipeline in this process'));
      return consumer(device, positions);
    },
    consumeRecords(handler): Promise<Stoppable> {
      consumer = handler;
      return Promise.resolve({
        stop: () => {
          if (consumer === handler) consumer = undefined;
          return Promise.resolve();
        },
      });
    },
    publishLive: (message) => live.emit([message]),
    onLive: (handler) => live.add(handler),
    publishFacts: (list) => facts.emit(list),
    // One process: every group has one member, this one.
    onFacts: (handler) => facts.add(handler),
    publishNotifications: (list) => notifications.emit(list),
    onNotifications: (handler) => notifications.add(handler),
    publishAlertSettingsChanged: (tenantId) => alertSettings.emit(tenantId),
    onAlertSettingsChanged: (handler) => alertSettings.add(handler),
    publishPlacesChanged: (tenantId) => places.emit(tenantId),
    onPlacesChanged: (handler) => places.add(handler),
    publishPlannedTripsChanged: () => plannedTrips.emit(null),
    onPlannedTripsChanged: (handler) => plannedTrips.add(() => handler()),
    publishSessionsRevoked: (ids) => revoked.emit([...ids]),
    onSessionsRevoked: (handler) => revoked.add(handler),
    publishDeviceChanged: (uniqueId) => devices.emit(uniqueId),
    onDeviceChanged: (handler) => devices.add(handler),
    close: () => Promise.resolve(),
  };
}
