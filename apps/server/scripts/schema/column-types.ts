// Column types more precise than the database can say, applied by the schema generator
// (render-schema.ts). The database gives each column its base type, nullability, default and
// generated-ness; a CHECK `col IN ('a', 'b')` becomes the union `'a' | 'b'` by itself. What is left
// here is what SQL cannot express: the shape of a JSON column, or a read type the code relies on.
// Each type is the column's value; `| null`, `Generated<…>` and `GeneratedAlways<…>` are added from
// the database. `JsonColumn<T>` reads T and is written as a JSON string (JSON.stringify).

/** Imports the types below need, written at the top of the generated schema. */
export const typeImports = [
  "import type { DrivingRuleSet, Place } from '@rumbo/telematics';",
  "import type { FuelTankJson, PlannedStopRow } from './json-columns.js';",
  "import type { DeviceProtocol } from '@rumbo/contracts';",
];

/** `table.column` → its TypeScript type (without null). */
export const columnTypes: Record<string, string> = {
  'roles.views': 'JsonColumn<Record<string, boolean>>',
  /** One of the protocol list (packages/contracts/src/protocols.ts); no CHECK since migration 0024. */
  'devices.protocol': 'DeviceProtocol',
  'device_models.protocol': 'DeviceProtocol',
  'positions.attributes': 'JsonColumn<Record<string, unknown>>',
  /** Migration 0013: the tank model (null = one linear tank of tank_capacity_l). */
  'vehicles.fuel_tanks': 'JsonColumn<FuelTankJson[] | null>',
  /** `{ rules: IoRule[] }`, validated on write. */
  'device_models.io_mapping': 'unknown',
  /** Migration 0020: where it started and ended (docs/decisions/0031-places.md). */
  'trips.start_place': 'JsonColumn<Place | null>',
  'trips.end_place': 'JsonColumn<Place | null>',
  'stops.place': 'JsonColumn<Place | null>',
  'idle_periods.place': 'JsonColumn<Place | null>',
  'faults.start_place': 'JsonColumn<Place | null>',
  'events.place': 'JsonColumn<Place | null>',
  /** Migration 0025: where the activity started; the tenant's rule set (validated on write). */
  'driver_activities.place': 'JsonColumn<Place | null>',
  'driving_rule_sets.rules': 'JsonColumn<DrivingRuleSet>',
  'planned_trip_progress.place': 'JsonColumn<Place | null>',
  'events.data': 'JsonColumn<Record<string, string | number | boolean> | null>',
  'notifications.payload': 'JsonColumn<Record<string, unknown>>',
  'notifications.data': 'JsonColumn<Record<string, unknown> | null>',
  /** A geofence's GeoJSON geometry (migration 0009). */
  'geofences.geom': 'JsonColumn<{ type: string; coordinates: unknown }>',
  'geofences.attributes': 'JsonColumn<Record<string, string | number | boolean | null>>',
  'planned_trips.stops': 'JsonColumn<PlannedStopRow[]>',
  'planned_trips.route': 'JsonColumn<[number, number][]>',
  /** The engine's address in that language ({name, locality, admin, country}). */
  'geocode_cache.place': 'JsonColumn<Record<string, string> | null>',
  /** `date`: read through `to_char` (drivers.repository.ts), never as a JS Date. */
  'drivers.licencia_vence': 'ColumnType<string, string, string>',
  'maintenance_attachments.data': 'Uint8Array',
};
