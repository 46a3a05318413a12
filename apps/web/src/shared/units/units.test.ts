import { describe, expect, it } from 'vitest';
import { convertFromBase, unitSymbol } from './units';

describe('unit conversion (domain.md §11)', () => {
  it('keeps base units unchanged', () => {
    expect(convertFromBase('volume', 100, 'lt')).toBe(100);
    expect(convertFromBase('distance', 100, 'km')).toBe(100);
    expect(convertFromBase('consumption', 32, 'l/100km')).toBe(32);
  });

  it('converts litres to gallons with 3.785 L per gallon', () => {
    expect(convertFromBase('volume', 3.785, 'gal')).toBeCloseTo(1, 10);
  });

  it('converts kilometres and km/h to miles', () => {
    expect(convertFromBase('distance', 1.609344, 'mi')).toBeCloseTo(1, 10);
    expect(convertFromBase('speed', 100, 'mi/h')).toBeCloseTo(62.137, 3);
  });

  it('converts consumption to km/l and mpg', () => {
    expect(convertFromBase('consumption', 25, 'km/l')).toBe(4);
    expect(convertFromBase('consumption', 25, 'mpg')).toBeCloseTo(9.408, 3);
    expect(convertFromBase('consumption', 0, 'km/l')).toBe(Number.POSITIVE_INFINITY);
  });

  it('converts mass, temperature and pressure', () => {
    expect(convertFromBase('mass', 1000, 'lbs')).toBeCloseTo(2204.62, 2);
    expect(convertFromBase('temperature', -40, 'F')).toBe(-40);
    expect(convertFromBase('temperature', 100, 'F')).toBe(212);
    expect(convertFromBase('pressure', 8, 'psi')).toBeCloseTo(116.03, 2);
  });

  it('names symbols', () => {
    expect(unitSymbol('temperature', 'C')).toBe('°C');
    expect(unitSymbol('volume', 'lt')).toBe('L');
    expect(unitSymbol('speed', 'mi/h')).toBe('mi/h');
  });
});
