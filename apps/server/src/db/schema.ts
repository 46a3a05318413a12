import type { ColumnType, Generated } from 'kysely';
import type { Place } from '@rumbo/telematics';
import type { AlertLevel, DeviceProtocol } from '@rumbo/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface TenantsTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  tenant_id: number | null;
  name: string;
  start_on: string;
  views: Json<Record<string, boolean>>;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  tenant_id: number;
  username: string;
  email: string;
  password_hash: string;
  role_id: number;
  nombre: Generated<string>;
  apellido: Generated<string>;
  telefono: Generated<string>;
  domicilio: Generated<string>;
  avatar: Buffer | null;
  avatar_mime: string | null;
  config: Json<unknown>;
  dark_mode: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  disabled_at: Date | null;
}

export interface SessionsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  kind: 'web' | 'v2';
  token_hash: Buffer;
  digest: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  code_hash: Buffer;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface RecoveryTokensTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  token_hash: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface HumanChecksSpentTable {
  signature: string;
  expires_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  tenant_id: number | null;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Date | null;
}

export interface VehicleGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  created_at: Timestamp;
  /** Folded text the search matches (generated: migration 0021-search). */
  search_key: ColumnType<string, never, never>;
}

export interface TrailerKindsTable {
  id: Generated<number>;
  tenant_id: number | null;
  name: string;
}

export interface ImplementsTable {
  id: Generated<number>;
  trailer_kind_id: number;
  description: string;
}

export interface VehiclesTable {
  id: Generated<number>;
  tenant_id: number;
  plate: string;
  vim: Generated<string>;
  kind: Generated<string>;
  description: Generated<string>;
  brand: Generated<string>;
  model: Generated<string>;
  model_year: number | null;
  implement_id: number | null;
  tank_capacity_l: number | null;
  urea_capacity_l: number | null;
  speed_limit_kmh: number | null;
  group_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 0013: the tank model (null = one linear tank of tank_capacity_l). */
  fuel_tanks: ColumnType<FuelTankJson[] | null, string | null | undefined, string | null>;
  /** Folded text the search matches (generated: migration 0021-search). */
  search_key: ColumnType<string, never, never>;
}

/** One fuel tank as `vehicles.fuel_tanks` holds it. */
export interface FuelTankJson {
  capacityL: number;
  calibration: { pct: number; litres: number }[] | null;
}

export interface DevicesTable {
  id: Generated<number>;
  tenant_id: number;
  unique_id: string;
  /** Checked against contracts' DEVICE_PROTOCOLS by the API (no SQL CHECK since migration 0024). */
  protocol: DeviceProtocol;
  model: string | null;
  vehicle_id: number | null;
  auto_registered: Generated<boolean>;
  created_at: Timestamp;
}

export interface DeviceModelsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Checked against contracts' DEVICE_PROTOCOLS by the API (no SQL CHECK since migration 0024). */
  protocol: DeviceProtocol;
  name: string;
  family: 'fmb640' | 'fmb1xx' | null;
  /** `{ rules: IoRule[] }`, validated on write. */
  io_mapping: unknown;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PositionsTable {
  device_id: number;
  fix_time: Timestamp;
  lat: number;
  lng: number;
  speed: number | null;
  heading: number | null;
  altitude: number | null;
  satellites: number | null;
  flags: number;
  rpm: number | null;
  torque: number | null;
  pedal: number | null;
  odometer_m: number | null;
  fuel_used_l: number | null;
  fuel_level: number | null;
  engine_hours: number | null;
  urea_level: number | null;
  driver_code: string | null;
  attributes: Json<Record<string, unknown>> | null;
}

export interface VehicleStateTable {
  vehicle_id: number;
  tenant_id: number;
  device_id: number | null;
  fix_time: Timestamp | null;
  lat: number | null;
  lng: number | null;
  speed_kmh: number | null;
  heading: number | null;
  status: string;
  status_since: Timestamp | null;
  ignition: boolean | null;
  odometer_km: number | null;
  engine_hours: number | null;
  urea_level_pct: number | null;
  fuel_level_pct: number | null;
  driver_code: string | null;
  reducer: Json<unknown> | null;
  service_distance_km: Generated<number | null>;
  updated_at: Timestamp;
}

export interface TripsTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  start_time: Timestamp;
  end_time: Timestamp;
  start_lat: number;
  start_lng: number;
  end_lat: number;
  end_lng: number;
  start_odometer_km: number | null;
  end_odometer_km: number | null;
  distance_km: number;
  driving_s: number;
  idle_s: number;
  fuel_l: number | null;
  max_speed_kmh: number;
  avg_speed_kmh: number;
  driver_code: string | null;
  coverage: number | null;
  /** Migration 0020: where it started and ended (docs/decisions/0031-places.md). */
  start_place: Json<Place | null> | null;
  end_place: Json<Place | null> | null;
}

export interface StopsTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  start_time: Timestamp;
  end_time: Timestamp;
  lat: number;
  lng: number;
  ignition_on_s: number;
  fuel_before_pct: number | null;
  fuel_after_pct: number | null;
  place: Json<Place | null> | null;
}

export interface IdlePeriodsTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  start_time: Timestamp;
  end_time: Timestamp;
  duration_s: number;
  lat: number | null;
  lng: number | null;
  fuel_l: number;
  fuel_source: 'counter' | 'rate' | 'estimated';
  driver_code: string | null;
  place: Json<Place | null> | null;
}

/** Fault episodes (migration 0015, domain.md §9). */
export interface FaultsTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  source: 'j1939' | 'obd';
  code: string;
  spn: number | null;
  fmi: number | null;
  severity: 'critical' | 'warning' | 'emissions' | 'info';
  mil: boolean;
  red_stop: boolean;
  amber: boolean;
  protect: boolean;
  occurrences: number | null;
  start_time: Timestamp;
  start_lat: number | null;
  start_lng: number | null;
  start_odometer_m: number | null;
  start_engine_hours: number | null;
  last_seen: Timestamp;
  end_time: Date | null;
  end_lat: number | null;
  end_lng: number | null;
  end_odometer_m: number | null;
  end_engine_hours: number | null;
  end_reason: 'absent' | 'quiet' | null;
  start_place: Json<Place | null> | null;
}

/** The demo fleet's history backfill, per simulated truck (migration 0006). */
export interface DemoHistoryTable {
  device_id: number;
  sim_start: Timestamp;
  history_from: Timestamp;
  history_until: Timestamp;
  stored_until: Timestamp;
  first_sent_after_trip: number | null;
  completed_at: Timestamp | null;
}

export interface VehicleRollupsTable {
  vehicle_id: number;
  bucket: Timestamp;
  tenant_id: number;
  distance_km: number;
  fuel_l: number;
  engine_s: number;
  driving_s: number;
  idle_s: number;
}

/** Hourly (and daily, UTC) driving-indicator sums per vehicle and driver (migration 0011). */
export interface VehicleIndicatorsTable {
  vehicle_id: number;
  bucket: Timestamp;
  driver_code: string;
  tenant_id: number;
  distance_km: number;
  fuel_l: number;
  engine_s: number;
  unknown_s: number;
  driving_s: number;
  idle_s: number;
  can_s: number;
  green_s: number;
  inertia_s: number;
  over60_s: number;
  cruise_s: number;
  torque_sum: number;
  torque_s: number;
  torque_high_s: number;
  kickdowns: number;
  excess_km: number;
  speeding_s: number;
  speeding10_s: number;
  hard_brakes: number;
  harsh_accels: number;
  harsh_corners: number;
  crashes: number;
  engine_signal_s: number;
  rpm_under800_s: number;
  rpm_below_green_s: number;
  rpm_green_s: number;
  rpm_above_green_s: number;
  rpm_over1800_s: number;
  /** Migration 0023: driving time with harsh-event input. */
  harsh_input_s: number;
}

export interface VehicleKickdownsTable {
  vehicle_id: number;
  time: Timestamp;
  tenant_id: number;
  lat: number | null;
  lng: number | null;
  speed_kmh: number | null;
  driver_code: string | null;
}

export interface IngestRejectionsTable {
  id: Generated<number>;
  device_unique_id: string | null;
  protocol: string;
  reason: string;
  at: Timestamp;
}

export interface DriversTable {
  id: Generated<number>;
  tenant_id: number;
  nombre: string;
  apellido: Generated<string>;
  documento: Generated<string>;
  /** Tachograph card / iButton code, upper-cased; '' when none (unique per tenant otherwise). */
  code: Generated<string>;
  telefono: Generated<string>;
  licencia: Generated<string>;
  /** `date`: read through `to_char` (drivers.repository.ts), never as a JS Date. */
  licencia_vence: ColumnType<string | null, string | null | undefined, string | null>;
  group_id: number | null;
  notas: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Folded text the search matches (generated: migration 0021-search). */
  search_key: ColumnType<string, never, never>;
}

/** A geofence (migration 0009): GeoJSON geometry plus its bounding box for SQL prefiltering. */
export interface GeofencesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  kind: 'polygon' | 'corridor' | 'circle';
  geom: Json<{ type: string; coordinates: unknown }>;
  width_m: number | null;
  radius_m: number | null;
  access_type: 'allowed' | 'forbidden' | 'none';
  auto_asign: boolean;
  speed_limit_kmh: number | null;
  attributes: Json<Record<string, string | number | boolean | null>>;
  color: string;
  /** Migration 0022: entry and exit raise AZA/SDZ (issue 22). */
  notify: Generated<boolean>;
  vehicle_ids: ColumnType<number[], number[] | undefined, number[]>;
  group_ids: ColumnType<number[], number[] | undefined, number[]>;
  min_lng: number;
  min_lat: number;
  max_lng: number;
  max_lat: number;
  vertex_count: number;
  /** +1 on every save (the pipeline's index recompiles only changed zones). */
  revision: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Folded text the search matches (generated: migration 0021-search). */
  search_key: ColumnType<string, never, never>;
}

/** A POI type: built-in (tenant_id null, `code` set) or a tenant's own. */
export interface InterestPointTypesTable {
  id: Generated<number>;
  tenant_id: number | null;
  code: string | null;
  nombre: string;
  icono: string;
}

/** A point of interest (spec §3), soft-deleted. */
export interface InterestPointsTable {
  id: Generated<number>;
  tenant_id: number;
  type_id: number | null;
  nombre: string;
  descripcion: Generated<string>;
  radio_m: number;
  id_cliente: number | null;
  user_id: number | null;
  lat: number;
  lng: number;
  deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Folded text the search matches (generated: migration 0021-search). */
  search_key: ColumnType<string, never, never>;
}

export interface AlertTypeGroupTable {
  id: Generated<number>;
  code: string;
  description_es: string;
  description_en: string;
  sort: number;
}

export interface AlertTypeTable {
  id: Generated<number>;
  group_id: number;
  code: string;
  description_es: string;
  description_en: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  /** Migration 0022: the code's importance (issue 22). */
  level: Generated<AlertLevel>;
  sort: number;
}

export interface EventsTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  code: string;
  start_time: Timestamp;
  end_time: Date | null;
  lat: number | null;
  lng: number | null;
  value: number | null;
  driver_code: string | null;
  data: Json<Record<string, string | number | boolean> | null> | null;
  acknowledged_at: Timestamp | null;
  acknowledged_by: number | null;
  ack_comment: string | null;
  /** Migration 0013: a suspected theft's review. */
  review: Generated<'confirmed' | 'dismissed' | null>;
  /** Migration 0020: where it happened. */
  place: Json<Place | null> | null;
  /** Migration 0022: an alert (listed, told), or a fact kept for the history only (issue 22). */
  listed: Generated<boolean>;
}

export interface AlertSettingsTable {
  tenant_id: number;
  settings: Json<unknown>;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** Migration 0023: a tenant's score settings (letter floors, indicator scales). */
export interface ScoreSettingsTable {
  tenant_id: number;
  settings: Json<unknown>;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface AlertDispatchesTable {
  vehicle_id: number;
  code: string;
  start_time: Timestamp;
  tenant_id: number;
  dispatched_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  vehicle_id: number;
  code: string;
  start_time: Timestamp;
  plate: string;
  driver_code: string | null;
  payload: Json<Record<string, unknown>>;
  data: Json<Record<string, unknown> | null> | null;
  read: Generated<boolean>;
  created_at: Timestamp;
}

/** Maintenance (migration 0014, docs/decisions/0025-maintenance.md). */
export interface MaintenancePlansTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MaintenanceItemsTable {
  id: Generated<number>;
  tenant_id: number;
  plan_id: number;
  position: number;
  kind: string;
  name: string;
  interval_km: number | null;
  interval_hours: number | null;
  interval_days: number | null;
}

export interface MaintenancePlanVehiclesTable {
  plan_id: number;
  vehicle_id: number;
}

export interface MaintenancePlanGroupsTable {
  plan_id: number;
  group_id: number;
}

export interface MaintenanceAnchorsTable {
  item_id: number;
  vehicle_id: number;
  tenant_id: number;
  day: Timestamp | string;
  odometer_km: number | null;
  engine_hours: number | null;
}

export interface MaintenanceCountersTable {
  vehicle_id: number;
  tenant_id: number;
  km: Json<unknown> | null;
  hours: Json<unknown> | null;
  km_per_day: number | null;
  hours_per_day: number | null;
  rates_day: Timestamp | string | null;
}

export interface MaintenanceServicesTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  day: Timestamp | string;
  odometer_km: number | null;
  engine_hours: number | null;
  cost: number | null;
  workshop: string;
  notes: string;
  created_at: Timestamp;
}

export interface MaintenanceServiceItemsTable {
  service_id: number;
  item_id: number;
}

export interface MaintenanceAdditionalTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  kind: string;
  name: string;
  due_day: Timestamp | string | null;
  due_km: number | null;
  notes: string;
  service_id: number | null;
  created_at: Timestamp;
}

export interface MaintenanceAttachmentsTable {
  id: Generated<number>;
  tenant_id: number;
  service_id: number;
  name: string;
  mime: string;
  size: number;
  data: Uint8Array;
  created_at: Timestamp;
}

export interface MaintenanceNoticesTable {
  item_key: string;
  vehicle_id: number;
  anchor: string;
  code: string;
  created_at: Timestamp;
}

/** The database as Kysely sees it. */
/** A stop of a planned trip as stored (migration 0016). */
export interface PlannedStopRow {
  name: string;
  lat: number;
  lng: number;
  radiusM: number;
  poiId: number | null;
  plannedAt: string;
}

/** A planned trip (migration 0016, docs/decisions/0027-planned-trips.md). */
export interface PlannedTripsTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  driver_id: number | null;
  name: string;
  stops: Json<PlannedStopRow[]>;
  route: Json<[number, number][]>;
  route_source: 'drawn' | 'trip' | 'stops';
  corridor_m: number;
  planned_start: Timestamp;
  planned_end: Timestamp;
  revision: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What the route detector saw of a plan (migration 0016). */
export interface PlannedTripProgressTable {
  planned_trip_id: number;
  vehicle_id: number;
  kind: string;
  stop_index: number;
  at: Timestamp;
  lat: number | null;
  lng: number | null;
  place: Json<Place | null> | null;
}

/** A plan's newest ETA (migration 0016). */
export interface PlannedTripEtaTable {
  planned_trip_id: number;
  vehicle_id: number;
  at: Timestamp;
  eta: Timestamp | null;
  remaining_m: number;
  off_route: boolean;
}

/** An engine's reverse-geocoding answers by rounded position and language (migration 0020). */
export interface GeocodeCacheTable {
  lat_e4: number;
  lng_e4: number;
  lang: string;
  /** The engine's address in that language ({name, locality, admin, country}). */
  place: Json<Record<string, string> | null> | null;
  fetched_at: Generated<Date>;
}

export interface Database {
  vehicle_groups: VehicleGroupsTable;
  trailer_kinds: TrailerKindsTable;
  implements: ImplementsTable;
  vehicles: VehiclesTable;
  devices: DevicesTable;
  device_models: DeviceModelsTable;
  positions: PositionsTable;
  idle_periods: IdlePeriodsTable;
  demo_history: DemoHistoryTable;
  vehicle_state: VehicleStateTable;
  trips: TripsTable;
  stops: StopsTable;
  vehicle_rollups: VehicleRollupsTable;
  vehicle_indicators: VehicleIndicatorsTable;
  vehicle_indicators_daily: VehicleIndicatorsTable;
  vehicle_indicators_monthly: VehicleIndicatorsTable;
  vehicle_kickdowns: VehicleKickdownsTable;
  ingest_rejections: IngestRejectionsTable;
  tenants: TenantsTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  recovery_tokens: RecoveryTokensTable;
  human_checks_spent: HumanChecksSpentTable;
  mail_outbox: MailOutboxTable;
  alert_type_group: AlertTypeGroupTable;
  alert_type: AlertTypeTable;
  events: EventsTable;
  alert_settings: AlertSettingsTable;
  score_settings: ScoreSettingsTable;
  alert_dispatches: AlertDispatchesTable;
  notifications: NotificationsTable;
  drivers: DriversTable;
  geofences: GeofencesTable;
  interest_point_types: InterestPointTypesTable;
  interest_points: InterestPointsTable;
  maintenance_plans: MaintenancePlansTable;
  maintenance_items: MaintenanceItemsTable;
  maintenance_plan_vehicles: MaintenancePlanVehiclesTable;
  maintenance_plan_groups: MaintenancePlanGroupsTable;
  maintenance_anchors: MaintenanceAnchorsTable;
  maintenance_counters: MaintenanceCountersTable;
  maintenance_services: MaintenanceServicesTable;
  maintenance_service_items: MaintenanceServiceItemsTable;
  maintenance_additional: MaintenanceAdditionalTable;
  maintenance_attachments: MaintenanceAttachmentsTable;
  maintenance_notices: MaintenanceNoticesTable;
  faults: FaultsTable;
  planned_trips: PlannedTripsTable;
  planned_trip_progress: PlannedTripProgressTable;
  planned_trip_eta: PlannedTripEtaTable;
  geocode_cache: GeocodeCacheTable;
}
