import { encodeLiveFrame, type LastInfo } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  FLAG_HIDDEN,
  FLAG_SELECTED,
  GL_STRIDE,
  LiveFleetStore,
  mercatorX,
  mercatorY,
} from './live-fleet-store';

const info = (id: number, patch: Partial<LastInfo> = {}): LastInfo => ({
  idvehiculo: id,
  plate: `TRK-${id}`,
  lastConnection: '2026-11-22T02:00:00.000Z',
  status: 'in-transit',
  statusCode: 3,
  lat: -34.6,
  lng: -58.4,
  speedKmh: 60,
  heading: 90,
  implementos: null,
  marca: 'Scania',
  modelo: 'R450',
  modelyear: 2022,
  fms1: { odometro: null, ureaLevel: null },
  fms4: { engineHours: null },
  driverCode: null,
  ...patch,
});

describe('LiveFleetStore', () => {
  it('applies the JSON snapshot into typed arrays', () => {
    const store = new LiveFleetStore(2);
    store.applyJson([info(7), info(9, { lat: null, lng: null, statusCode: 0 })]);
    expect(store.count).toBe(2);
    const a = store.slotOf(7);
    expect(store.lat[a]).toBeCloseTo(-34.6, 9);
    expect(store.lng[a]).toBeCloseTo(-58.4, 9);
    expect(store.status[a]).toBe(3);
    expect(store.located[a]).toBe(1);
    expect(store.info[a]?.plate).toBe('TRK-7');
    expect(store.fixTime[a]).toBe(Date.parse('2026-11-22T02:00:00.000Z'));
    // Without a position the vehicle is listed but not drawn.
    const b = store.slotOf(9);
    expect(store.located[b]).toBe(0);
    expect(store.gl[b * GL_STRIDE + 6]! & FLAG_HIDDEN).toBe(FLAG_HIDDEN);
  });

  it('keeps mercator positions exact to centimetres through the high/low split', () => {
    const store = new LiveFleetStore();
    store.applyJson([info(1, { lat: 45.1234567, lng: 7.7654321 })]);
    const g = store.gl;
    const x = g[0]! + g[2]!;
    const y = g[1]! + g[3]!;
    expect(Math.abs(x - mercatorX(7.7654321)) * 40_075_000).toBeLessThan(0.01);
    expect(Math.abs(y - mercatorY(45.1234567)) * 40_075_000).toBeLessThan(0.01);
    // Float32 alone would be off by metres.
    expect(Math.abs(g[0]! - mercatorX(7.7654321)) * 40_075_000).toBeGreaterThan(0.01);
  });

  it('applies binary frames in place, growing for new vehicles and marking the dirty range', () => {
    const store = new LiveFleetStore(2);
    store.applyJson([info(1), info(2), info(3)]);
    expect(store.capacity).toBeGreaterThanOrEqual(3);
    store.takeDirty();
    const frame = encodeLiveFrame([
      {
        vehicleId: 2,
        fixTimeMs: 1_000,
        lat: 10.5,
        lng: 20.25,
        speedKmh: 42.5,
        heading: 180,
        statusCode: 4,
      },
      {
        vehicleId: 99,
        fixTimeMs: 2_000,
        lat: -1,
        lng: -2,
        speedKmh: null,
        heading: null,
        statusCode: 2,
      },
    ]);
    let notified = 0;
    store.subscribe(() => notified++);
    const before = store.structure;
    expect(store.applyBinary(frame.buffer as ArrayBuffer)).toBe(2);
    expect(notified).toBe(1);
    const s2 = store.slotOf(2);
    expect(store.lat[s2]).toBeCloseTo(10.5, 7);
    expect(store.lng[s2]).toBeCloseTo(20.25, 7);
    expect(store.status[s2]).toBe(4);
    expect(store.gl[s2 * GL_STRIDE + 4]).toBe(180);
    expect(store.gl[s2 * GL_STRIDE + 7]).toBeCloseTo(42.5, 5);
    // A vehicle first seen in a binary frame gets a placeholder plate until the next snapshot.
    const s99 = store.slotOf(99);
    expect(store.info[s99]?.plate).toBe('#99');
    expect(store.gl[s99 * GL_STRIDE + 4]).toBe(-1);
    expect(store.gl[s99 * GL_STRIDE + 7]).toBe(-1);
    expect(store.structure).toBeGreaterThan(before);
    expect(store.takeDirty()).toEqual({ from: s2, to: s99 });
    expect(store.takeDirty()).toBeNull();
  });

  it('ignores frames of another version or too short', () => {
    const store = new LiveFleetStore();
    expect(store.applyBinary(new Uint8Array([2, 1, 0, 0, 1, 0, 0, 0]))).toBe(0);
    expect(store.applyBinary(new Uint8Array(3))).toBe(0);
    expect(store.count).toBe(0);
  });

  it('hides and selects slots without losing the other flag', () => {
    const store = new LiveFleetStore();
    store.applyJson([info(1), info(2)]);
    store.select(1);
    store.setHidden(new Uint8Array([1, 0]));
    expect(store.gl[6]! & FLAG_HIDDEN).toBe(FLAG_HIDDEN);
    expect(store.gl[GL_STRIDE + 6]).toBe(FLAG_SELECTED);
    store.select(-1);
    expect(store.gl[GL_STRIDE + 6]).toBe(0);
    store.clear();
    expect(store.count).toBe(0);
    expect(store.slotOf(1)).toBe(-1);
  });
});
