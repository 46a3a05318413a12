import { DEFAULT_UNITS } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  axisTickFormatter,
  formatDate,
  formatDateTime,
  formatFileStamp,
  formatMeasure,
  formatNumber,
  formatOffset,
  formatTime,
} from './format';

// 2025-03-04 02:05:09 UTC
const T = Date.UTC(2025, 2, 4, 2, 5, 9);

describe('formatting (spec §9)', () => {
  it('shows one fraction digit in the language locale', () => {
    expect(formatNumber(12.345, 'es')).toBe('12,3');
    expect(formatNumber(12.345, 'en')).toBe('12.3');
    expect(formatNumber(7, 'es')).toBe('7,0');
    expect(formatNumber(12345.67, 'en')).toBe('12,345.7');
    expect(formatNumber(Number.NaN, 'es')).toBe('—');
  });

  it('formats dates dd/MM/yyyy in Spanish and MM/dd/yyyy in English', () => {
    expect(formatDate(T, 'es', 0)).toBe('04/03/2025');
    expect(formatDate(T, 'en', 0)).toBe('03/04/2025');
  });

  it("applies the user's UTC offset, crossing midnight", () => {
    expect(formatDateTime(T, 'es', -3)).toBe('03/03/2025 23:05:09');
    expect(formatTime(T, 5.5)).toBe('07:35:09');
    expect(formatFileStamp(T, 0)).toBe('20250304_020509');
  });

  it('writes offsets as UTC±HH:MM', () => {
    expect(formatOffset(-3)).toBe('UTC−03:00');
    expect(formatOffset(5.75)).toBe('UTC+05:45');
    expect(formatOffset(0)).toBe('UTC+00:00');
  });

  it("converts measures to the user's units", () => {
    expect(formatMeasure('distance', 160.9344, DEFAULT_UNITS, 'es')).toBe('160,9 km');
    expect(formatMeasure('distance', 160.9344, { ...DEFAULT_UNITS, distance: 'mi' }, 'en')).toBe(
      '100.0 mi',
    );
    expect(formatMeasure('temperature', 20, { ...DEFAULT_UNITS, temperature: 'F' }, 'en')).toBe(
      '68.0 °F',
    );
  });
});

describe('times in an IANA zone across daylight saving (Europe/Madrid)', () => {
  it('shows the same UTC hour one hour later after the spring change, and back in autumn', () => {
    // 2026-03-29 00:30 UTC is 01:30 CET; 01:30 UTC is 03:30 CEST.
    expect(formatTime(Date.UTC(2026, 2, 29, 0, 30), 'Europe/Madrid')).toBe('01:30:00');
    expect(formatTime(Date.UTC(2026, 2, 29, 1, 30), 'Europe/Madrid')).toBe('03:30:00');
    // 2026-10-25 00:30 UTC is 02:30 CEST; 01:30 UTC is 02:30 CET (the hour repeats).
    expect(formatTime(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Madrid')).toBe('02:30:00');
    expect(formatTime(Date.UTC(2026, 9, 25, 1, 30), 'Europe/Madrid')).toBe('02:30:00');
    expect(formatDateTime(Date.UTC(2026, 9, 24, 22, 30), 'es', 'Europe/Madrid')).toBe(
      '25/10/2026 00:30:00',
    );
    // A number is still a fixed offset.
    expect(formatTime(Date.UTC(2026, 6, 1, 12), -3)).toBe('09:00:00');
  });
});

describe('chart axis ticks', () => {
  it('reads whole numbers, compact once the data reach 8,000, so a phone axis never cuts them', () => {
    expect(axisTickFormatter(950, 'es')(900)).toBe('900');
    const es = axisTickFormatter(12_400, 'es');
    expect([0, 5_000, 10_000, 12_500].map((v) => es(v).replace('\u00a0', ' '))).toEqual([
      '0',
      '5 mil',
      '10 mil',
      '12,5 mil',
    ]);
    const en = axisTickFormatter(12_400, 'en');
    expect([5_000, 10_000, 12_500].map(en)).toEqual(['5K', '10K', '12.5K']);
    for (const label of [...[10_000, 15_000, 20_000].map(es), ...[10_000, 20_000].map(en)])
      expect(label.length).toBeLessThanOrEqual(8);
  });
});
