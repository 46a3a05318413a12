-- The top-bar search (issue 23 item 3, docs/decisions/0032-search.md): accent- and case-insensitive
-- substring matching in the database, the same on PostgreSQL and the embedded PGlite (which loads
-- pg_trgm: apps/server/src/db/embedded-server.ts). pg_trgm is a trusted extension (PostgreSQL 13+):
-- the database owner may create it. unaccent is not used: it is not IMMUTABLE, so no index could
-- use it; rumbo_fold() lower-cases and strips the accents of Latin-1 and Latin Extended-A letters
-- with translate(); each searched table keeps it in a generated `search_key` column, and a trigram
-- GIN index on it answers LIKE '%…%'.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION rumbo_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN translate(lower(value), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzz');

-- Each searched row keeps its folded text (computed once per write: translate() over this many
-- multibyte letters costs ~100 µs a row, too much to run on every match of every query).
ALTER TABLE vehicles ADD COLUMN search_key text
  GENERATED ALWAYS AS (rumbo_fold(plate || ' ' || vim)) STORED;
ALTER TABLE drivers ADD COLUMN search_key text
  GENERATED ALWAYS AS (rumbo_fold(nombre || ' ' || apellido || ' ' || code)) STORED;
ALTER TABLE vehicle_groups ADD COLUMN search_key text GENERATED ALWAYS AS (rumbo_fold(name)) STORED;
ALTER TABLE geofences ADD COLUMN search_key text GENERATED ALWAYS AS (rumbo_fold(name)) STORED;
ALTER TABLE interest_points ADD COLUMN search_key text
  GENERATED ALWAYS AS (rumbo_fold(nombre)) STORED;

CREATE INDEX vehicles_search_idx ON vehicles USING gin (search_key gin_trgm_ops);
CREATE INDEX drivers_search_idx ON drivers USING gin (search_key gin_trgm_ops);
CREATE INDEX vehicle_groups_search_idx ON vehicle_groups USING gin (search_key gin_trgm_ops);
CREATE INDEX geofences_search_idx ON geofences USING gin (search_key gin_trgm_ops);
CREATE INDEX interest_points_search_idx ON interest_points USING gin (search_key gin_trgm_ops)
  WHERE NOT deleted;
-- Prefix matches in order, without sorting every match of a broad text.
CREATE INDEX vehicles_search_prefix_idx ON vehicles (tenant_id, search_key text_pattern_ops);
CREATE INDEX drivers_search_prefix_idx ON drivers (tenant_id, search_key text_pattern_ops);
CREATE INDEX geofences_search_prefix_idx ON geofences (tenant_id, search_key text_pattern_ops);
CREATE INDEX interest_points_search_prefix_idx ON interest_points (tenant_id, search_key text_pattern_ops)
  WHERE NOT deleted;
