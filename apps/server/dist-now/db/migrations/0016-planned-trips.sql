-- Planned trips (issue 15, trip loading; docs/decisions/0027-planned-trips.md). A plan names its
-- stops (origin first, destination last, each with a planned time and a radius) and its route as
-- GeoJSON `[lng, lat]` positions with the corridor each side of it. The route detector's facts go
-- to planned_trip_progress (one row per thing seen: started, at a stop, left it, arrived, late,
-- left the corridor, back on it) and the newest ETA to planned_trip_eta.
CREATE TABLE planned_trips (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  vehicle_id integer NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  driver_id integer REFERENCES drivers (id) ON DELETE SET NULL,
  name text NOT NULL,
  stops jsonb NOT NULL,
  route jsonb NOT NULL,
  route_source text NOT NULL CHECK (route_source IN ('drawn', 'trip', 'stops')),
  corridor_m integer NOT NULL CHECK (corridor_m > 0),
  planned_start timestamptz NOT NULL,
  planned_end timestamptz NOT NULL,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX planned_trips_tenant_start_idx ON planned_trips (tenant_id, planned_start);
CREATE INDEX planned_trips_vehicle_end_idx ON planned_trips (vehicle_id, planned_end);

CREATE TABLE planned_trip_progress (
  planned_trip_id integer NOT NULL REFERENCES planned_trips (id) ON DELETE CASCADE,
  vehicle_id integer NOT NULL,
  kind text NOT NULL,
  -- the stop it concerns, -1 for the trip as a whole
  stop_index integer NOT NULL,
  at timestamptz NOT NULL,
  lat double precision,
  lng double precision,
  PRIMARY KEY (planned_trip_id, kind, stop_index, at)
);
CREATE INDEX planned_trip_progress_vehicle_at_idx ON planned_trip_progress (vehicle_id, at);

CREATE TABLE planned_trip_eta (
  planned_trip_id integer PRIMARY KEY REFERENCES planned_trips (id) ON DELETE CASCADE,
  vehicle_id integer NOT NULL,
  at timestamptz NOT NULL,
  eta timestamptz,
  remaining_m double precision NOT NULL,
  off_route boolean NOT NULL DEFAULT false
);
