import { encodeLiveFrame, type LastInfo } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { connectLiveFeed, type LiveFeedStatus, type LiveSocket } from './live-feed-client';
import { testLastInfo } from './fleet-test-fixtures';
import { LiveFleetStore } from './live-fleet-store';

class FakeSocket implements LiveSocket {
  binaryType = 'blob';
  readyState = 1;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
}

const last = (id: number): LastInfo =>
  testLastInfo(id, 'off', {
    plate: `P${id}`,
    lastConnection: null,
    statusCode: 1,
    lat: 1,
    lng: 2,
    speedKmh: 0,
  });

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: LiveFeedStatus[] = [];
  const timers: (() => void)[] = [];
  const store = new LiveFleetStore();
  const feed = connectLiveFeed({
    url: 'ws://x/api/wslp',
    hello: () => ({ token: 't', digest: 'd' }),
    store,
    onStatus: (s) => statuses.push(s),
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => undefined,
  });
  return { sockets, statuses, timers, store, feed };
}

describe('connectLiveFeed', () => {
  it('asks for binary frames, applies the snapshot then binary updates', () => {
    const { sockets, statuses, store } = setup();
    const ws = sockets[0]!;
    expect(ws.binaryType).toBe('arraybuffer');
    ws.onopen?.();
    expect(JSON.parse(ws.sent[0]!)).toEqual({ token: 't', digest: 'd', format: 'binary' });
    ws.onmessage?.({ data: JSON.stringify({ type: 'Status', status: 'Ok' }) });
    expect(statuses).toEqual(['connecting']);
    ws.onmessage?.({
      data: JSON.stringify({ action: 'positions/update', payload: [last(1), last(2)] }),
    });
    expect(statuses.at(-1)).toBe('live');
    expect(store.count).toBe(2);
    const frame = encodeLiveFrame([
      { vehicleId: 2, fixTimeMs: 5, lat: 3, lng: 4, speedKmh: 10, heading: 0, statusCode: 3 },
    ]);
    ws.onmessage?.({ data: frame.buffer });
    expect(store.lat[store.slotOf(2)]).toBeCloseTo(3, 6);
  });

  it('reconnects after a drop; the new snapshot replaces the fleet', () => {
    const { sockets, statuses, timers, store } = setup();
    sockets[0]!.onmessage?.({
      data: JSON.stringify({ action: 'positions/update', payload: [last(1), last(2)] }),
    });
    sockets[0]!.onclose?.({ code: 1006 });
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(sockets).toHaveLength(2);
    sockets[1]!.onmessage?.({
      data: JSON.stringify({ action: 'positions/update', payload: [last(2)] }),
    });
    expect(store.count).toBe(1);
    expect(store.slotOf(1)).toBe(-1);
  });

  it('stops on an unauthorized close and when closed by the caller', () => {
    const a = setup();
    a.sockets[0]!.onclose?.({ code: 4401 });
    expect(a.statuses.at(-1)).toBe('unauthorized');
    expect(a.timers).toHaveLength(0);
    const b = setup();
    b.feed.close();
    expect(b.sockets[0]!.closedWith).toBe(1000);
    b.sockets[0]!.onclose?.({ code: 1000 });
    expect(b.timers).toHaveLength(0);
  });

  it('reconnects when the server dropped it for a late hello (a busy page, not a bad session)', () => {
    const { sockets, statuses, timers } = setup();
    sockets[0]!.onclose?.({ code: 4409 });
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(sockets).toHaveLength(2);
  });
});
