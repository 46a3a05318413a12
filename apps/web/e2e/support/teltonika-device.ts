import { connect } from 'node:net';
import { expect } from '@playwright/test';
import {
  encodeCodec8eFrame,
  encodeLogin,
  type AvlIoInput,
  type AvlRecordInput,
} from '../../../../packages/telematics/src/teltonika/teltonika.encoder';

// A Teltonika device for browser tests: the e2e server listens on RUMBO_E2E_TELTONIKA_PORT
// (global-setup), and unknown IMEIs register themselves in "Nuevos".

/**
 * Logs in as `imei` and sends one Codec 8E frame, 5 s apart up to now (ignition on, moving when
 * speed > 0); resolves once the server acknowledged every record.
 */
export async function sendTeltonika(
  imei: string,
  points: { lat: number; lng: number; speedKmh: number; io?: AvlIoInput[] }[],
  /** Seconds between records (default 5). */
  everyS = 5,
) {
  const now = Date.now();
  await sendRecords(
    imei,
    points.map((p, i) => ({
      timestampMs: now - (points.length - i) * everyS * 1000,
      lat: p.lat,
      lng: p.lng,
      speedKmh: p.speedKmh,
      angleDeg: 90,
      satellites: 12,
      altitudeM: 25,
      io: [
        { id: 239, group: 1 as const, value: 1 },
        { id: 240, group: 1 as const, value: p.speedKmh > 0 ? 1 : 0 },
        ...(p.io ?? []),
      ],
    })),
  );
}

/**
 * A speeding episode along a street from `start`: `speedKmh` for 25 s (six records 5 s apart, 150 m
 * each), then back under the limit (40, then 30 km/h); `direction` -1 drives west.
 */
export function speedingEpisode(
  start: { lat: number; lng: number },
  speedKmh: number,
  direction: 1 | -1 = 1,
) {
  return [
    ...Array.from({ length: 6 }, (_, i) => ({
      ...start,
      lng: start.lng + direction * i * 0.0015,
      speedKmh,
    })),
    { ...start, lng: start.lng + direction * 0.0095, speedKmh: 40 },
    { ...start, lng: start.lng + direction * 0.01, speedKmh: 30 },
  ];
}

/** Logs in as `imei` and sends the records in frames of 50, each acknowledged before the next. */
export async function sendRecords(imei: string, records: AvlRecordInput[]) {
  const port = Number(process.env.RUMBO_E2E_TELTONIKA_PORT);
  if (!port) throw new Error('RUMBO_E2E_TELTONIKA_PORT is not set (global-setup sets it)');
  const socket = connect(port, '127.0.0.1');
  const replies: Buffer[] = [];
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk) => {
    replies.push(chunk);
    waiting?.();
  });
  const nextReply = (bytes: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply from the Teltonika port')), 10_000);
      const check = () => {
        const all = Buffer.concat(replies);
        if (all.length >= bytes) {
          clearTimeout(timer);
          replies.length = 0;
          if (all.length > bytes) replies.push(all.subarray(bytes));
          waiting = null;
          resolve(all.subarray(0, bytes));
        }
      };
      waiting = check;
      check();
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  try {
    socket.write(encodeLogin(imei));
    expect((await nextReply(1))[0]).toBe(1);
    for (let i = 0; i < records.length; i += 50) {
      const frame = records.slice(i, i + 50);
      socket.write(encodeCodec8eFrame(frame));
      expect((await nextReply(4)).readUInt32BE(0)).toBe(frame.length);
    }
  } finally {
    socket.end();
  }
}
