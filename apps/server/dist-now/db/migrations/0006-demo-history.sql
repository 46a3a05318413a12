-- The demo fleet's history, one row per simulated truck: where its simulation starts, the period
-- its history covers and how much of it is stored, so an interrupted first start resumes where it
-- stopped (docs/decisions/0019-demo-first-run.md).
CREATE TABLE demo_history (
  device_id integer PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  sim_start timestamptz NOT NULL,
  history_from timestamptz NOT NULL,
  history_until timestamptz NOT NULL,
  -- Every record the simulation released before this instant is stored, the first one aside.
  stored_until timestamptz NOT NULL,
  -- The first record goes last: being the oldest, it makes the pipeline recompute the whole
  -- history. Set when it is sent, to the largest trips.id then: the recompute has run once every
  -- trip of the vehicle is newer.
  first_sent_after_trip bigint,
  completed_at timestamptz
);
