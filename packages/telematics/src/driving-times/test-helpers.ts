// Builders of hand-written activity timelines for the engine's tests (hours from a fixed Monday).
import { EU_561_2006, infringementsIn } from './index.js';
import type { ActivityInterval, DriverActivityKind, DrivingRule, Infringement } from './types.js';

/** Monday 5 January 2026, 00:00 UTC. */
export const MONDAY_MS = Date.UTC(2026, 0, 5);
export const H_MS = 3_600_000;
export const at = (hours: number): number => MONDAY_MS + hours * H_MS;

export type Step = readonly [DriverActivityKind, number];

/** Contiguous intervals from `startH` (hours after MONDAY), each `[kind, hours]`. */
export function timeline(startH: number, steps: readonly Step[]): ActivityInterval[] {
  const out: ActivityInterval[] = [];
  let t = at(startH);
  for (const [kind, hours] of steps) {
    const endMs = t + Math.round(hours * H_MS);
    out.push({ kind, startMs: t, endMs });
    t = endMs;
  }
  return out;
}

/** A working day of `drivingH` hours: blocks of at most 4 h 30 with 45 min breaks, then `restH` of rest. */
export function day(drivingH: number, restH: number): Step[] {
  const steps: Step[] = [];
  let left = drivingH;
  while (left > 0) {
    const block = Math.min(4.5, left);
    steps.push(['drive', block]);
    left -= block;
    if (left > 0) steps.push(['rest', 0.75]);
  }
  steps.push(['rest', restH]);
  return steps;
}

/** Hours of `day(drivingH, …)` before its rest. */
export function dutyHours(drivingH: number): number {
  return drivingH + Math.max(0, Math.ceil(drivingH / 4.5) - 1) * 0.75;
}

/** A day of `drivingH` hours filling 24 h (the rest after it takes the remainder). */
export const fullDay = (drivingH: number): Step[] => day(drivingH, 24 - dutyHours(drivingH));

/** Every EU infringement of the record (of one rule when given). */
export function judged(activities: ActivityInterval[], rule?: DrivingRule): Infringement[] {
  const all = infringementsIn(activities, EU_561_2006, -Infinity, Infinity);
  return rule ? all.filter((f) => f.rule === rule) : all;
}
