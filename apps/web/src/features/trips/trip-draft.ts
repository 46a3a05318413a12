import type { PlannedTrip, TimeZoneSetting } from '@rumbo/contracts';
import { fromWallClockDate, toWallClockDate } from '../../shared/format/wall-clock';

/** A stop being edited; `at` is a wall-clock date at the user's offset. */
export interface StopDraft {
  name: string;
  lat: number;
  lng: number;
  radiusM: number;
  poiId: number | null;
  at: Date | null;
}

export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The stops of a saved plan (none for a new one) as drafts. */
export function draftOf(trip: PlannedTrip | null, offset: TimeZoneSetting): StopDraft[] {
  return (trip?.stops ?? []).map((s) => ({
    name: s.name,
    lat: s.lat,
    lng: s.lng,
    radiusM: s.radiusM,
    poiId: s.poiId,
    at: toWallClockDate(Date.parse(s.plannedAt), offset),
  }));
}

/** The next stop's default time: an hour after the previous one (or the next full hour). */
export function nextTime(stops: readonly StopDraft[], offset: TimeZoneSetting): Date {
  const last = stops[stops.length - 1]?.at;
  const lastMs = last ? fromWallClockDate(last, offset) : null;
  const base = lastMs ?? Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  return toWallClockDate(lastMs === null ? base : base + 3_600_000, offset);
}
