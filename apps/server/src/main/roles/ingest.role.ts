import { startIngest, type IngestListeners } from '../../ingest/start-ingest.js';
import type { Unit } from '../../lib/unit.js';
import type { NodeParts } from '../parts.js';
import { Holds } from './shared.units.js';

/** The ingest role's ports (0 until its listeners run). */
export interface IngestRole extends Unit {
  readonly ports: { teltonika: number; osmand: number };
}

/**
 * `ingest`: devices resolved (cached; forgotten when the bus says a registration changed) and
 * their records handed to the bus. With `serve`, it opens the device ports: Teltonika TCP/UDP,
 * OsmAnd HTTP and, with MQTT_URL, MQTT.
 */
export function ingestRole(parts: NodeParts, options: { serve: boolean }): IngestRole {
  const { bus, config, registry } = parts;
  const holds = new Holds();
  let listeners: IngestListeners | undefined;
  return {
    get ports() {
      return { teltonika: listeners?.teltonikaPort ?? 0, osmand: listeners?.osmandPort ?? 0 };
    },
    async start() {
      holds.add(bus.onDeviceChanged((uniqueId) => registry.forget(uniqueId)));
      if (!options.serve) return;
      listeners = await startIngest(parts.ingest, {
        teltonikaPort: config.TELTONIKA_PORT,
        osmandPort: config.OSMAND_PORT,
        mqttUrl: config.MQTT_URL,
        host: config.HOST,
      });
    },
    async stop() {
      await listeners?.close();
      holds.drop();
    },
  };
}
