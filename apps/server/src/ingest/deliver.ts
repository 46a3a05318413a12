import type { DeviceProtocol } from '@rumbo/contracts';
import type { Position } from '@rumbo/telematics';
import type { IngestDevice, SubmitResult } from '../lib/ingest-device.js';
import type { IngestContext } from './ingest-types.js';

/** What {@link submitRecords} did: stored (then answer the device) or the device is unknown. */
export type Delivery = { device: IngestDevice; result: SubmitResult } | { device: null };

/**
 * The step every protocol shares once a frame is decoded: the positions are submitted (stored
 * durably, through the bus) and counted. The caller answers the device after this resolves; a
 * throw means nothing was stored and nothing may be acknowledged (the device resends).
 */
export async function submitRecords(
  ctx: IngestContext,
  device: IngestDevice,
  positions: Position[],
): Promise<SubmitResult> {
  const result = await ctx.submit(device, positions);
  ctx.counters.recordsAcked += result.accepted;
  ctx.counters.recordsRejected += result.rejected;
  return result;
}

/**
 * Resolves the device a frame names (counting an unknown one), builds its positions with it and
 * submits them: the shared resolve → submit → count of the datagram and request protocols (UDP,
 * HTTP, MQTT). `build` runs only for a known device.
 */
export async function deliver(
  ctx: IngestContext,
  protocol: DeviceProtocol,
  uniqueId: string,
  build: (device: IngestDevice) => Position[],
): Promise<Delivery> {
  const device = await ctx.resolveDevice(uniqueId, protocol);
  if (!device) {
    ctx.counters.unknownDevices += 1;
    return { device: null };
  }
  return { device, result: await submitRecords(ctx, device, build(device)) };
}
