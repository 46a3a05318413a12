import { describe, expect, it } from 'vitest';
import { indexLastInfo } from '../../shared/fleet/fleet-queries';
import { testLastInfo } from '../../shared/fleet/fleet-test-fixtures';
import { withLiveState } from './use-live-overlay';

describe('live state over the last-position poll', () => {
  const polled = indexLastInfo([
    testLastInfo(1, 'in-transit', { lastConnection: '2025-01-15T11:00:00.000Z', speedKmh: 70 }),
    testLastInfo(2, 'idling', { lastConnection: '2025-01-15T11:05:00.000Z' }),
    testLastInfo(3, 'undefined', { lastConnection: null }),
  ]);

  it('takes the feed’s status and time when its report is as recent or newer', () => {
    const merged = withLiveState(
      polled,
      new Map([
        [1, { status: 'off' as const, fixTimeMs: Date.parse('2025-01-15T11:02:00.000Z') }],
        [3, { status: 'idling' as const, fixTimeMs: Date.parse('2025-01-15T11:03:00.000Z') }],
        [9, { status: 'off' as const, fixTimeMs: 0 }],
      ]),
    );
    expect(merged.get(1)).toMatchObject({
      status: 'off',
      lastConnection: '2025-01-15T11:02:00.000Z',
      // Values the feed does not carry stay those of the poll.
      speedKmh: 70,
    });
    expect(merged.get(3)?.status).toBe('idling');
    // A vehicle the poll does not know is not invented.
    expect(merged.has(9)).toBe(false);
  });

  it('keeps the poll when it is newer than the feed', () => {
    const merged = withLiveState(
      polled,
      new Map([[2, { status: 'off' as const, fixTimeMs: Date.parse('2025-01-15T11:04:00.000Z') }]]),
    );
    expect(merged.get(2)?.status).toBe('idling');
    expect(merged.get(2)?.lastConnection).toBe('2025-01-15T11:05:00.000Z');
  });
});
