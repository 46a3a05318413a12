import type { HistoryPoint } from '@rumbo/contracts';

/** Replay speeds offered: route seconds per real second. */
export const REPLAY_SPEEDS = [1, 10, 30, 60, 120, 300, 600] as const;
export const DEFAULT_REPLAY_SPEED = 60;
/** Between records further apart than this the vehicle is held at the first (no straight guess). */
export const MAX_INTERPOLATION_GAP_MS = 15 * 60_000;
/** Below this the vehicle counts as stopped for skipping (domain.md §2: stopped < 3 km/h). */
export const STOPPED_KMH = 3;
/** Stops shorter than this are replayed, not skipped. */
export const MIN_SKIPPED_STOP_MS = 2 * 60_000;

/** Where the vehicle is at an instant of the route. */
export interface RouteSample {
  timeMs: number;
  lat: number;
  lng: number;
  headingDeg: number;
  speedKmh: number | null;
  /** Index of the last record at or before the instant. */
  index: number;
}

/** Index of the last point with `t <= timeMs` (0 before the first). */
export function indexAt(points: readonly HistoryPoint[], timeMs: number): number {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0 || timeMs <= points[0]!.t) return 0;
  if (timeMs >= points[hi]!.t) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.t <= timeMs) lo = mid;
    else hi = mid;
  }
  return lo;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;
const norm = (deg: number) => ((deg % 360) + 360) % 360;

/** Initial bearing from a to b in degrees clockwise from north. */
export function bearing(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const φ1 = toRad(a.lat);
  const φ2 = toRad(b.lat);
  const Δλ = toRad(b.lng - a.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return norm(toDeg(Math.atan2(y, x)));
}

/** Angle between two headings along the shorter way round, at fraction f. */
export function lerpAngle(a: number, b: number, f: number): number {
  const delta = ((b - a + 540) % 360) - 180;
  return norm(a + delta * f);
}

function headingOf(points: readonly HistoryPoint[], i: number): number {
  const p = points[i]!;
  if (p.heading !== null) return p.heading;
  const next = points[i + 1];
  if (next && (next.lat !== p.lat || next.lng !== p.lng)) return bearing(p, next);
  const prev = points[i - 1];
  if (prev && (prev.lat !== p.lat || prev.lng !== p.lng)) return bearing(prev, p);
  return 0;
}

/**
 * The vehicle at `timeMs`: linear between the records around it (position, speed, heading the
 * short way round); held at the earlier record across gaps over MAX_INTERPOLATION_GAP_MS.
 */
export function sampleAt(points: readonly HistoryPoint[], timeMs: number): RouteSample | null {
  if (points.length === 0) return null;
  const i = indexAt(points, timeMs);
  const a = points[i]!;
  const b = points[i + 1];
  const hold = (): RouteSample => ({
    timeMs: Math.max(timeMs, a.t),
    lat: a.lat,
    lng: a.lng,
    headingDeg: headingOf(points, i),
    speedKmh: a.speedKmh,
    index: i,
  });
  if (!b || timeMs <= a.t || b.t - a.t > MAX_INTERPOLATION_GAP_MS) {
    return timeMs < a.t ? { ...hold(), timeMs: a.t } : hold();
  }
  const f = (timeMs - a.t) / (b.t - a.t);
  const moved = a.lat !== b.lat || a.lng !== b.lng;
  const headingA = headingOf(points, i);
  const headingB = b.heading ?? (moved ? bearing(a, b) : headingA);
  return {
    timeMs,
    lat: a.lat + (b.lat - a.lat) * f,
    lng: a.lng + (b.lng - a.lng) * f,
    headingDeg: lerpAngle(headingA, headingB, f),
    speedKmh:
      a.speedKmh === null || b.speedKmh === null
        ? a.speedKmh
        : a.speedKmh + (b.speedKmh - a.speedKmh) * f,
    index: i,
  };
}

/** Spans [start, end) where the vehicle stood still for at least MIN_SKIPPED_STOP_MS. */
export function stoppedSpans(points: readonly HistoryPoint[]): [number, number][] {
  const spans: [number, number][] = [];
  let start: number | null = null;
  for (const p of points) {
    const still = p.speedKmh === null || p.speedKmh < STOPPED_KMH;
    if (still && start === null) start = p.t;
    if (!still && start !== null) {
      if (p.t - start >= MIN_SKIPPED_STOP_MS) spans.push([start, p.t]);
      start = null;
    }
  }
  const last = points.at(-1);
  if (start !== null && last && last.t - start >= MIN_SKIPPED_STOP_MS) spans.push([start, last.t]);
  return spans;
}

export interface ReplayState {
  /** The replayed instant (epoch ms). */
  timeMs: number;
  playing: boolean;
  /** Route milliseconds per real millisecond. */
  speed: number;
  skipStops: boolean;
}

/**
 * The replay clock, free of timers and of the DOM: whoever drives it calls `tick(now)` (the screen
 * does on every animation frame); tests call it with made-up instants.
 */
export class ReplayEngine {
  private state: ReplayState;
  private lastTick: number | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly spans: [number, number][];
  readonly startMs: number;
  readonly endMs: number;

  constructor(
    readonly points: readonly HistoryPoint[],
    options: { speed?: number; skipStops?: boolean } = {},
  ) {
    this.startMs = points[0]?.t ?? 0;
    this.endMs = points.at(-1)?.t ?? 0;
    this.spans = stoppedSpans(points);
    this.state = {
      timeMs: this.startMs,
      playing: false,
      speed: options.speed ?? DEFAULT_REPLAY_SPEED,
      skipStops: options.skipStops ?? true,
    };
  }

  getState = (): ReplayState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<ReplayState>): void {
    const next = { ...this.state, ...patch };
    if (
      next.timeMs === this.state.timeMs &&
      next.playing === this.state.playing &&
      next.speed === this.state.speed &&
      next.skipStops === this.state.skipStops
    ) {
      return;
    }
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** The vehicle at the replayed instant. */
  sample(): RouteSample | null {
    return sampleAt(this.points, this.state.timeMs);
  }

  /** Starts (from the beginning again when at the end). `nowMs` is the driver's clock. */
  play(nowMs: number): void {
    if (this.points.length < 2) return;
    this.lastTick = nowMs;
    const atEnd = this.state.timeMs >= this.endMs;
    this.set({ playing: true, ...(atEnd ? { timeMs: this.startMs } : {}) });
  }

  pause(): void {
    this.lastTick = null;
    this.set({ playing: false });
  }

  toggle(nowMs: number): void {
    if (this.state.playing) this.pause();
    else this.play(nowMs);
  }

  setSpeed(speed: number): void {
    if (!(speed > 0) || !Number.isFinite(speed)) return;
    this.set({ speed });
  }

  setSkipStops(skipStops: boolean): void {
    this.set({ skipStops });
  }

  /** Moves to an instant, clamped to the route; playing goes on from there. */
  seek(timeMs: number): void {
    if (!Number.isFinite(timeMs)) return;
    this.set({ timeMs: Math.min(this.endMs, Math.max(this.startMs, timeMs)) });
  }

  /** Advances by the real time since the last tick times the speed; stops at the end. */
  tick(nowMs: number): void {
    if (!this.state.playing) return;
    const last = this.lastTick ?? nowMs;
    this.lastTick = nowMs;
    const elapsed = Math.max(0, nowMs - last);
    let timeMs = this.state.timeMs + elapsed * this.state.speed;
    if (this.state.skipStops) {
      const span = this.spans.find(([start, end]) => timeMs >= start && timeMs < end);
      if (span) timeMs = span[1];
    }
    if (timeMs >= this.endMs) {
      this.lastTick = null;
      this.set({ timeMs: this.endMs, playing: false });
      return;
    }
    this.set({ timeMs });
  }
}
