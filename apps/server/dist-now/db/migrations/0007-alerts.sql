-- Alerts (issue 11, docs/decisions/0017-alert-engine.md): the catalogue as data, events
-- partitioned by month, per-tenant settings, per-user notifications and the dispatch ledger that
-- makes an event notify once.

CREATE TABLE alert_type_group (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  description_es text NOT NULL,
  description_en text NOT NULL,
  sort integer NOT NULL
);

-- severity is the web snackbar's type (success, info, warning, error).
CREATE TABLE alert_type (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES alert_type_group (id),
  code text NOT NULL,
  description_es text NOT NULL,
  description_en text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('success', 'info', 'warning', 'error')),
  sort integer NOT NULL
);
-- Codes are looked up case-insensitively.
CREATE UNIQUE INDEX alert_type_code_key ON alert_type (upper(code));

INSERT INTO alert_type_group (code, description_es, description_en, sort) VALUES
  ('speed', 'Velocidad', 'Speed', 1),
  ('zones', 'Zonas', 'Zones', 2),
  ('pois', 'Puntos de interés', 'Points of interest', 3),
  ('stops', 'Detenciones', 'Stops', 4),
  ('route', 'Ruta', 'Route', 5),
  ('driver', 'Chofer', 'Driver', 6),
  ('device', 'Dispositivo', 'Device', 7),
  ('driving', 'Conducción', 'Driving', 8),
  ('temperature', 'Temperatura', 'Temperature', 9),
  ('ours', 'Combustible, mantenimiento y fallas', 'Fuel, maintenance and faults', 10);

INSERT INTO alert_type (group_id, code, description_es, description_en, severity, sort)
SELECT g.id, t.code, t.es, t.en, t.severity, t.sort
FROM (VALUES
  ('speed', 'V20', 'Exceso de velocidad > 20 km/h', 'Speed over 20 km/h', 'warning', 1),
  ('speed', 'V25', 'Exceso de velocidad > 25 km/h', 'Speed over 25 km/h', 'warning', 2),
  ('speed', 'V30', 'Exceso de velocidad > 30 km/h', 'Speed over 30 km/h', 'warning', 3),
  ('speed', 'V40', 'Exceso de velocidad > 40 km/h', 'Speed over 40 km/h', 'warning', 4),
  ('speed', 'V45', 'Exceso de velocidad > 45 km/h', 'Speed over 45 km/h', 'warning', 5),
  ('speed', 'V50', 'Exceso de velocidad > 50 km/h', 'Speed over 50 km/h', 'warning', 6),
  ('speed', 'V55', 'Exceso de velocidad > 55 km/h', 'Speed over 55 km/h', 'warning', 7),
  ('speed', 'V60', 'Exceso de velocidad > 60 km/h', 'Speed over 60 km/h', 'warning', 8),
  ('speed', 'V75', 'Exceso de velocidad > 75 km/h', 'Speed over 75 km/h', 'warning', 9),
  ('speed', 'V85', 'Exceso de velocidad > 85 km/h', 'Speed over 85 km/h', 'warning', 10),
  ('speed', 'V95', 'Exceso de velocidad > 95 km/h', 'Speed over 95 km/h', 'error', 11),
  ('speed', 'EXV', 'Exceso de velocidad', 'Over the vehicle''s limit', 'error', 12),
  ('speed', 'EEZ', 'Exceso de velocidad en zona', 'Over the geofence''s limit', 'error', 13),
  ('zones', 'AZA', 'Arribo a zona', 'Geofence entry', 'info', 20),
  ('zones', 'SDZ', 'Salida de zona', 'Geofence exit', 'info', 21),
  ('zones', 'AZP', 'Acceso a zona prohibida', 'Entry into a forbidden zone', 'error', 22),
  ('zones', 'DZP', 'Detención en zona prohibida', 'Stop in a forbidden zone', 'error', 23),
  ('zones', 'DAZ', 'Detención fuera de zona autorizada', 'Stop outside allowed zones', 'warning', 24),
  ('pois', 'AIP', 'Arribo a punto de interés', 'POI arrival', 'info', 30),
  ('pois', 'DPI', 'Detención en punto de interés', 'Stop at a POI', 'info', 31),
  ('pois', 'CIP', 'Circulación por punto de interés', 'Passing a POI', 'info', 32),
  ('stops', 'D20', 'Detención mayor a 20 min', 'Stop over 20 min', 'warning', 40),
  ('stops', 'EDT', 'Exceso de tiempo en ralentí', 'Idle too long', 'warning', 41),
  ('route', 'DDR', 'Desvío de ruta', 'Route deviation', 'warning', 50),
  ('driver', 'IDD', 'Identificación de chofer', 'Driver identified', 'info', 60),
  ('driver', 'NUM', 'Chofer no registrado', 'Unknown driver', 'warning', 61),
  ('device', 'DFP', 'Desconexión de fuente de poder', 'Main power cut', 'error', 70),
  ('device', 'DTS', 'Dispositivo sin transmisión', 'Device silent', 'warning', 71),
  ('driving', 'AAB', 'Aceleración abrupta', 'Harsh acceleration', 'warning', 80),
  ('driving', 'AFI', 'Frenada intensa', 'Harsh braking', 'warning', 81),
  ('driving', 'CAB', 'Curva abrupta', 'Harsh cornering', 'warning', 82),
  ('temperature', 'TSC', 'Temperatura sobre consigna', 'Above set-point', 'error', 90),
  ('temperature', 'TIC', 'Temperatura inferior a consigna', 'Below set-point', 'error', 91),
  ('temperature', 'TFC', 'Temperatura fuera de consigna', 'Out of range', 'error', 92),
  ('temperature', 'TCC', 'Temperatura en consigna', 'Back in range', 'success', 93),
  ('temperature', 'SCT', 'Sensor de temperatura sin comunicación', 'Sensor silent', 'warning', 94),
  ('ours', 'CRG', 'Carga de combustible', 'Fuel refill', 'info', 100),
  ('ours', 'DCS', 'Sospecha de robo de combustible', 'Suspected fuel theft', 'error', 101),
  ('ours', 'AUR', 'Carga de AdBlue', 'AdBlue refill', 'info', 102),
  ('ours', 'MNP', 'Mantenimiento próximo', 'Maintenance due soon', 'info', 103),
  ('ours', 'MNV', 'Mantenimiento vencido', 'Maintenance overdue', 'warning', 104),
  ('ours', 'FCR', 'Falla crítica', 'Critical fault', 'error', 105)
) AS t (grp, code, es, en, severity, sort)
JOIN alert_type_group g ON g.code = t.grp;

-- Events (domain.md §10), partitioned by month of start_time like positions (partitions made
-- ahead by the housekeeping job; a month without one uses the default partition). The key
-- (vehicle_id, code, start_time) is the episode: a recompute that re-creates it rewrites this row.
-- Handling (acknowledged_*) survives a recompute: the events sink's deleteRange keeps handled rows.
CREATE TABLE events (
  id bigserial NOT NULL,
  tenant_id integer NOT NULL,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  code text NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz,
  lat double precision,
  lng double precision,
  value double precision,
  driver_code text,
  -- idzona, idinterestpoint, temperature, route (spec §3) and any other rule data
  data jsonb,
  acknowledged_at timestamptz,
  acknowledged_by integer REFERENCES users (id) ON DELETE SET NULL,
  ack_comment text,
  PRIMARY KEY (vehicle_id, code, start_time)
) PARTITION BY RANGE (start_time);
CREATE TABLE events_default PARTITION OF events DEFAULT;
CREATE INDEX events_tenant_time_idx ON events (tenant_id, start_time);
CREATE INDEX events_id_idx ON events (id);

-- One row per tenant: the administrator's alert settings (a JSON document validated by the
-- server's zod schema, packages/contracts/src/alert-settings.ts); no row = the defaults.
CREATE TABLE alert_settings (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);

-- The episodes already notified: claimed in the transaction that stores their notifications, so
-- an event notifies once whatever recomputes, redeliveries or processes replay it.
CREATE TABLE alert_dispatches (
  vehicle_id integer NOT NULL,
  code text NOT NULL,
  start_time timestamptz NOT NULL,
  tenant_id integer NOT NULL,
  dispatched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vehicle_id, code, start_time)
);
CREATE INDEX alert_dispatches_time_idx ON alert_dispatches (dispatched_at);

-- Each user's notification list (spec §9: at most 99 kept, newest first).
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  vehicle_id integer NOT NULL,
  code text NOT NULL,
  start_time timestamptz NOT NULL,
  plate text NOT NULL,
  driver_code text,
  payload jsonb NOT NULL,
  data jsonb,
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
