// Device load generator, run in its own process by the ingest benchmarks: N devices over TCP,
// each logs in, then sends Codec 8E packets of K records and waits for each ack (as devices do).
// Args (env): PORT, DEVICES, RECORDS_PER_PACKET, DURATION_S, IMEI_PREFIX, START_MS, MODE (load|hold),
// LIVE=1 (records stamped now, one packet per PACKET_INTERVAL_MS), REPORT_LATENCIES=1 (each
// progress message carries the ack latencies measured since the previous one)
import { connect, type Socket } from 'node:net';
import { crc16Ibm, encodeCodec8eFrame, encodeLogin, type AvlRecordInput } from '@rumbo/telematics';

const port = Number(process.env.PORT);
const devices = Number(process.env.DEVICES ?? 1000);
const perPacket = Number(process.env.RECORDS_PER_PACKET ?? 10);
const durationS = Number(process.env.DURATION_S ?? 20);
const prefix = process.env.IMEI_PREFIX ?? '35';
const startMs = Number(process.env.START_MS ?? Date.now() - 20 * 86_400_000);
const mode = process.env.MODE ?? 'load';
const live = process.env.LIVE === '1';
/** Index of this process's first device (several generator processes share one fleet). */
const offset = Number(process.env.DEVICE_OFFSET ?? 0);
const intervalMs = Number(process.env.PACKET_INTERVAL_MS ?? 1000);

/**
 * A Codec 8E frame encoded once and re-stamped per packet (live mode): the records' timestamps
 * are patched in place and the CRC recomputed, so a packet costs no encoding. Safe to reuse: a
 * device sends its next packet only after the previous one was acknowledged.
 */
class FrameTemplate {
  private readonly frame: Buffer;
  private readonly dataLength: number;
  private readonly recordLength: number;
  private readonly count: number;

  constructor(records: AvlRecordInput[]) {
    this.frame = encodeCodec8eFrame(records);
    this.dataLength = this.frame.readUInt32BE(4);
    this.count = this.frame[9]!;
    // Every record of the template has the same IO layout, hence the same length.
    this.recordLength = (this.dataLength - 3) / this.count;
  }

  stamp(lastMs: number): Buffer {
    for (let k = 0; k < this.count; k++) {
      const at = 10 + k * this.recordLength;
      this.frame.writeUInt16BE(0, at);
      this.frame.writeUIntBE(lastMs - (this.count - 1 - k), at + 2, 6);
    }
    const end = 8 + this.dataLength;
    this.frame.writeUInt32BE(crc16Ibm(this.frame, 8, end), end);
    return this.frame;
  }
}

function record(t: number, i: number, n: number): AvlRecordInput {
  const speed = 60 + ((n + i) % 30);
  return {
    timestampMs: t,
    lat: -34.6 + (i % 100) * 0.01 + n * 1e-5,
    lng: -58.4 + Math.floor(i / 100) * 0.01 + n * 1e-5,
    altitudeM: 30,
    angleDeg: 90,
    satellites: 12,
    speedKmh: speed,
    io: [
      { id: 239, group: 1, value: 1 },
      { id: 240, group: 1, value: 1 },
      { id: 80, group: 1, value: speed },
      { id: 81, group: 1, value: 1 },
      { id: 84, group: 1, value: 35 },
      { id: 88, group: 2, value: 1300 },
      { id: 85, group: 1, value: 40 },
      { id: 87, group: 1, value: 62 },
      { id: 86, group: 4, value: 120_000 + n },
      { id: 192, group: 4, value: 400_000_000 + n * 170 },
      { id: 104, group: 4, value: 12_000 + Math.floor(n / 360) },
      { id: 10455, group: 1, value: 55 },
    ],
  };
}

let sent = 0;
let acked = 0;
let connected = 0;
const latencies: number[] = [];
const reportLatencies = process.env.REPORT_LATENCIES === '1';
let recent: number[] = [];
let stopping = false;

function runDevice(i: number): Promise<void> {
  return new Promise((resolve) => {
    const imei = prefix + String(offset + i).padStart(15 - prefix.length, '0');
    const template = live
      ? new FrameTemplate(
          Array.from({ length: perPacket }, (_, k) => record(Date.now() - k, offset + i, k)),
        )
      : undefined;
    const socket: Socket = connect({ port, host: '127.0.0.1', noDelay: true });
    let n = 0;
    let loggedIn = false;
    let pendingAt = 0;
    let buffer = Buffer.alloc(0);
    const sendPacket = () => {
      if (stopping) {
        socket.end();
        return;
      }
      pendingAt = performance.now();
      if (template) {
        socket.write(template.stamp(Date.now()));
      } else {
        const records: AvlRecordInput[] = [];
        for (let k = 0; k < perPacket; k++) {
          records.push(record(startMs + n * 1000, offset + i, n));
          n += 1;
        }
        socket.write(encodeCodec8eFrame(records));
      }
      sent += perPacket;
    };
    socket.on('connect', () => socket.write(encodeLogin(imei)));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!loggedIn) {
        if (buffer[0] !== 1) {
          socket.destroy();
          return;
        }
        loggedIn = true;
        connected += 1;
        if (mode === 'hold-open') return;
        if (mode === 'hold' && connected === devices) {
          process.send?.({ type: 'done', sent, acked, connected, ackP50Ms: 0, ackP99Ms: 0 });
          process.exit(0);
        }
        buffer = buffer.subarray(1);
        if (mode === 'load') sendPacket();
      }
      while (buffer.length >= 4) {
        const count = buffer.readUInt32BE(0);
        buffer = buffer.subarray(4);
        acked += count;
        const latencyMs = performance.now() - pendingAt;
        if (latencies.length < 200_000) latencies.push(latencyMs);
        if (reportLatencies) recent.push(latencyMs);
        // Live: one packet per interval from send to send (not after the ack), so the rate holds.
        if (live) setTimeout(sendPacket, Math.max(0, intervalMs - latencyMs));
        else sendPacket();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

const started = performance.now();
const all = Array.from({ length: devices }, (_, i) => runDevice(i));
const report = setInterval(() => {
  process.send?.({
    type: 'progress',
    sent,
    acked,
    connected,
    elapsedMs: performance.now() - started,
    ...(reportLatencies ? { latencies: recent } : {}),
  });
  recent = [];
}, 1000);
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') stopping = true;
});
setTimeout(() => {
  if (mode === 'load') stopping = true;
}, durationS * 1000);
await Promise.all(all);
clearInterval(report);
latencies.sort((a, b) => a - b);
process.send?.({
  type: 'done',
  sent,
  acked,
  connected,
  ackP50Ms: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
  ackP99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  ackMaxMs: latencies.at(-1) ?? 0,
});
process.exit(0);
