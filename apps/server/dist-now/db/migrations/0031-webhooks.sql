-- Webhooks (issue 27 item 3, docs/decisions/0053-webhooks.md): an administrator's endpoints, the
-- transactional outbox the pipeline writes in the same transaction as the facts it reports, and
-- one delivery per (endpoint, event). The secret signs each request (HMAC-SHA256), so it is kept
-- as it is (it must be read back to sign); the API shows it once, at creation.
CREATE TABLE webhook_endpoints (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  event_kinds text[] NOT NULL,
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  paused_reason text,
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant_id);

-- One row per event told. `dedup_key` (vehicle, kind, the fact's start) keeps a recompute's
-- replay of a fact already told from telling it again.
CREATE TABLE webhook_outbox (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  event_kind text NOT NULL,
  dedup_key text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, dedup_key)
);
CREATE INDEX webhook_outbox_created ON webhook_outbox (created_at);

CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  outbox_id bigint NOT NULL REFERENCES webhook_outbox (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  last_error text,
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  UNIQUE (endpoint_id, outbox_id)
);
-- The job takes each endpoint's oldest pending delivery (order per endpoint).
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (endpoint_id, outbox_id)
  WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, id DESC);
