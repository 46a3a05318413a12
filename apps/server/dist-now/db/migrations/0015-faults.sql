-- Fault episodes (domain.md §9, issue 15; docs/decisions/0026-fault-diagnostics.md), written by the
-- faults sink as the fault detector opens, changes and closes them. One row per episode keyed by
-- (vehicle, source, code, start); an open episode has no end. Code as mechanics read it
-- ('SPN 110 / FMI 0', 'P0217'); spn and fmi only for J1939.
CREATE TABLE faults (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('j1939', 'obd')),
  code text NOT NULL,
  spn integer,
  fmi smallint,
  severity text NOT NULL CHECK (severity IN ('critical', 'warning', 'emissions', 'info')),
  mil boolean NOT NULL DEFAULT false,
  red_stop boolean NOT NULL DEFAULT false,
  amber boolean NOT NULL DEFAULT false,
  protect boolean NOT NULL DEFAULT false,
  occurrences smallint,
  start_time timestamptz NOT NULL,
  start_lat double precision,
  start_lng double precision,
  start_odometer_m double precision,
  start_engine_hours double precision,
  last_seen timestamptz NOT NULL,
  end_time timestamptz,
  end_lat double precision,
  end_lng double precision,
  end_odometer_m double precision,
  end_engine_hours double precision,
  -- absent: missing from 2 reports in a row; quiet: not reported for 10 min of ignition on
  end_reason text CHECK (end_reason IN ('absent', 'quiet')),
  UNIQUE (vehicle_id, source, code, start_time)
);
CREATE INDEX faults_tenant_time_idx ON faults (tenant_id, start_time);
CREATE INDEX faults_open_idx ON faults (tenant_id, vehicle_id) WHERE end_time IS NULL;
