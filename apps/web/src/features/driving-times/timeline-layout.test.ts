import { describe, expect, it } from 'vitest';
import { activity } from '../../shared/driving-times/driving-times-fixtures';
import { dayTotals, hourTicks, timelineDays } from './timeline-layout';

const at = (iso: string) => Date.parse(iso);
const DAY_START = at('2025-01-14T00:00:00.000Z');
const DAY_END = at('2025-01-16T00:00:00.000Z');

describe('24-hour activity chart layout', () => {
  it('places each interval on its lane as fractions of the day, gaps as unknown', () => {
    const days = timelineDays(
      [
        activity('rest', '2025-01-14T00:00:00.000Z', '2025-01-14T06:00:00.000Z'),
        activity('drive', '2025-01-14T06:00:00.000Z', '2025-01-14T10:30:00.000Z'),
        activity('work', '2025-01-14T10:30:00.000Z', '2025-01-14T11:15:00.000Z'),
        // 11:15–12:00 nothing: card out.
        activity('available', '2025-01-14T12:00:00.000Z', '2025-01-14T18:00:00.000Z'),
      ],
      DAY_START,
      at('2025-01-15T00:00:00.000Z'),
      at('2025-01-14T18:00:00.000Z'),
      0,
    );
    expect(days).toHaveLength(1);
    const bars = days[0]!.bars.map((b) => [b.kind, b.lane, b.x0, b.x1]);
    expect(bars).toEqual([
      ['rest', 0, 0, 0.25],
      ['drive', 3, 0.25, 10.5 / 24],
      ['work', 2, 10.5 / 24, 11.25 / 24],
      ['unknown', null, 11.25 / 24, 0.5],
      ['available', 1, 0.5, 0.75],
    ]);
    expect(days[0]!.day).toBe('2025-01-14');
    // Nothing after now: the evening is left blank, not unknown.
    expect(dayTotals(days[0]!)).toEqual({
      rest: 6 * 3600,
      drive: 4.5 * 3600,
      work: 0.75 * 3600,
      unknown: 0.75 * 3600,
      available: 6 * 3600,
    });
  });

  it('cuts an interval across midnight into both days, in the user zone', () => {
    // UTC−3: a rest from 22:00 to 07:00 local is 01:00–10:00 UTC.
    const days = timelineDays(
      [activity('rest', '2025-01-15T01:00:00.000Z', '2025-01-15T10:00:00.000Z')],
      at('2025-01-14T03:00:00.000Z'),
      at('2025-01-16T03:00:00.000Z'),
      at('2025-01-15T10:00:00.000Z'),
      -3,
    );
    expect(days.map((d) => d.day)).toEqual(['2025-01-14', '2025-01-15']);
    const rest = days.map((d) => d.bars.find((b) => b.kind === 'rest'));
    expect(rest[0]).toMatchObject({ x0: 22 / 24, x1: 1 });
    expect(rest[1]).toMatchObject({ x0: 0, x1: 7 / 24, activity: 0 });
    // Before 22:00 on the first day nothing was known.
    expect(days[0]!.bars[0]).toMatchObject({ kind: 'unknown', x0: 0, x1: 22 / 24 });
  });

  it('runs an open interval to now and draws nothing after it', () => {
    const days = timelineDays(
      [activity('drive', '2025-01-15T08:00:00.000Z', null)],
      at('2025-01-15T08:00:00.000Z'),
      DAY_END,
      at('2025-01-15T09:30:00.000Z'),
      0,
    );
    expect(days[0]!.bars).toEqual([
      expect.objectContaining({ kind: 'drive', x0: 8 / 24, x1: 9.5 / 24 }),
    ]);
  });

  it('gives a clock-change day its 25 hours', () => {
    // Europe/Madrid, 26 October 2025: 25 hours; 12:00 local is 13 of 25 hours in.
    const from = at('2025-10-25T22:00:00.000Z');
    const days = timelineDays(
      [activity('drive', '2025-10-26T11:00:00.000Z', '2025-10-26T12:00:00.000Z')],
      from,
      at('2025-10-26T23:00:00.000Z'),
      at('2025-10-27T00:00:00.000Z'),
      'Europe/Madrid',
    );
    expect(days).toHaveLength(1);
    const drive = days[0]!.bars.find((b) => b.kind === 'drive');
    expect(drive?.x0).toBeCloseTo(13 / 25);
    expect(drive?.x1).toBeCloseTo(14 / 25);
  });

  it('marks the axis every two hours from 00 to 24', () => {
    expect(hourTicks()).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
  });
});
