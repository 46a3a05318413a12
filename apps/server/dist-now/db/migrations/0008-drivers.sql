-- Drivers (spec §3, §7 /driver; issue 11). `code` is the tachograph card or iButton id a device
-- reports (positions.driver_code, vehicle_state.driver_code), stored upper-cased; '' = none.
CREATE TABLE drivers (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  nombre text NOT NULL,
  apellido text NOT NULL DEFAULT '',
  documento text NOT NULL DEFAULT '',
  code text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  licencia text NOT NULL DEFAULT '',
  licencia_vence date,
  group_id integer REFERENCES vehicle_groups (id) ON DELETE SET NULL,
  notas text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drivers_tenant_idx ON drivers (tenant_id);
-- One driver per card in a tenant; drivers without a card don't collide.
CREATE UNIQUE INDEX drivers_tenant_code_key ON drivers (tenant_id, code) WHERE code <> '';
