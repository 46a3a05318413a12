import { DEFAULT_UNITS, type Stop, type Trip } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatSpeed } from './travel-format';
import { mergeItems } from './trips-stops-list';

const trip = (id: number, startTime: number, endTime: number): Trip => ({
  id,
  startTime,
  endTime,
  start: { lat: 0, lng: 0 },
  end: { lat: 0, lng: 0 },
  distanceKm: 10,
  drivingS: 600,
  idleS: 0,
  fuelL: null,
  maxSpeedKmh: 90,
  avgSpeedKmh: 60,
  driverCode: null,
});
const stop = (id: number, startTime: number, endTime: number): Stop => ({
  id,
  startTime,
  endTime,
  lat: 0,
  lng: 0,
  ignitionOnS: 0,
});

describe('travel formatting', () => {
  it('writes durations in seconds, minutes or hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59.4)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(3599)).toBe('59 min');
    expect(formatDuration(3600 + 5 * 60)).toBe('1 h 05 min');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('shows speeds in the user’s unit and locale', () => {
    expect(formatSpeed(100, DEFAULT_UNITS, 'es')).toBe('100,0 km/h');
    expect(formatSpeed(160.9344, { ...DEFAULT_UNITS, speed: 'mi/h' }, 'en')).toBe('100.0 mi/h');
    expect(formatSpeed(null, DEFAULT_UNITS, 'en')).toBe('—');
  });

  it('lists trips and stops in time order', () => {
    const items = mergeItems(
      [trip(1, 100, 200), trip(2, 300, 400)],
      [stop(7, 200, 300), stop(6, 0, 100)],
    );
    expect(items.map((i) => `${i.kind}@${i.startTime}`)).toEqual([
      'stop@0',
      'trip@100',
      'stop@200',
      'trip@300',
    ]);
  });
});
