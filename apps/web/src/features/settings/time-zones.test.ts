import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones';

describe('time zone choices', () => {
  it('offers IANA zones with their offset at that date, and keeps an old fixed offset', () => {
    const winter = timeZoneOptions('Europe/Madrid', Date.UTC(2026, 0, 15));
    const summer = timeZoneOptions('Europe/Madrid', Date.UTC(2026, 6, 15));
    expect(winter.find((o) => o.value === 'Europe/Madrid')?.label).toBe(
      'Europe/Madrid (UTC+01:00)',
    );
    expect(summer.find((o) => o.value === 'Europe/Madrid')?.label).toBe(
      'Europe/Madrid (UTC+02:00)',
    );
    expect(winter.some((o) => String(o.value).includes('Buenos_Aires'))).toBe(true);
    // A valid alias the browser lists under another name stays the current choice.
    const alias = timeZoneOptions('America/Argentina/Buenos_Aires', Date.UTC(2026, 0, 15));
    expect(alias.find((o) => o.value === 'America/Argentina/Buenos_Aires')?.label).toBe(
      'America/Argentina/Buenos Aires (UTC−03:00)',
    );
    expect(winter.every((o) => typeof o.value === 'string')).toBe(true);
    const old = timeZoneOptions(-3, Date.UTC(2026, 0, 15));
    expect(old[0]).toEqual({ value: -3, label: 'UTC−03:00' });
  });
});
