import { describe, expect, it } from 'vitest';
import type { IngestDevice } from '../lib/ingest-device.js';
import {
  decodeRecordParts,
  GroupPublisher,
  type GroupLimits,
  type RecordsPart,
} from './record-groups.js';

function part(deviceId: number, records = 1): RecordsPart {
  const device = { id: deviceId, uniqueId: `dev-${deviceId}` } as IngestDevice;
  const positions = Array.from({ length: records }, (_, i) => ({
    deviceId: device.uniqueId,
    fixTimeMs: 1_700_000_000_000 + i,
    lat: -34.6,
    lng: -58.4,
    attributes: {},
  }));
  return { device, positions };
}

/** A JetStream stand-in: keeps each message and stores it when the test says so. */
function fakeStream() {
  const sent: { partition: number; devices: number[]; store(): void; fail(): void }[] = [];
  const publish = (partition: number, data: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      const devices = decodeRecordParts(data).map((p) => p.device.id);
      sent.push({ partition, devices, store: resolve, fail: () => reject(new Error('no space')) });
    });
  return { sent, publish };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const limits: GroupLimits = { maxRecords: 100, maxChars: 1_000_000, maxInFlight: 1 };

describe('group publish', () => {
  it('sends the packets of one partition given in one event-loop turn as one message', async () => {
    const stream = fakeStream();
    const groups = new GroupPublisher(stream.publish, limits);
    const stored = [1, 2, 3].map((id) => groups.add(0, part(id)));
    const other = groups.add(1, part(4));
    await turn();
    expect(stream.sent.map((m) => [m.partition, m.devices])).toEqual([
      [0, [1, 2, 3]],
      [1, [4]],
    ]);
    stream.sent[0]!.store();
    stream.sent[1]!.store();
    await Promise.all([...stored, other]);
  });

  it('resolves a packet only once the message holding it is stored', async () => {
    const stream = fakeStream();
    const groups = new GroupPublisher(stream.publish, limits);
    let isStored = false;
    void groups.add(0, part(1)).then(() => (isStored = true));
    await turn();
    await turn();
    expect(isStored).toBe(false);
    stream.sent[0]!.store();
    await turn();
    expect(isStored).toBe(true);
  });

  it('gathers the packets given while a publish is in flight and sends them, in order, when it ends', async () => {
    const stream = fakeStream();
    const groups = new GroupPublisher(stream.publish, limits);
    const first = groups.add(0, part(1));
    await turn();
    const later = [2, 3].map((id) => groups.add(0, part(id)));
    await turn();
    const last = groups.add(0, part(4));
    await turn();
    expect(stream.sent.map((m) => m.devices)).toEqual([[1]]);
    stream.sent[0]!.store();
    await first;
    expect(stream.sent.map((m) => m.devices)).toEqual([[1], [2, 3, 4]]);
    stream.sent[1]!.store();
    await Promise.all([...later, last]);
  });

  it('closes a group at its record limit; the next one follows it', async () => {
    const stream = fakeStream();
    const groups = new GroupPublisher(stream.publish, { ...limits, maxRecords: 20 });
    const stored = [1, 2, 3].map((id) => groups.add(0, part(id, 10)));
    await turn();
    expect(stream.sent.map((m) => m.devices)).toEqual([[1, 2]]);
    stream.sent[0]!.store();
    await turn();
    expect(stream.sent.map((m) => m.devices)).toEqual([[1, 2], [3]]);
    stream.sent[1]!.store();
    await Promise.all(stored);
  });

  it('fails every packet of a message JetStream refused, and only those', async () => {
    const stream = fakeStream();
    const groups = new GroupPublisher(stream.publish, limits);
    const refused = [1, 2].map((id) => groups.add(0, part(id)));
    await turn();
    const next = groups.add(0, part(3));
    stream.sent[0]!.fail();
    for (const packet of refused) await expect(packet).rejects.toThrow('no space');
    await turn();
    stream.sent[1]!.store();
    await expect(next).resolves.toBeUndefined();
  });

  it('drains: resolves once every packet given was published', async () => {
    const stream = fakeStream();
    const groups = new GroupPublisher(stream.publish, limits);
    void groups.add(0, part(1));
    let isDrained = false;
    const drained = groups.drain().then(() => (isDrained = true));
    await turn();
    expect(isDrained).toBe(false);
    stream.sent[0]!.store();
    await drained;
    expect(isDrained).toBe(true);
  });
});

describe('records message', () => {
  it("reads a message of a build before group publish (one device's packet) as a group of one", () => {
    const single = part(7, 2);
    const data = new TextEncoder().encode(JSON.stringify(single));
    expect(decodeRecordParts(data)).toEqual([single]);
  });

  it('refuses a message that holds no packet', () => {
    expect(() => decodeRecordParts(new TextEncoder().encode('{"x":1}'))).toThrow();
  });

  it('refuses a group whose packets do not all name their device and carry records', () => {
    const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
    for (const bad of [
      { parts: [] },
      { parts: [{}] },
      { parts: [part(1, 1), { device: null, positions: [] }] },
      { parts: [part(1, 1), { device: { id: '1' }, positions: [] }] },
      { parts: [{ device: { id: 1 }, positions: 'x' }] },
      { parts: [null] },
    ]) {
      expect(() => decodeRecordParts(encode(bad))).toThrow('not a records message');
    }
  });
});
