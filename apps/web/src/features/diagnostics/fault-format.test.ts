import { describe, expect, it } from 'vitest';
import { barOf } from './fault-format';
import { faultsPath } from './diagnostics-api';

describe('fault diagnostics helpers', () => {
  it('places a bar in the period, clipped at its ends, never thinner than a sliver', () => {
    expect(barOf(150, 250, 100, 300)).toEqual({ left: 0.25, width: 0.5 });
    expect(barOf(0, 200, 100, 300)).toEqual({ left: 0, width: 0.5 });
    expect(barOf(250, 400, 100, 300)).toEqual({ left: 0.75, width: 0.25 });
    expect(barOf(200, 200, 100, 300)).toEqual({ left: 0.5, width: 0.004 });
    expect(barOf(0, 50, 100, 300)).toBeNull();
    expect(barOf(300, 400, 100, 300)).toBeNull();
  });

  it('asks only for the filters that are set', () => {
    const base = {
      fromMs: 1,
      toMs: 2,
      status: 'all',
      severity: '',
      vehicleId: null,
      groupId: null,
    } as const;
    expect(faultsPath(base)).toBe('rest/diagnostics/faults?from=1&to=2');
    expect(
      faultsPath({ ...base, status: 'open', severity: 'critical', vehicleId: 7, groupId: 3 }),
    ).toBe(
      'rest/diagnostics/faults?from=1&to=2&status=open&severity%5B%5D=critical&vids%5B%5D=7&gids%5B%5D=3',
    );
  });
});
