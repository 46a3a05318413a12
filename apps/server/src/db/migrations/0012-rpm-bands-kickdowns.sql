-- Driving analysis (docs/decisions/0022-driving-analysis.md): engine-on time whose state came from
-- a signal (ignition or rpm; a phone infers the engine from motion, so its idle share means
-- nothing), and the rpm distribution: engine-on time per rpm band (< 800, 800 to the green band,
-- the green band, to 1800, > 1800), summed per hour and day like the other indicators.
ALTER TABLE vehicle_indicators
  ADD COLUMN engine_signal_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_under800_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_below_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_above_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_over1800_s double precision NOT NULL DEFAULT 0;
ALTER TABLE vehicle_indicators_daily
  ADD COLUMN engine_signal_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_under800_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_below_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_above_green_s double precision NOT NULL DEFAULT 0,
  ADD COLUMN rpm_over1800_s double precision NOT NULL DEFAULT 0;
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
