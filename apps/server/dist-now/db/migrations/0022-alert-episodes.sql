-- Alerts that mean something (issue 22, docs/decisions/0033-alert-episodes.md).

-- Each code's importance for a fleet manager: information, warning or critical. The snackbar
-- shows critical codes only unless the user widens it; the bell and the alert list show it.
ALTER TABLE alert_type ADD COLUMN level text NOT NULL DEFAULT 'warning'
  CHECK (level IN ('information', 'warning', 'critical'));
UPDATE alert_type SET level = 'critical'
  WHERE code IN ('AZP', 'DZP', 'DFP', 'DCS', 'FCR', 'TSC', 'TIC', 'TFC');
UPDATE alert_type SET level = 'information'
  WHERE code IN ('AZA', 'SDZ', 'AIP', 'DPI', 'CIP', 'IDD', 'TCC', 'CRG', 'AUR', 'MNP');

-- Zone entry and exit (AZA, SDZ) notify only for zones an administrator marked. Zones saved
-- before this migration notified: they keep doing so; a new zone does not until marked.
ALTER TABLE geofences ADD COLUMN notify boolean NOT NULL DEFAULT false;
UPDATE geofences SET notify = true;

-- An event is an alert (in the alert list, the bell, mails) or a fact kept for the vehicle's
-- history and the screens that read it (places visited, refills): a crossing of an unmarked zone,
-- a zone's exit, a code the tenant turned off.
ALTER TABLE events ADD COLUMN listed boolean NOT NULL DEFAULT true;
