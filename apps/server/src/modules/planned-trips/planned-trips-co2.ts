import type { Kysely } from 'kysely';
import { co2Of, sumCo2, DEFAULT_FUEL_TYPE, type Co2, type PlannedTrip } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { drivenTrips, type DrivenRow } from './planned-trips-co2.repository.js';

// CO₂ of planned trips (issue 27 item 4, decision 0050): what the vehicle emitted between the
// trip's start and its arrival (or now), from the recorded trips of that span. A recorded trip
// that sticks out of the span counts for the share of its time inside it. Each recorded trip
// takes its own fuel where the ECU counted it, else its distance × the vehicle kind's default
// consumption; the planned trip is marked estimated when any part of it was.

/** The CO₂ of recorded trips within [fromMs, toMs), each counted for its share inside. */
export function co2Within(rows: readonly DrivenRow[], fromMs: number, toMs: number): Co2 | null {
  const parts: Co2[] = [];
  for (const r of rows) {
    if (r.endMs <= fromMs || r.startMs >= toMs) continue;
    const inside = Math.min(r.endMs, toMs) - Math.max(r.startMs, fromMs);
    const share = r.endMs > r.startMs ? inside / (r.endMs - r.startMs) : 1;
    parts.push(
      co2Of({ fuelL: (r.fuelL ?? 0) * share, distanceKm: r.distanceKm * share, kind: r.kind }),
    );
  }
  if (parts.length === 0) return null;
  const sum = sumCo2(parts);
  return {
    fuelType: DEFAULT_FUEL_TYPE,
    ttwKg: sum.ttwKg,
    wtwKg: sum.wtwKg,
    isEstimated: parts.some((p) => p.isEstimated && p.ttwKg > 0),
  };
}

/** The planned trips with their `co2` (null before they started or without recorded trips). */
export async function withCo2(
  db: Kysely<Database>,
  tenantId: number,
  trips: readonly PlannedTrip[],
  nowMs: number,
): Promise<PlannedTrip[]> {
  const spans = trips.map((trip) =>
    trip.startedAt === null
      ? null
      : {
          fromMs: Date.parse(trip.startedAt),
          toMs: trip.arrivedAt === null ? nowMs : Date.parse(trip.arrivedAt) + 1,
        },
  );
  const started = spans.filter((s) => s !== null);
  if (started.length === 0) return trips.map((trip) => ({ ...trip, co2: null }));
  const rows = await drivenTrips(
    db,
    tenantId,
    trips.filter((trip) => trip.startedAt !== null).map((trip) => trip.vehicleId),
    Math.min(...started.map((s) => s.fromMs)),
    Math.max(...started.map((s) => s.toMs)),
  );
  return trips.map((trip, i) => {
    const span = spans[i];
    if (!span) return { ...trip, co2: null };
    const own = rows.filter((r) => r.vehicleId === trip.vehicleId);
    return { ...trip, co2: co2Within(own, span.fromMs, span.toMs) };
  });
}
