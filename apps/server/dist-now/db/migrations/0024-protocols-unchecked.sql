-- The protocol list lives in one place, packages/contracts/src/protocols.ts (issue 24): the API
-- validates `protocol` against it, so the database no longer repeats it in CHECK constraints (a
-- new protocol would have needed a hand-written migration). docs/decisions/0040-protocol-adapter.md
ALTER TABLE devices DROP CONSTRAINT IF EXISTS devices_protocol_check;
ALTER TABLE device_models DROP CONSTRAINT IF EXISTS device_models_protocol_check;
