-- API keys (issue 27, docs/decisions/0050-api-keys.md): an administrator's keys for the tenant's
-- other systems. The secret is stored as its SHA-256 (a key is 32 random bytes, so a fast hash is
-- enough; passwords, chosen by people, take argon2id). A key acts with its creator's user id and
-- dies with it; revoked keys stay listed (who made it, when it was last used) until deleted.
CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  secret_hash bytea NOT NULL,
  secret_start text NOT NULL,
  scopes text[] NOT NULL,
  allowed_addresses text[] NOT NULL DEFAULT '{}',
  expires_at timestamptz,
  created_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  last_used_at timestamptz,
  last_used_from text,
  uses bigint NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at DESC);

-- Every use, counted per key, day and address (written in batches every few seconds).
CREATE TABLE api_key_uses (
  key_id integer NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  day date NOT NULL,
  address text NOT NULL,
  uses bigint NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (key_id, day, address)
);
