import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';
import { fromWallClockDate, toWallClockDate } from './wall-clock';

describe('wall-clock dates for the pickers (user offset, not the browser zone)', () => {
  const instant = Date.UTC(2026, 10, 24, 11, 41, 7); // 24/11/2026 11:41:07 UTC

  it("reads the user's time in the local fields, whatever the offset", () => {
    for (const offset of [-3, 0, 5.5, 14]) {
      const wall = toWallClockDate(instant, offset);
      const pad = (n: number) => String(n).padStart(2, '0');
      const shown = `${pad(wall.getDate())}/${pad(wall.getMonth() + 1)}/${wall.getFullYear()} ${pad(wall.getHours())}:${pad(wall.getMinutes())}:${pad(wall.getSeconds())}`;
      expect(shown).toBe(formatDateTime(instant, 'es', offset));
      expect(fromWallClockDate(wall, offset)).toBe(instant);
    }
  });

  it('crosses the day at the offset', () => {
    const wall = toWallClockDate(Date.UTC(2026, 0, 1, 1, 0, 0), -3);
    expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours()]).toEqual([
      2025, 11, 31, 22,
    ]);
  });

  it('gives null for no date or an invalid one (a half-typed field)', () => {
    expect(fromWallClockDate(null, 0)).toBeNull();
    expect(fromWallClockDate(new Date(Number.NaN), 0)).toBeNull();
  });
});
