import mqtt, { type MqttClient } from 'mqtt';
import type { Position } from '@rumbo/telematics';
import { z } from 'zod';
import type { IngestContext } from './ingest-types.js';

/** The topic gateways publish decoded records to; `+` is the device id. */
export const MQTT_TOPIC = 'rumbo/+/telemetry';

const optionalNumber = z.number().finite().optional();
/** A record in the Position model, as JSON. */
const mqttRecord = z.object({
  fixTimeMs: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  altitudeM: optionalNumber,
  headingDeg: optionalNumber,
  speedKmh: optionalNumber,
  satellites: optionalNumber,
  hdop: optionalNumber,
  ignition: z.boolean().optional(),
  movement: z.boolean().optional(),
  wheelSpeedKmh: optionalNumber,
  odometerM: optionalNumber,
  fuelUsedL: optionalNumber,
  fuelLevelPct: optionalNumber,
  fuelLevelL: optionalNumber,
  fuelRateLph: optionalNumber,
  engineHours: optionalNumber,
  rpm: optionalNumber,
  torquePct: optionalNumber,
  pedalPct: optionalNumber,
  kickdown: z.boolean().optional(),
  brake: z.boolean().optional(),
  cruise: z.boolean().optional(),
  pto: z.boolean().optional(),
  ureaLevelPct: optionalNumber,
  serviceDistanceKm: optionalNumber,
  driverCode: z.string().max(64).optional(),
  powerV: optionalNumber,
  batteryV: optionalNumber,
  harshEvent: z.enum(['accel', 'brake', 'corner']).optional(),
  attributes: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(),
});
const mqttPayload = z.union([mqttRecord, z.array(mqttRecord).max(1000)]);

/** Parses one message into positions, or a reason it is refused. */
export function parseMqttMessage(
  deviceId: string,
  payload: Buffer,
): { ok: true; positions: Position[] } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = mqttPayload.safeParse(json);
  if (!parsed.success)
    return { ok: false, reason: parsed.error.issues[0]?.message ?? 'invalid record' };
  const records = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  return {
    ok: true,
    positions: records.map((record): Position => ({
      ...record,
      deviceId,
      attributes: record.attributes ?? {},
    })),
  };
}

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
      const deviceId = topic.split('/')[1] ?? '';
      const parsed = parseMqttMessage(deviceId, message);
      if (!parsed.ok) {
        ctx.counters.badFrames += 1;
        ctx.log.warn({ topic, reason: parsed.reason }, 'MQTT message refused');
        done(0);
        return;
      }
      void ctx
        .resolveDevice(deviceId, 'mqtt')
        .then(async (device) => {
          if (!device) {
            ctx.counters.unknownDevices += 1;
            done(0);
            return;
          }
          const result = await ctx.submit(device, parsed.positions);
          ctx.counters.recordsAcked += result.accepted;
          done(0);
        })
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
