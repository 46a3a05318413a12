// The shapes of JSON columns that the generated schema (schema.ts) names: written by hand, as SQL
// cannot say them. Referenced from scripts/schema/column-types.ts.

/** One fuel tank as `vehicles.fuel_tanks` holds it. */
export interface FuelTankJson {
  capacityL: number;
  calibration: { pct: number; litres: number }[] | null;
}

/** A stop of a planned trip as stored (migration 0016). */
export interface PlannedStopRow {
  name: string;
  lat: number;
  lng: number;
  radiusM: number;
  poiId: number | null;
  plannedAt: string;
}
