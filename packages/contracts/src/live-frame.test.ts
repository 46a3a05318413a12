import { describe, expect, it } from 'vitest';
import { encodeLiveFrame, readLiveFrame, type LiveFrameEntry } from './live-frame.js';

describe('live binary frame', () => {
  it('round-trips entries to 1e-7 degrees, 0.1 km/h and whole degrees', () => {
    const entries: LiveFrameEntry[] = [
      {
        vehicleId: 7,
        fixTimeMs: 1_795_000_000_123,
        lat: -34.6037222,
        lng: -58.3815704,
        speedKmh: 87.3,
        heading: 271,
        statusCode: 3,
      },
      {
        vehicleId: 4_000_000_000,
        fixTimeMs: 0,
        lat: 89.9999999,
        lng: -179.9999999,
        speedKmh: null,
        heading: null,
        statusCode: 0,
      },
    ];
    const seen: LiveFrameEntry[] = [];
    const count = readLiveFrame(encodeLiveFrame(entries), (e) => seen.push({ ...e }));
    expect(count).toBe(2);
    expect(seen).toEqual(entries);
  });

  it('reads nothing from a frame of another version or a truncated one', () => {
    const frame = encodeLiveFrame([
      { vehicleId: 1, fixTimeMs: 1, lat: 0, lng: 0, speedKmh: 0, heading: 0, statusCode: 1 },
    ]);
    expect(readLiveFrame(frame.slice(0, 20), () => undefined)).toBe(0);
    const other = frame.slice();
    other[0] = 9;
    expect(readLiveFrame(other, () => undefined)).toBe(0);
  });
});
