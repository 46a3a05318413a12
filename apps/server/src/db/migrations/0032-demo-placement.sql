-- The demo's drivers placed near a limit at the first start's present (decision 0048): a search
-- of about a second, kept across restarts. `key` names what the placement depends on (the seed,
-- the fleet's size, its start and the first start's present, the placement's version); a row of
-- another key, or one that does not read back, is computed again. JSON in `placement`.
CREATE TABLE demo_placement (
  key text PRIMARY KEY,
  placement text NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
