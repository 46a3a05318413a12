-- Places on facts (issue 23, docs/decisions/0031-places.md): each position a screen shows gets a
-- structured, language-neutral place (jsonb: kind zone|poi|locality|address, name, locality,
-- admin, country, distanceM, bearingDeg, per-language labels of an engine's address), written by
-- the pipeline's sinks when the fact is stored and by the places job for older facts and for the
-- street address of a configured geocoder. Rendered in the reader's language when read.
ALTER TABLE trips ADD COLUMN start_place jsonb, ADD COLUMN end_place jsonb;
ALTER TABLE stops ADD COLUMN place jsonb;
ALTER TABLE idle_periods ADD COLUMN place jsonb;
ALTER TABLE events ADD COLUMN place jsonb;
ALTER TABLE faults ADD COLUMN start_place jsonb;
ALTER TABLE planned_trip_progress ADD COLUMN place jsonb;

-- The geocoder's answers by position rounded to 1e-4 degrees (about 11 m) and language.
CREATE TABLE geocode_cache (
  lat_e4 integer NOT NULL,
  lng_e4 integer NOT NULL,
  lang text NOT NULL,
  -- the engine's address (structured), or null when it had none for that position
  place jsonb,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lat_e4, lng_e4, lang)
);

-- The places job's queues: facts not named yet (stored before the gazetteer loaded, or before
-- this migration), and localities a configured engine has not been asked about.
CREATE INDEX trips_start_place_todo_idx ON trips (id) WHERE start_place IS NULL;
CREATE INDEX trips_end_place_todo_idx ON trips (id) WHERE end_place IS NULL;
CREATE INDEX stops_place_todo_idx ON stops (id) WHERE place IS NULL;
CREATE INDEX idle_periods_place_todo_idx ON idle_periods (id) WHERE place IS NULL;
CREATE INDEX events_place_todo_idx ON events (start_time) WHERE place IS NULL AND lat IS NOT NULL;
CREATE INDEX faults_place_todo_idx ON faults (id) WHERE start_place IS NULL;
CREATE INDEX trips_end_place_engine_idx ON trips (id)
  WHERE (end_place ->> 'kind') = 'locality' AND (end_place ->> 'checked') IS NULL;
CREATE INDEX stops_place_engine_idx ON stops (id)
  WHERE (place ->> 'kind') = 'locality' AND (place ->> 'checked') IS NULL;
