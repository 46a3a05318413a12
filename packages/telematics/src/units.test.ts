import { describe, expect, it } from 'vitest';
import {
  convertConsumption,
  convertDistance,
  convertMass,
  convertPressure,
  convertSpeed,
  convertTemperature,
  convertVolume,
  consumptionToLPer100Km,
  distanceToKm,
  formatDate,
  formatDateTime,
  formatNumber,
  formatQuantity,
  formatTime,
  massToKg,
  pressureToBar,
  speedToKmh,
  temperatureToCelsius,
  volumeToLitres,
} from './units.js';

describe('unit conversion', () => {
  it('leaves metric values unchanged', () => {
    expect(convertVolume(10, 'lt')).toBe(10);
    expect(convertDistance(10, 'km')).toBe(10);
    expect(convertConsumption(32, 'l/100km')).toBe(32);
    expect(convertMass(10, 'kg')).toBe(10);
    expect(convertSpeed(90, 'km/h')).toBe(90);
    expect(convertTemperature(-18, 'C')).toBe(-18);
    expect(convertPressure(8, 'bar')).toBe(8);
  });

  it('uses the product factors 3.785 L/gal and 1.609344 km/mi', () => {
    expect(convertVolume(3.785, 'gal')).toBeCloseTo(1);
    expect(convertDistance(1.609344, 'mi')).toBeCloseTo(1);
    expect(convertSpeed(100, 'mi/h')).toBeCloseTo(62.137, 3);
  });

  it('converts consumption to km/l and US mpg, undefined for zero', () => {
    expect(convertConsumption(25, 'km/l')).toBeCloseTo(4);
    expect(convertConsumption(32, 'mpg')).toBeCloseTo(7.35, 2);
    expect(convertConsumption(0, 'mpg')).toBeUndefined();
    expect(convertConsumption(0, 'km/l')).toBeUndefined();
  });

  it('converts mass, temperature and pressure', () => {
    expect(convertMass(1, 'lbs')).toBeCloseTo(2.20462, 5);
    expect(convertTemperature(100, 'F')).toBe(212);
    expect(convertTemperature(-40, 'F')).toBe(-40);
    expect(convertPressure(1, 'psi')).toBeCloseTo(14.5038, 4);
  });

  it('inverts every conversion', () => {
    expect(volumeToLitres(convertVolume(123, 'gal'), 'gal')).toBeCloseTo(123);
    expect(distanceToKm(convertDistance(123, 'mi'), 'mi')).toBeCloseTo(123);
    expect(speedToKmh(convertSpeed(123, 'mi/h'), 'mi/h')).toBeCloseTo(123);
    expect(consumptionToLPer100Km(convertConsumption(31, 'mpg')!, 'mpg')).toBeCloseTo(31);
    expect(consumptionToLPer100Km(convertConsumption(31, 'km/l')!, 'km/l')).toBeCloseTo(31);
    expect(massToKg(convertMass(123, 'lbs'), 'lbs')).toBeCloseTo(123);
    expect(temperatureToCelsius(convertTemperature(-18, 'F'), 'F')).toBeCloseTo(-18);
    expect(pressureToBar(convertPressure(8.5, 'psi'), 'psi')).toBeCloseTo(8.5);
  });
});

describe('formatting', () => {
  it('shows one fraction digit in the user locale', () => {
    expect(formatNumber(12345.678, 'en')).toBe('12,345.7');
    expect(formatNumber(12345.678, 'es')).toBe('12.345,7');
    expect(formatQuantity(12.34, 'lt', 'es')).toBe('12,3 L');
  });

  it('formats dates per language at the user offset', () => {
    const t = Date.UTC(2025, 11, 31, 23, 30, 5);
    expect(formatDate(t, 'es', 0)).toBe('31/12/2025');
    expect(formatDate(t, 'en', 0)).toBe('12/31/2025');
    expect(formatDate(t, 'es', 1)).toBe('01/01/2026');
    expect(formatTime(t, -3)).toBe('20:30:05');
    expect(formatTime(t, 5.5)).toBe('05:00:05');
    expect(formatDateTime(t, 'en', -3)).toBe('12/31/2025 20:30:05');
  });
});
