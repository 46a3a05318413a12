-- Scheduled e-mail reports (issue 27 item 1, docs/decisions/0052-scheduled-reports.md): a user's
-- subscription to a report with its filters, sent at a wall-clock time in the user's zone, and a
-- log of every send. A slot (the instant a send was due) is sent once: the jobs process that
-- inserts its row in report_sends owns it, the UNIQUE refuses the other processes.
CREATE TABLE report_subscriptions (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  report text NOT NULL CHECK (report IN ('fleet-summary', 'trips', 'alerts', 'idle', 'safe-driving', 'fuel', 'maintenance', 'faults')),
  filters jsonb NOT NULL DEFAULT '{}',
  period text NOT NULL CHECK (period IN ('yesterday', 'last_week', 'last_month')),
  schedule text NOT NULL CHECK (schedule IN ('daily', 'weekly', 'monthly')),
  -- weekly: ISO weekday 1 (Monday) … 7; monthly: day of month 1 … 31 (the last day in shorter months).
  schedule_day smallint,
  -- Minutes after local midnight, in time_zone (the user's zone when saved).
  at_minute smallint NOT NULL CHECK (at_minute BETWEEN 0 AND 1439),
  time_zone text NOT NULL,
  recipient_user_ids integer[] NOT NULL DEFAULT '{}',
  recipient_addresses text[] NOT NULL DEFAULT '{}',
  language text NOT NULL CHECK (language IN ('es', 'en')),
  enabled boolean NOT NULL DEFAULT true,
  next_due_at timestamptz,
  last_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_subscriptions_user ON report_subscriptions (tenant_id, user_id);
CREATE INDEX report_subscriptions_due ON report_subscriptions (next_due_at) WHERE enabled;

CREATE TABLE report_sends (
  id serial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES report_subscriptions (id) ON DELETE CASCADE,
  slot_at timestamptz NOT NULL,
  -- 'sending': claimed by a process until claimed_until; 'retry': failed, again at next_attempt_at.
  status text NOT NULL CHECK (status IN ('sending', 'retry', 'sent', 'failed')),
  manual boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  claimed_until timestamptz,
  next_attempt_at timestamptz,
  sent_at timestamptz,
  UNIQUE (subscription_id, slot_at)
);
CREATE INDEX report_sends_pending ON report_sends (next_attempt_at) WHERE status IN ('sending', 'retry');

-- Outside addresses an administrator allowed as recipients (tenant users need no entry).
CREATE TABLE report_allowed_addresses (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, address)
);
