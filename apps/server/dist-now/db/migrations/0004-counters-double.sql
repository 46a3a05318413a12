-- Cumulative counters need double precision: a real (float4) holds about seven digits, so a fuel
-- counter of 1,000,000 L moved in steps of 0.0625 L and an engine-hour counter of 20,000 h in
-- steps of 7 s — coarser than what one record adds.
ALTER TABLE positions ALTER COLUMN fuel_used_l TYPE double precision;
ALTER TABLE positions ALTER COLUMN engine_hours TYPE double precision;
