-- Fuel screens (issue 14, docs/decisions/0024-fuel-screens.md).
--
-- The tank model: one or more fuel tanks per vehicle, each {capacityL, calibration: [{pct, litres}]
-- | null} (validated by the server's zod schema, packages/contracts/src/fuel.ts). NULL = one linear
-- tank of tank_capacity_l, as before; tank_capacity_l stays the tanks' sum (what the vehicle form
-- shows), and a vehicle edit that changes it drops the tanks back to that one linear tank.
ALTER TABLE vehicles ADD COLUMN fuel_tanks jsonb;

-- A person's review of a suspected theft (DCS): confirmed or dismissed. Who, when and the note are
-- the event's acknowledged_by / acknowledged_at / ack_comment, so a recompute keeps the reviewed
-- row (the events sink deletes only unhandled ones).
ALTER TABLE events ADD COLUMN review text CHECK (review IN ('confirmed', 'dismissed'));

-- The refill screen's totals per code over a period: litres and review from the index alone (an
-- index-only scan reads a fraction of the pages the rows with their evidence take).
CREATE INDEX events_tenant_code_time_idx ON events (tenant_id, code, start_time)
  INCLUDE (value, review);
