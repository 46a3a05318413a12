import { startDemoFleet, type DemoFleet } from '../../demo/demo-fleet.js';
import { startIngest, type IngestListeners } from '../../ingest/start-ingest.js';
import { loadLiveFleet } from '../../realtime/load-live-fleet.js';
import type { Unit } from '../../lib/unit.js';
import type { NodeParts } from '../parts.js';
import { Holds } from './shared.units.js';

/** The ingest role's ports (0 until its listeners run). */
export interface IngestRole extends Unit {
  readonly ports: { teltonika: number; osmand: number; streams: Record<string, number> };
}

/**
 * `ingest`: devices resolved (cached; forgotten when the bus says a registration changed) and
 * their records handed to the bus. With `serve`, it opens the device ports: Teltonika TCP/UDP,
 * OsmAnd HTTP and, with MQTT_URL, MQTT; and with DEMO, the demo fleet drives through them
 * (docs/decisions/0019-demo-first-run.md).
 */
export function ingestRole(parts: NodeParts, options: { serve: boolean }): IngestRole {
  const { bus, config, registry, database, log } = parts;
  const holds = new Holds();
  let listeners: IngestListeners | undefined;
  let demo: DemoFleet | undefined;
  return {
    get ports() {
      return {
        teltonika: listeners?.teltonikaPort ?? 0,
        osmand: listeners?.osmandPort ?? 0,
        streams: listeners?.streamPorts ?? {},
      };
    },
    async start() {
      holds.add(bus.onDeviceChanged((uniqueId) => registry.forget(uniqueId)));
      if (!options.serve) return;
      listeners = await startIngest(parts.ingest, {
        teltonikaPort: config.TELTONIKA_PORT,
        osmandPort: config.OSMAND_PORT,
        mqttUrl: config.MQTT_URL,
        host: config.HOST,
        streamPorts: config.PROTOCOL_PORTS,
        workers: config.INGEST_WORKERS,
      });
      if (!config.DEMO || config.DEMO_VEHICLES === 0) return;
      demo = startDemoFleet({
        db: database.db,
        ingest: parts.ingest,
        vehicles: config.DEMO_VEHICLES,
        historyDays: config.DEMO_HISTORY_DAYS,
        teltonikaPort: listeners.teltonikaPort,
        osmandPort: listeners.osmandPort,
        nowMs: Date.now(),
        onRegistered: () => loadLiveFleet(database.db, parts.live, Date.now()),
        onPlacesRegistered: (tenantId) => bus.publishPlacesChanged(tenantId),
        onPlannedTripsRegistered: () => bus.publishPlannedTripsChanged(),
        log,
      });
    },
    async stop() {
      await demo?.stop();
      await listeners?.close();
      holds.drop();
    },
  };
}
