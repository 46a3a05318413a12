// Does a truck move as its drivers' tachograph says (issue 26, decision 0048)? Over a truck's
// records (oldest first, with the tachograph slots), the share of moving records whose driving slot
// is not `drive`, and the share of `drive` time spent standing still for longer than a while. A
// fleet operator sees both at once next to the map: a truck at 80 km/h whose driver rests, or a
// truck parked for an hour whose driver drives.

import { WORKING_STATE } from './duty-records.js';
import type { SimRecord } from './sim-record.js';

/** A record moves above this speed. */
export const MOVING_KMH = 5;
/** A standstill longer than this while a slot says `drive` counts against the plan. */
export const STANDING_DRIVE_MS = 10 * 60_000;

/** How well a truck's motion and its tachograph's slots agree. */
export interface DutyMotionAgreement {
  records: number;
  movingRecords: number;
  /** Moving records with no slot at `drive`. */
  movingNotDrive: number;
  /** Time with a slot at `drive`, and of it the time within standstills longer than STANDING_DRIVE_MS. */
  driveMs: number;
  driveStandingMs: number;
}

const isDrive = (r: SimRecord): boolean =>
  r.driver1State === WORKING_STATE.drive || r.driver2State === WORKING_STATE.drive;

/**
 * Measures the agreement over `records` (oldest first). A record's slots hold until the next
 * record; a standstill runs from the first record at or below MOVING_KMH to the next moving one.
 */
export function dutyMotionAgreement(records: readonly SimRecord[]): DutyMotionAgreement {
  const out: DutyMotionAgreement = {
    records: records.length,
    movingRecords: 0,
    movingNotDrive: 0,
    driveMs: 0,
    driveStandingMs: 0,
  };
  let standFrom = -1;
  let standDriveMs = 0;
  const endStandstill = (atMs: number): void => {
    if (standFrom >= 0 && atMs - standFrom > STANDING_DRIVE_MS) out.driveStandingMs += standDriveMs;
    standFrom = -1;
    standDriveMs = 0;
  };
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const moving = r.speedKmh > MOVING_KMH;
    if (moving) {
      out.movingRecords += 1;
      if (!isDrive(r)) out.movingNotDrive += 1;
      endStandstill(r.fixTimeMs);
    } else if (standFrom < 0) standFrom = r.fixTimeMs;
    const next = records[i + 1];
    if (next === undefined || !isDrive(r)) continue;
    const spanMs = next.fixTimeMs - r.fixTimeMs;
    out.driveMs += spanMs;
    if (!moving) standDriveMs += spanMs;
  }
  const last = records.at(-1);
  if (last) endStandstill(last.fixTimeMs);
  return out;
}
