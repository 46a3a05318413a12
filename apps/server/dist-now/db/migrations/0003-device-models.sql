-- Device models per tenant: an optional IO mapping override (Teltonika IO id → Position field)
-- on top of a family's built-in table. Devices refer to a model by name (devices.model), matched
-- case-insensitively within the device's tenant and protocol; a device whose model has no row
-- decodes with the family table its name implies (FMB640 when unknown).
CREATE TABLE device_models (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  protocol text NOT NULL CHECK (protocol IN ('teltonika', 'osmand', 'mqtt')),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  -- Base family of the IO table; NULL = implied by the name.
  family text CHECK (family IN ('fmb640', 'fmb1xx')),
  -- {"rules": [...]} validated by the server (zod) before it is written; NULL = no override.
  io_mapping jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_models_name_key ON device_models (tenant_id, protocol, lower(btrim(name)));
