-- Driving indicators (domain.md §5, §6; docs/decisions/0022-driving-analysis.md): what the
-- indicators detector accumulates per vehicle, hour and driver ('' when unknown), written by the
-- indicators sink as data arrives. A daily copy (UTC days) keeps long periods to a few rows per
-- vehicle: a period is its whole UTC days from the daily table plus its ragged hours from the
-- hourly one, never a scan of positions.
CREATE TABLE vehicle_indicators (
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  bucket timestamptz NOT NULL,
  driver_code text NOT NULL DEFAULT '',
  tenant_id integer NOT NULL,
  distance_km double precision NOT NULL DEFAULT 0,
  fuel_l double precision NOT NULL DEFAULT 0,
  engine_s double precision NOT NULL DEFAULT 0,
  unknown_s double precision NOT NULL DEFAULT 0,
  driving_s double precision NOT NULL DEFAULT 0,
  idle_s double precision NOT NULL DEFAULT 0,
  can_s double precision NOT NULL DEFAULT 0,
  green_s double precision NOT NULL DEFAULT 0,
  inertia_s double precision NOT NULL DEFAULT 0,
  over60_s double precision NOT NULL DEFAULT 0,
  cruise_s double precision NOT NULL DEFAULT 0,
  torque_sum double precision NOT NULL DEFAULT 0,
  torque_s double precision NOT NULL DEFAULT 0,
  torque_high_s double precision NOT NULL DEFAULT 0,
  kickdowns integer NOT NULL DEFAULT 0,
  excess_km double precision NOT NULL DEFAULT 0,
  speeding_s double precision NOT NULL DEFAULT 0,
  speeding10_s double precision NOT NULL DEFAULT 0,
  hard_brakes integer NOT NULL DEFAULT 0,
  harsh_accels integer NOT NULL DEFAULT 0,
  harsh_corners integer NOT NULL DEFAULT 0,
  PRIMARY KEY (vehicle_id, bucket, driver_code)
);
CREATE INDEX vehicle_indicators_tenant_bucket_idx ON vehicle_indicators (tenant_id, bucket);

CREATE TABLE vehicle_indicators_daily (LIKE vehicle_indicators INCLUDING DEFAULTS);
ALTER TABLE vehicle_indicators_daily ADD PRIMARY KEY (vehicle_id, bucket, driver_code);
ALTER TABLE vehicle_indicators_daily
  ADD FOREIGN KEY (vehicle_id) REFERENCES vehicles (id) ON DELETE CASCADE;
CREATE INDEX vehicle_indicators_daily_tenant_bucket_idx ON vehicle_indicators_daily (tenant_id, bucket);
