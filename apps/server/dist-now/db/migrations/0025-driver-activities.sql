-- Driving and rest times (issue 26, docs/decisions/0043-driver-activities.md).

-- Driver activities: the intervals the driver-activity detector emits per tachograph slot of a
-- vehicle, written by the driving-times sink. One row per (vehicle, slot, start); an open interval
-- has no end. `card` is the card id as the tachograph reports it; `driver_id` the tenant's driver
-- whose `code` it is when written (the API resolves it again by code, for drivers added later).
-- A driver's day is read across vehicles by card; what no row covers is unknown.
CREATE TABLE driver_activities (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  card text NOT NULL,
  driver_id integer REFERENCES drivers (id) ON DELETE SET NULL,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  slot smallint NOT NULL CHECK (slot BETWEEN 1 AND 2),
  kind text NOT NULL CHECK (kind IN ('drive', 'work', 'available', 'rest', 'unknown')),
  start_time timestamptz NOT NULL,
  end_time timestamptz,
  lat double precision,
  lng double precision,
  place jsonb,
  UNIQUE (vehicle_id, slot, start_time)
);
-- Per driver (card) over a period, and the latest interval per card (ORDER BY start_time DESC).
CREATE INDEX driver_activities_card_time_idx ON driver_activities (tenant_id, card, start_time);
CREATE INDEX driver_activities_driver_time_idx ON driver_activities (tenant_id, driver_id, start_time)
  WHERE driver_id IS NOT NULL;
-- The intervals going on now (the live list).
CREATE INDEX driver_activities_open_idx ON driver_activities (tenant_id, card) WHERE end_time IS NULL;

-- A tenant's rule set: its copy of EU 561/2006 with its country's numbers. No row: EU 561/2006.
CREATE TABLE driving_rule_sets (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  rules jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);

-- The alerts, raised per driver by the server (one per episode).
INSERT INTO alert_type (group_id, code, description_es, description_en, severity, level, sort)
SELECT g.id, t.code, t.es, t.en, t.severity, t.level, t.sort
FROM (VALUES
  ('DTB', 'Descanso obligatorio en 15 min', 'Break due in 15 min', 'warning', 'warning', 106),
  ('DTD', 'Límite de conducción diaria en 30 min', 'Daily driving limit in 30 min', 'warning', 'warning', 107),
  ('DTI', 'Infracción de tiempos de conducción', 'Driving-time infringement', 'error', 'critical', 108)
) AS t (code, es, en, severity, level, sort)
JOIN alert_type_group g ON g.code = 'ours';
