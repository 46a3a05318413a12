-- Idle periods (domain.md §4), written by the idle sink as the idle detector closes them.
CREATE TABLE idle_periods (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  duration_s integer NOT NULL,
  lat double precision,
  lng double precision,
  fuel_l real NOT NULL,
  -- counter (ECU fuel counter delta), rate (∫ fuel rate) or estimated (flat rate, flagged)
  fuel_source text NOT NULL CHECK (fuel_source IN ('counter', 'rate', 'estimated')),
  driver_code text,
  UNIQUE (vehicle_id, start_time)
);
CREATE INDEX idle_periods_tenant_time_idx ON idle_periods (tenant_id, start_time);
