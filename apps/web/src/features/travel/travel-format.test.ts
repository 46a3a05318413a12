import { DEFAULT_UNITS, type Stop, type Trip } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatSpeed } from './travel-format';
import { mergeItems, tripFuelText } from './trips-stops-list';

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

  it('adds a trip’s fuel and consumption in the user’s units, nothing without a fuel counter', () => {
    const withFuel = { ...trip(1, 0, 1), distanceKm: 200, fuelL: 64 };
    expect(tripFuelText(withFuel, DEFAULT_UNITS, 'es')).toBe(' · 64,0 L · 32,0 l/100km');
    expect(tripFuelText(trip(2, 0, 1), DEFAULT_UNITS, 'es')).toBe('');
    expect(tripFuelText({ ...withFuel, fuelL: 0 }, DEFAULT_UNITS, 'en')).toBe('');
    expect(tripFuelText({ ...withFuel, distanceKm: 0.4 }, DEFAULT_UNITS, 'en')).toBe(' · 64.0 L');
  });
});
