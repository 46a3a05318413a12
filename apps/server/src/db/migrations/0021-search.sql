-- The top-bar search (issue 23 item 3, docs/decisions/0032-search.md): accent- and case-insensitive
-- substring matching in the database, the same on PostgreSQL and the embedded PGlite (which loads
-- pg_trgm: apps/server/src/db/embedded-server.ts). pg_trgm is a trusted extension (PostgreSQL 13+):
-- the database owner may create it. unaccent is not used: it is not IMMUTABLE, so no index could
-- use it; rumbo_fold() lower-cases and strips the accents of Latin-1 and Latin Extended-A letters
-- with translate(), and a trigram GIN index on each searched expression answers LIKE '%…%'.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION rumbo_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN translate(lower(value), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzz');

CREATE INDEX vehicles_search_idx ON vehicles
  USING gin (rumbo_fold(plate || ' ' || vim) gin_trgm_ops);
CREATE INDEX drivers_search_idx ON drivers
  USING gin (rumbo_fold(nombre || ' ' || apellido || ' ' || code) gin_trgm_ops);
CREATE INDEX vehicle_groups_search_idx ON vehicle_groups USING gin (rumbo_fold(name) gin_trgm_ops);
CREATE INDEX geofences_search_idx ON geofences USING gin (rumbo_fold(name) gin_trgm_ops);
CREATE INDEX interest_points_search_idx ON interest_points
  USING gin (rumbo_fold(nombre) gin_trgm_ops) WHERE NOT deleted;
