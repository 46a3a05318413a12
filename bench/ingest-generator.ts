// Device load generator, run in its own process by the ingest benchmarks: N devices over TCP,
// each logs in, then sends Codec 8E packets of K records and waits for each ack (as devices do).
// Args (env): PORT, DEVICES, RECORDS_PER_PACKET, DURATION_S, IMEI_PREFIX, START_MS, MODE (load|hold)
import { connect, type Socket } from 'node:net';
import { encodeCodec8eFrame, encodeLogin, type AvlRecordInput } from '@rumbo/telematics';

const port = Number(process.env.PORT);
const devices = Number(process.env.DEVICES ?? 1000);
const perPacket = Number(process.env.RECORDS_PER_PACKET ?? 10);
const durationS = Number(process.env.DURATION_S ?? 20);
const prefix = process.env.IMEI_PREFIX ?? '35';
const startMs = Number(process.env.START_MS ?? Date.now() - 20 * 86_400_000);
const mode = process.env.MODE ?? 'load';
const live = process.env.LIVE === '1';

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
let stopping = false;

function runDevice(i: number): Promise<void> {
  return new Promise((resolve) => {
    const imei = prefix + String(i).padStart(15 - prefix.length, '0');
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
      const records: AvlRecordInput[] = [];
      for (let k = 0; k < perPacket; k++) {
        const t = live ? Date.now() - (perPacket - 1 - k) : startMs + n * 1000;
        records.push(record(t, i, n));
        n += 1;
      }
      pendingAt = performance.now();
      socket.write(encodeCodec8eFrame(records));
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
        if (latencies.length < 200_000) latencies.push(performance.now() - pendingAt);
        if (live) setTimeout(sendPacket, Number(process.env.PACKET_INTERVAL_MS ?? 1000));
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
  });
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
});
process.exit(0);
