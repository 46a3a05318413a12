-- Maintenance (domain.md §8, issue 15; docs/decisions/0025-maintenance.md): plans of items with
-- intervals in km, engine hours and/or days, assigned to vehicles and groups; each item on each
-- vehicle is anchored on its last service (or, before any, on the day the plan first covered it);
-- one-off additional maintenance; services done with their attachments (bytes in the database).

CREATE TABLE maintenance_plans (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maintenance_plans_tenant_idx ON maintenance_plans (tenant_id);

CREATE TABLE maintenance_items (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL,
  plan_id integer NOT NULL REFERENCES maintenance_plans (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  kind text NOT NULL,
  name text NOT NULL,
  interval_km double precision,
  interval_hours double precision,
  interval_days integer,
  CHECK (interval_km IS NOT NULL OR interval_hours IS NOT NULL OR interval_days IS NOT NULL)
);
CREATE INDEX maintenance_items_plan_idx ON maintenance_items (plan_id);

-- A plan covers vehicles named one by one and every vehicle of the groups named.
CREATE TABLE maintenance_plan_vehicles (
  plan_id integer NOT NULL REFERENCES maintenance_plans (id) ON DELETE CASCADE,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  PRIMARY KEY (plan_id, vehicle_id)
);
CREATE TABLE maintenance_plan_groups (
  plan_id integer NOT NULL REFERENCES maintenance_plans (id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES vehicle_groups (id) ON DELETE CASCADE,
  PRIMARY KEY (plan_id, group_id)
);

-- Where an item starts counting on a vehicle before any service names it: the day and counters
-- when the plan first covered the vehicle (written by the plan save and the maintenance job).
CREATE TABLE maintenance_anchors (
  item_id integer NOT NULL REFERENCES maintenance_items (id) ON DELETE CASCADE,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  tenant_id integer NOT NULL,
  day date NOT NULL,
  odometer_km double precision,
  engine_hours double precision,
  PRIMARY KEY (item_id, vehicle_id)
);

-- The counters as maintenance tracks them (resets carried as an offset, jumps refused) and the
-- daily usage rates of `rates_day`, both kept by the maintenance job (the rates change once a day).
CREATE TABLE maintenance_counters (
  vehicle_id integer PRIMARY KEY REFERENCES vehicles (id) ON DELETE CASCADE,
  tenant_id integer NOT NULL,
  km jsonb,
  hours jsonb,
  km_per_day double precision,
  hours_per_day double precision,
  rates_day date
);

CREATE TABLE maintenance_services (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  day date NOT NULL,
  odometer_km double precision,
  engine_hours double precision,
  cost double precision,
  workshop text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maintenance_services_vehicle_idx ON maintenance_services (tenant_id, vehicle_id, day);

-- The plan items a service did: the latest such service anchors the item on that vehicle.
CREATE TABLE maintenance_service_items (
  service_id integer NOT NULL REFERENCES maintenance_services (id) ON DELETE CASCADE,
  item_id integer NOT NULL REFERENCES maintenance_items (id) ON DELETE CASCADE,
  PRIMARY KEY (service_id, item_id)
);
CREATE INDEX maintenance_service_items_item_idx ON maintenance_service_items (item_id);

CREATE TABLE maintenance_additional (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'other',
  name text NOT NULL,
  due_day date,
  due_km double precision,
  notes text NOT NULL DEFAULT '',
  service_id integer REFERENCES maintenance_services (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maintenance_additional_tenant_idx ON maintenance_additional (tenant_id, vehicle_id);

CREATE TABLE maintenance_attachments (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL,
  service_id integer NOT NULL REFERENCES maintenance_services (id) ON DELETE CASCADE,
  name text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maintenance_attachments_service_idx ON maintenance_attachments (service_id);

-- MNP / MNV told once per item, vehicle, anchor and state (the job's ledger).
CREATE TABLE maintenance_notices (
  item_key text NOT NULL,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  anchor text NOT NULL,
  code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_key, vehicle_id, anchor, code)
);

-- The vehicle's own FMS service distance (IO 113), kept with its other counters.
ALTER TABLE vehicle_state ADD COLUMN service_distance_km double precision;
