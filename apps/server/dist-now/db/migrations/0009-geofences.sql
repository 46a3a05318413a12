-- Geofences and points of interest (issue 12, docs/decisions/0020-geofences.md). No PostGIS (the
-- embedded PGlite has none): a geometry is its GeoJSON (`[lng, lat]` positions) with its bounding
-- box in plain columns (widened by a corridor's half width or a circle's radius) for SQL
-- prefiltering; exact tests run in the pipeline's memory (packages/telematics/src/zones/).

CREATE TABLE geofences (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- polygon: a GeoJSON Polygon; corridor: a LineString with width_m; circle: a Point with radius_m
  kind text NOT NULL CHECK (kind IN ('polygon', 'corridor', 'circle')),
  geom jsonb NOT NULL,
  width_m double precision CHECK (kind <> 'corridor' OR width_m > 0),
  radius_m double precision CHECK (kind <> 'circle' OR radius_m > 0),
  access_type text NOT NULL DEFAULT 'none' CHECK (access_type IN ('allowed', 'forbidden', 'none')),
  -- true: every vehicle of the tenant (those added later too); false: vehicle_ids and group_ids
  auto_asign boolean NOT NULL DEFAULT false,
  speed_limit_kmh integer,
  attributes jsonb NOT NULL DEFAULT '{}',
  color text NOT NULL,
  vehicle_ids integer[] NOT NULL DEFAULT '{}',
  group_ids integer[] NOT NULL DEFAULT '{}',
  min_lng double precision NOT NULL,
  min_lat double precision NOT NULL,
  max_lng double precision NOT NULL,
  max_lat double precision NOT NULL,
  vertex_count integer NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX geofences_tenant_bbox_idx ON geofences (tenant_id, min_lng, max_lng);

-- POI types: built-in ones (tenant_id null, `code` names them in the user's language) and a
-- tenant's own.
CREATE TABLE interest_point_types (
  id serial PRIMARY KEY,
  tenant_id integer REFERENCES tenants (id) ON DELETE CASCADE,
  code text UNIQUE,
  nombre text NOT NULL,
  icono text NOT NULL
);
CREATE INDEX interest_point_types_tenant_idx ON interest_point_types (tenant_id);
INSERT INTO interest_point_types (code, nombre, icono) VALUES
  ('fuel', 'Estación de servicio', 'fuel'),
  ('depot', 'Base', 'depot'),
  ('client', 'Cliente', 'client'),
  ('warehouse', 'Almacén', 'warehouse'),
  ('workshop', 'Taller', 'workshop'),
  ('parking', 'Aparcamiento de camiones', 'parking'),
  ('restaurant', 'Restaurante', 'restaurant'),
  ('toll', 'Peaje', 'toll'),
  ('port', 'Puerto', 'port'),
  ('other', 'Otro', 'other');

-- Points of interest (spec §3); `deleted` is a soft delete: past events keep naming them.
CREATE TABLE interest_points (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  type_id integer REFERENCES interest_point_types (id) ON DELETE SET NULL,
  nombre text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  radio_m double precision NOT NULL CHECK (radio_m > 0),
  id_cliente integer,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX interest_points_tenant_idx ON interest_points (tenant_id) WHERE NOT deleted;
