-- Geofences (issue 12): +1 on every save, so the pipeline's zone index recompiles only the zones
-- whose revision changed (two saves within one millisecond have the same updated_at to JS).
ALTER TABLE geofences ADD COLUMN revision integer NOT NULL DEFAULT 0;
