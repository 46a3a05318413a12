import mqtt, { type MqttClient } from 'mqtt';
import { decodeMqttJson, MQTT_TOPIC, mqttTopicDevice } from '@rumbo/telematics/protocols';
import { deliver } from './deliver.js';
import type { IngestContext } from './ingest-types.js';

export { MQTT_TOPIC };

/**
 * Subscribes to `rumbo/+/telemetry` with QoS 1 and acknowledges each message only after its
 * records are committed (a refused message is acknowledged: resending would not help).
 */
export async function startMqttIngest(ctx: IngestContext, url: string): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: `rumbo-ingest-${process.pid}`,
    clean: false,
    reconnectPeriod: 2000,
    // MQTT 5: the acknowledgement waits for our callback (after commit).
    protocolVersion: 5,
    customHandleAcks: (topic, message, _packet, done) => {
      const decoded = decodeMqttJson(mqttTopicDevice(topic), message);
      if (decoded.error) {
        ctx.counters.badFrames += 1;
        ctx.log.warn({ topic, reason: decoded.error.reason }, 'MQTT message refused');
        done(0);
        return;
      }
      void deliver(ctx, 'mqtt', decoded.identity ?? '', () => decoded.records)
        .then(() => done(0))
        .catch((error: unknown) => {
          // Not acknowledged: the broker redelivers after reconnect.
          ctx.log.warn({ topic, err: error }, 'MQTT message not stored');
        });
    },
  });
  client.on('error', (error) => ctx.log.warn({ err: error }, 'MQTT error'));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(MQTT_TOPIC, { qos: 1 });
  return client;
}
