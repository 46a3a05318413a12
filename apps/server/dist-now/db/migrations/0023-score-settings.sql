-- Scores that rank (issue 22, docs/decisions/0034-score-calibration.md).
-- Driving time with harsh-event input: a tracker wired to the vehicle (ignition or rpm reported;
-- its accelerometer sends the green-driving events) or computed harsh driving. A phone has none,
-- so its safe-driving score and hard-braking indicator are N/D instead of a clean 100 A.
ALTER TABLE vehicle_indicators ADD COLUMN harsh_input_s double precision NOT NULL DEFAULT 0;
ALTER TABLE vehicle_indicators_daily ADD COLUMN harsh_input_s double precision NOT NULL DEFAULT 0;
ALTER TABLE vehicle_indicators_monthly ADD COLUMN harsh_input_s double precision NOT NULL DEFAULT 0;
-- Rows written before: an engine signal is what the detector now reads as harsh-event input.
UPDATE vehicle_indicators SET harsh_input_s = driving_s WHERE engine_signal_s > 0;
UPDATE vehicle_indicators_daily SET harsh_input_s = driving_s WHERE engine_signal_s > 0;
UPDATE vehicle_indicators_monthly SET harsh_input_s = driving_s WHERE engine_signal_s > 0;

-- A tenant's score settings: letter floors of the indicators and of the safe-driving score, and
-- each indicator's scale (the value scoring 0 and the value scoring 100). No row: the defaults.
CREATE TABLE score_settings (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);
