-- Vehicles, devices, groups, trailer kinds; positions partitioned by time; live state; trips,
-- stops and time-bucketed rollups.
CREATE TABLE vehicle_groups (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, name)
);

-- tenant_id NULL: built-in kinds every tenant sees.
CREATE TABLE trailer_kinds (
  id serial PRIMARY KEY,
  tenant_id integer REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  UNIQUE NULLS NOT DISTINCT (tenant_id, name)
);

CREATE TABLE implements (
  id serial PRIMARY KEY,
  trailer_kind_id integer NOT NULL REFERENCES trailer_kinds (id) ON DELETE CASCADE,
  description text NOT NULL,
  UNIQUE (trailer_kind_id, description)
);

CREATE TABLE vehicles (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  plate text NOT NULL,
  vim text NOT NULL DEFAULT '',
  kind text NOT NULL DEFAULT 'tractor',
  description text NOT NULL DEFAULT '',
  brand text NOT NULL DEFAULT '',
  model text NOT NULL DEFAULT '',
  model_year integer,
  implement_id integer REFERENCES implements (id) ON DELETE SET NULL,
  tank_capacity_l real,
  urea_capacity_l real,
  speed_limit_kmh real,
  group_id integer REFERENCES vehicle_groups (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX vehicles_plate_key ON vehicles (tenant_id, lower(plate));
CREATE INDEX vehicles_group_idx ON vehicles (group_id);

CREATE TABLE devices (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  unique_id text NOT NULL UNIQUE,
  protocol text NOT NULL CHECK (protocol IN ('teltonika', 'osmand', 'mqtt')),
  model text,
  vehicle_id integer UNIQUE REFERENCES vehicles (id) ON DELETE SET NULL,
  auto_registered boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_tenant_idx ON devices (tenant_id);

-- One row per record. Coordinates in 1e-7 degrees, speeds in 0.1 km/h: compact typed columns for
-- what the product computes with; the rest in attributes. flags: bit 0 ignition, 1 movement,
-- 2 brake, 3 cruise, 4 pto, 5 kickdown, 6 implausible (stored but ignored by derived facts).
CREATE TABLE positions (
  device_id integer NOT NULL,
  fix_time timestamptz NOT NULL,
  lat integer NOT NULL,
  lng integer NOT NULL,
  speed smallint,
  heading smallint,
  altitude smallint,
  satellites smallint,
  flags smallint NOT NULL DEFAULT 0,
  rpm smallint,
  torque smallint,
  pedal smallint,
  odometer_m bigint,
  fuel_used_l real,
  fuel_level real,
  engine_hours real,
  urea_level real,
  driver_code text,
  attributes jsonb,
  PRIMARY KEY (device_id, fix_time)
) PARTITION BY RANGE (fix_time);
CREATE TABLE positions_default PARTITION OF positions DEFAULT;

CREATE TABLE vehicle_state (
  vehicle_id integer PRIMARY KEY REFERENCES vehicles (id) ON DELETE CASCADE,
  tenant_id integer NOT NULL,
  device_id integer,
  fix_time timestamptz,
  lat double precision,
  lng double precision,
  speed_kmh real,
  heading real,
  status text NOT NULL DEFAULT 'undefined',
  status_since timestamptz,
  ignition boolean,
  odometer_km double precision,
  engine_hours double precision,
  urea_level_pct real,
  fuel_level_pct real,
  driver_code text,
  reducer jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE trips (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  start_lat double precision NOT NULL,
  start_lng double precision NOT NULL,
  end_lat double precision NOT NULL,
  end_lng double precision NOT NULL,
  start_odometer_km double precision,
  end_odometer_km double precision,
  distance_km double precision NOT NULL,
  driving_s integer NOT NULL,
  idle_s integer NOT NULL,
  fuel_l real,
  max_speed_kmh real NOT NULL,
  avg_speed_kmh real NOT NULL,
  driver_code text,
  coverage real,
  UNIQUE (vehicle_id, start_time)
);
CREATE INDEX trips_vehicle_time_idx ON trips (vehicle_id, end_time);

CREATE TABLE stops (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  ignition_on_s integer NOT NULL DEFAULT 0,
  fuel_before_pct real,
  fuel_after_pct real,
  UNIQUE (vehicle_id, start_time)
);
CREATE INDEX stops_vehicle_time_idx ON stops (vehicle_id, end_time);

-- Hourly sums per vehicle, written as data arrives; every analysis reads these, not positions.
CREATE TABLE vehicle_rollups (
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  bucket timestamptz NOT NULL,
  tenant_id integer NOT NULL,
  distance_km double precision NOT NULL DEFAULT 0,
  fuel_l double precision NOT NULL DEFAULT 0,
  engine_s double precision NOT NULL DEFAULT 0,
  driving_s double precision NOT NULL DEFAULT 0,
  idle_s double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (vehicle_id, bucket)
);

-- Ingest counters per reason (rejected records, bad frames), for operators.
CREATE TABLE ingest_rejections (
  id bigserial PRIMARY KEY,
  device_unique_id text,
  protocol text NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
