import { describe, expect, it } from 'vitest';
import {
  addZonedDays,
  instantOfWallClock,
  isIanaTimeZone,
  startOfZonedDay,
  zoneOffsetMs,
} from './time-zone.js';
import { timeZoneSchema } from './time-zone-schema.js';
import { userConfigSchema } from './user.js';

const H = 3_600_000;
const MADRID = 'Europe/Madrid';

describe('time zones', () => {
  it('accepts IANA names and, for old clients, a number read as a fixed offset', () => {
    expect(timeZoneSchema.safeParse('Europe/Madrid').success).toBe(true);
    expect(timeZoneSchema.safeParse('America/Argentina/Buenos_Aires').success).toBe(true);
    expect(timeZoneSchema.safeParse('UTC').success).toBe(true);
    expect(timeZoneSchema.safeParse(-3).success).toBe(true);
    expect(timeZoneSchema.safeParse(5.5).success).toBe(true);
    expect(timeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
    expect(timeZoneSchema.safeParse('+02:00').success).toBe(false);
    expect(timeZoneSchema.safeParse(15).success).toBe(false);
    expect(isIanaTimeZone('not a zone')).toBe(false);
    expect(userConfigSchema.shape.timeZone.safeParse('Europe/Madrid').success).toBe(true);
    expect(zoneOffsetMs(-3, Date.UTC(2026, 6, 1))).toBe(-3 * H);
  });

  it('follows Madrid across the spring change (last Sunday of March: 02:00 → 03:00)', () => {
    // 2026-03-29: 01:00 UTC is the change.
    expect(zoneOffsetMs(MADRID, Date.UTC(2026, 2, 29, 0, 59))).toBe(1 * H);
    expect(zoneOffsetMs(MADRID, Date.UTC(2026, 2, 29, 1, 0))).toBe(2 * H);
    const dayStart = startOfZonedDay(MADRID, Date.UTC(2026, 2, 29, 12));
    expect(dayStart).toBe(Date.UTC(2026, 2, 28, 23));
    const next = addZonedDays(MADRID, dayStart, 1);
    expect(next).toBe(Date.UTC(2026, 2, 29, 22));
    expect(next - dayStart).toBe(23 * H);
    // 02:30 does not exist that night: read as 03:30 CEST.
    expect(instantOfWallClock(MADRID, Date.UTC(2026, 2, 29, 2, 30))).toBe(
      Date.UTC(2026, 2, 29, 1, 30),
    );
  });

  it('follows Madrid across the autumn change (last Sunday of October: 03:00 → 02:00)', () => {
    const dayStart = startOfZonedDay(MADRID, Date.UTC(2026, 9, 25, 12));
    expect(dayStart).toBe(Date.UTC(2026, 9, 24, 22));
    expect(addZonedDays(MADRID, dayStart, 1) - dayStart).toBe(25 * H);
    // 02:30 happens twice: the first one (CEST, 00:30 UTC).
    expect(instantOfWallClock(MADRID, Date.UTC(2026, 9, 25, 2, 30))).toBe(
      Date.UTC(2026, 9, 25, 0, 30),
    );
    expect(instantOfWallClock(MADRID, Date.UTC(2026, 9, 25, 12))).toBe(Date.UTC(2026, 9, 25, 11));
  });

  it('a fixed offset never changes', () => {
    expect(startOfZonedDay(-3, Date.UTC(2026, 2, 29, 12))).toBe(Date.UTC(2026, 2, 29, 3));
    expect(addZonedDays(-3, Date.UTC(2026, 2, 29, 3), 1)).toBe(Date.UTC(2026, 2, 30, 3));
  });
});
