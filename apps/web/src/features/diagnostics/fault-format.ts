import type { FaultRow, FaultSeverityValue } from '@rumbo/contracts';

/** The MUI palette colour of each severity (chips, timeline bars). */
export const SEVERITY_COLOR: Record<FaultSeverityValue, 'error' | 'warning' | 'info' | 'success'> =
  {
    critical: 'error',
    warning: 'warning',
    emissions: 'info',
    info: 'success',
  };

/** How long an episode lasted (to `nowMs` while open), seconds. */
export function faultDurationS(f: FaultRow, nowMs: number): number {
  return Math.max(0, ((f.end?.time ?? nowMs) - f.start.time) / 1000);
}

/** The lamps that were on, in J1939's order. */
export function litLamps(f: FaultRow): ('mil' | 'redStop' | 'amber' | 'protect')[] {
  return (['redStop', 'amber', 'mil', 'protect'] as const).filter((lamp) => f.lamps[lamp]);
}

/** A bar of the timeline: where it starts and how wide it is, as fractions of the period. */
export function barOf(
  startMs: number,
  endMs: number,
  fromMs: number,
  toMs: number,
): { left: number; width: number } | null {
  const span = toMs - fromMs;
  if (span <= 0 || endMs < fromMs || startMs >= toMs) return null;
  const a = Math.max(startMs, fromMs);
  const b = Math.min(endMs, toMs);
  const left = (a - fromMs) / span;
  // At least a sliver, so a fault of minutes in a month stays visible.
  return { left, width: Math.max((b - a) / span, 0.004) };
}
