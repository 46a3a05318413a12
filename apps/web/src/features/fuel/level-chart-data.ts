import type { FuelEvent, FuelLevelPoint } from '@rumbo/contracts';

/** Below this speed a reading counts as standing still (the detector's standstill, 0023). */
export const STANDSTILL_KMH = 3;

/** What the level chart draws, in the user's volume unit; times in epoch seconds (uPlot). */
export interface LevelChartData {
  /** Every instant of a reading or an evidence sample, ascending. */
  xs: number[];
  /** The raw level at each instant (null where only evidence was kept). */
  levels: (number | null)[];
  /** The detector's evidence at each instant (null elsewhere). */
  evidence: (number | null)[];
  /** Stretches where the vehicle stood still, [from, to] in seconds. */
  stops: [number, number][];
  before: number | null;
  after: number | null;
  /** The change, [start, end] in seconds. */
  event: [number, number];
  /** The y range: every value and both lines, padded. */
  range: [number, number];
}

/**
 * Joins the raw readings around an event and the evidence the detector kept (their instants need
 * not match) on one time axis, with the standstill stretches, converting litres with `toUnit`.
 */
export function levelChartData(
  levels: readonly FuelLevelPoint[],
  event: Pick<FuelEvent, 'start' | 'end' | 'samples' | 'levelBeforeL' | 'levelAfterL'>,
  toUnit: (litres: number) => number,
): LevelChartData {
  const byTime = new Map<number, { level: number | null; evidence: number | null }>();
  const at = (t: number) => {
    let entry = byTime.get(t);
    if (!entry) byTime.set(t, (entry = { level: null, evidence: null }));
    return entry;
  };
  for (const p of levels) if (p.litres !== null) at(p.t).level = toUnit(p.litres);
  for (const s of event.samples) at(s.t).evidence = toUnit(s.litres);
  const times = [...byTime.keys()].sort((a, b) => a - b);
  const stops: [number, number][] = [];
  let stopFrom: number | null = null;
  let last: number | null = null;
  for (const p of levels) {
    const still = p.speed !== null && p.speed < STANDSTILL_KMH;
    if (still && stopFrom === null) stopFrom = p.t;
    if (!still && stopFrom !== null) {
      stops.push([stopFrom / 1000, p.t / 1000]);
      stopFrom = null;
    }
    last = p.t;
  }
  if (stopFrom !== null && last !== null) stops.push([stopFrom / 1000, last / 1000]);
  const before = event.levelBeforeL === null ? null : toUnit(event.levelBeforeL);
  const after = event.levelAfterL === null ? null : toUnit(event.levelAfterL);
  const values = [
    ...times.flatMap((t) => [byTime.get(t)!.level, byTime.get(t)!.evidence]),
    before,
    after,
  ].filter((v): v is number => v !== null);
  const low = values.length ? Math.min(...values) : 0;
  const high = values.length ? Math.max(...values) : 1;
  const pad = Math.max((high - low) * 0.1, 1);
  return {
    xs: times.map((t) => t / 1000),
    levels: times.map((t) => byTime.get(t)!.level),
    evidence: times.map((t) => byTime.get(t)!.evidence),
    stops,
    before,
    after,
    event: [event.start / 1000, (event.end ?? event.start) / 1000],
    range: [Math.max(0, low - pad), high + pad],
  };
}
