-- Driving analysis (docs/decisions/0022-driving-analysis.md): the device's crash detections
-- (Teltonika IO 247, one per episode; the safe-driving score's `crash` item), engine-on time whose state came from
-- a signal (ignition or rpm; a phone infers the engine from motion, so its idle share means
-- nothing), and the rpm distribution: engine-on time per rpm band (< 800, 800 to the green band,
-- the green band, to 1800, > 1800), summed per hour and day like the other indicators.
ALTER TABLE vehicle_indicators
  ADD COLUMN engine_signal_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_under800_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_below_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_above_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_over1800_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN crashes integer NOT NULL DEFAULT 0;
ALTER TABLE vehicle_indicators_daily
  ADD COLUMN engine_signal_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_under800_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_below_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_above_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_over1800_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN crashes integer NOT NULL DEFAULT 0;
-- Rows written before this migration: vehicles with CAN data had an engine signal (their idle
-- share stays scored); the others' idle reads N/D until their history is recomputed.
UPDATE vehicle_indicators SET engine_signal_s = engine_s
  WHERE vehicle_id IN (SELECT vehicle_id FROM vehicle_indicators_daily GROUP BY vehicle_id HAVING sum(can_s) > 0);
UPDATE vehicle_indicators_daily SET engine_signal_s = engine_s
  WHERE vehicle_id IN (SELECT vehicle_id FROM vehicle_indicators_daily GROUP BY vehicle_id HAVING sum(can_s) > 0);

-- Each kickdown the indicators detector counts, with its time and place (the vehicle analysis's
-- map and timeline); the hourly rows keep counting them. A recompute deletes from its cut on.
CREATE TABLE vehicle_kickdowns (
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  tenant_id integer NOT NULL,
  lat double precision,
  lng double precision,
  speed_kmh double precision,
  driver_code text,
  PRIMARY KEY (vehicle_id, time)
);

-- A monthly copy (UTC calendar months) of the daily rows: a 90-day period is two or three months
-- plus its ragged days and hours, a third of the rows to sum (the embedded database's analysis
-- calls, docs/decisions/0022-driving-analysis.md). Written by the indicators sink with the others.
CREATE TABLE vehicle_indicators_monthly (LIKE vehicle_indicators INCLUDING DEFAULTS);
ALTER TABLE vehicle_indicators_monthly ADD PRIMARY KEY (vehicle_id, bucket, driver_code);
ALTER TABLE vehicle_indicators_monthly
  ADD FOREIGN KEY (vehicle_id) REFERENCES vehicles (id) ON DELETE CASCADE;
CREATE INDEX vehicle_indicators_monthly_tenant_bucket_idx ON vehicle_indicators_monthly (tenant_id, bucket);
INSERT INTO vehicle_indicators_monthly
  SELECT vehicle_id, date_trunc('month', bucket AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', driver_code,
    min(tenant_id), sum(distance_km), sum(fuel_l), sum(engine_s), sum(unknown_s), sum(driving_s),
    sum(idle_s), sum(can_s), sum(green_s), sum(inertia_s), sum(over60_s), sum(cruise_s),
    sum(torque_sum), sum(torque_s), sum(torque_high_s), sum(kickdowns), sum(excess_km),
    sum(speeding_s), sum(speeding10_s), sum(hard_brakes), sum(harsh_accels), sum(harsh_corners),
    sum(engine_signal_s), sum(rpm_under800_s), sum(rpm_below_green_s), sum(rpm_green_s),
    sum(rpm_above_green_s), sum(rpm_over1800_s), sum(crashes)
  FROM vehicle_indicators_daily GROUP BY 1, 2, 3;
