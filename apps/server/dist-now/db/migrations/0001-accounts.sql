-- Tenants, roles, users, sessions, one-time codes, recovery tokens and the mail outbox.
CREATE TABLE tenants (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- tenant_id NULL marks a built-in role every tenant can use.
CREATE TABLE roles (
  id serial PRIMARY KEY,
  tenant_id integer REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  start_on text NOT NULL,
  views jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (tenant_id, name)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role_id integer NOT NULL REFERENCES roles (id),
  nombre text NOT NULL DEFAULT '',
  apellido text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  domicilio text NOT NULL DEFAULT '',
  avatar bytea,
  avatar_mime text,
  config jsonb NOT NULL,
  dark_mode boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_email_idx ON users (lower(email));
CREATE INDEX users_tenant_idx ON users (tenant_id);

-- Tokens are stored as SHA-256 hashes; the clear token only ever lives in the client.
CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('web', 'v2')),
  token_hash bytea NOT NULL UNIQUE,
  digest text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE one_time_codes (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL UNIQUE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE recovery_tokens (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Proof-of-work payloads already spent, so one solution cannot be replayed.
CREATE TABLE human_checks_spent (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Mail is written here in the same transaction as what caused it, then delivered by a job.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  tenant_id integer REFERENCES tenants (id) ON DELETE SET NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz
);
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
