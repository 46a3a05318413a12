// The agreement between a truck's motion and its tachograph's slots, on hand-made records.
import { describe, expect, it } from 'vitest';
import { WORKING_STATE } from './duty-records.js';
import { dutyMotionAgreement } from './duty-motion.js';
import type { SimRecord } from './sim-record.js';

const MIN = 60_000;
const { drive, rest, work } = WORKING_STATE;

/** Records every minute: [speed km/h, slot 1 state, slot 2 state (7: empty)]. */
function records(rows: readonly (readonly [number, number, number?])[]): SimRecord[] {
  return rows.map(
    ([speedKmh, s1, s2], i) =>
      ({
        fixTimeMs: i * MIN,
        speedKmh,
        driver1State: s1,
        driver2State: s2 ?? 7,
      }) as SimRecord,
  );
}

describe('dutyMotionAgreement', () => {
  it('counts moving records whose driving slot is not drive (either slot may drive)', () => {
    const a = dutyMotionAgreement(
      records([
        [80, drive],
        [80, rest],
        [80, work, drive],
        [3, rest],
        [80, rest],
      ]),
    );
    expect(a).toMatchObject({ records: 5, movingRecords: 4, movingNotDrive: 2 });
  });

  it('counts drive time within standstills longer than 10 minutes only', () => {
    // 5 min moving, 12 min standing with drive, 5 min moving, 8 min standing with drive, moving.
    const rows: [number, number][] = [];
    for (let i = 0; i < 5; i++) rows.push([80, drive]);
    for (let i = 0; i < 12; i++) rows.push([0, drive]);
    for (let i = 0; i < 5; i++) rows.push([80, drive]);
    for (let i = 0; i < 8; i++) rows.push([0, drive]);
    rows.push([80, drive]);
    const a = dutyMotionAgreement(records(rows));
    expect(a.driveMs).toBe(30 * MIN);
    expect(a.driveStandingMs).toBe(12 * MIN);
  });

  it('ends a standstill at the last record', () => {
    const a = dutyMotionAgreement(records(Array.from({ length: 20 }, () => [0, drive] as const)));
    expect(a.driveMs).toBe(19 * MIN);
    expect(a.driveStandingMs).toBe(19 * MIN);
  });
});
