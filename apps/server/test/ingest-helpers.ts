import { connect, type Socket } from 'node:net';
import { expect } from 'vitest';
import { encodeCodec8eFrame, encodeLogin, type AvlRecordInput } from '@rumbo/telematics';
import { startIngest, type IngestListeners } from '../src/ingest/start-ingest.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import type { testApp } from './harness.js';

type TestApp = Awaited<ReturnType<typeof testApp>>;

/**
 * Worker threads the ingest tests run the listeners in: the server's default on 2+ cores (1);
 * `TEST_INGEST_WORKERS=0` runs them on the test's thread (decision 0046).
 */
export const TEST_INGEST_WORKERS = Number(process.env.TEST_INGEST_WORKERS ?? 0);

/** Opens the app's ingest on free local ports: Teltonika and OsmAnd, no MQTT (unless `extra` says). */
export function openTestIngest(
  ctx: TestApp,
  extra: Partial<Parameters<typeof startIngest>[1]> = {},
): Promise<IngestListeners> {
  return startIngest(ctx.app.services.ingest, {
    teltonikaPort: 0,
    osmandPort: 0,
    mqttUrl: undefined,
    host: '127.0.0.1',
    workers: TEST_INGEST_WORKERS,
    ...extra,
  });
}

/**
 * Loads the vehicles the test wrote into the database into the live fleet and the alert settings
 * cache, then opens the ingest ports (`openTestIngest`).
 */
export async function reloadFleetAndOpenIngest(ctx: TestApp): Promise<IngestListeners> {
  await loadLiveFleet(ctx.database.db, ctx.app.services.live, Date.now());
  await ctx.app.services.alerts.cache.reloadAll();
  return openTestIngest(ctx);
}

/** A truck record with the FMB640 IO ids the server maps (ignition, wheel speed, rpm, counters). */
export function truckRecord(
  timestampMs: number,
  options: {
    lat?: number;
    lng?: number;
    speedKmh?: number;
    ignition?: boolean;
    odometerM?: number;
    fuelUsedL?: number;
    rpm?: number;
    heading?: number;
  } = {},
): AvlRecordInput {
  const speed = options.speedKmh ?? 0;
  const ignition = options.ignition ?? true;
  return {
    timestampMs,
    lat: options.lat ?? -34.6,
    lng: options.lng ?? -58.4,
    altitudeM: 25,
    angleDeg: options.heading ?? 90,
    satellites: 11,
    speedKmh: Math.round(speed),
    io: [
      { id: 239, group: 1, value: ignition ? 1 : 0 },
      { id: 240, group: 1, value: speed > 0 ? 1 : 0 },
      { id: 80, group: 1, value: Math.round(speed) },
      { id: 88, group: 2, value: options.rpm ?? (ignition ? (speed > 0 ? 1300 : 650) : 0) },
      { id: 192, group: 4, value: Math.round(options.odometerM ?? 500_000_000) },
      { id: 86, group: 4, value: Math.round(options.fuelUsedL ?? 100_000) },
    ],
  };
}

/** A raw TCP device connection that collects what the server answers. */
export class DeviceSocket {
  readonly received: Buffer[] = [];
  private readonly socket: Socket;
  readonly closed: Promise<void>;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => this.received.push(chunk));
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
    this.socket.on('error', () => undefined);
  }

  async ready(): Promise<void> {
    if (this.socket.readyState === 'open') return;
    await new Promise<void>((resolve) => this.socket.once('connect', () => resolve()));
  }

  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /**
   * Settles when the server next sends bytes (read them with `bytes()` or `acks()`); rejects
   * once the socket is closed, so a wait for an ack that cannot come ends instead of hanging.
   */
  nextData(): Promise<void> {
    if (this.socket.destroyed) return Promise.reject(new Error('device socket closed'));
    return new Promise((resolve, reject) => {
      const settle = (error?: Error) => {
        this.socket.off('data', onData);
        this.socket.off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      const onData = () => settle();
      const onClose = () => settle(new Error('device socket closed'));
      this.socket.on('data', onData);
      this.socket.on('close', onClose);
    });
  }

  /** All bytes received so far. */
  bytes(): Buffer {
    return Buffer.concat(this.received);
  }

  /** The 4-byte acks received after the 1-byte login answer. */
  acks(): number[] {
    const rest = this.bytes().subarray(1);
    const counts: number[] = [];
    for (let i = 0; i + 4 <= rest.length; i += 4) counts.push(rest.readUInt32BE(i));
    return counts;
  }

  end(): void {
    this.socket.destroy();
  }
}

/** Connects to the Teltonika port as `imei` and waits for the login answer. */
export async function loginDevice(port: number, imei: string): Promise<DeviceSocket> {
  const device = new DeviceSocket(port);
  await device.ready();
  device.write(encodeLogin(imei));
  await expect.poll(() => device.bytes().length).toBe(1);
  return device;
}

/** Sends the records in Codec 8E frames of `perFrame`, each acknowledged before the next. */
export async function sendFrames(
  device: DeviceSocket,
  records: readonly AvlRecordInput[],
  perFrame = 50,
): Promise<void> {
  for (let i = 0; i < records.length; i += perFrame) {
    const chunk = records.slice(i, i + perFrame);
    const expected = [...device.acks(), chunk.length];
    device.write(encodeCodec8eFrame(chunk));
    await expect.poll(() => device.acks()).toEqual(expected);
  }
}
