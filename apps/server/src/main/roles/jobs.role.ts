import { join } from 'node:path';
import { housekeepingJob } from '../../jobs/housekeeping.job.js';
import { jobLease, type JobLease } from '../../jobs/job-lease.js';
import { mailJob } from '../../jobs/mail.job.js';
import { maintenanceJob } from '../../jobs/maintenance.job.js';
import { placesNamingJob } from '../../jobs/places.job.js';
import { reportsJob } from '../../jobs/reports.job.js';
import { silenceJob } from '../../jobs/silence.job.js';
import { webhooksJob } from '../../jobs/webhooks.job.js';
import { unitsInOrder, type Unit } from '../../lib/unit.js';
import { folderTransport, smtpTransport } from '../../modules/mail/index.js';
import { PositionPartitions } from '../../pipeline/partitions.js';
import type { NodeParts } from '../parts.js';

/**
 * `jobs`: the cluster's scheduled work (src/jobs/), with `serve` only: housekeeping (partitions,
 * retention), `DTS` silences, maintenance notices, places naming, webhook deliveries, scheduled
 * reports, under one lease in a cluster
 * (PostgreSQL: one process at a time), and the mail outbox.
 */
export function jobsRole(parts: NodeParts, options: { serve: boolean }): Unit {
  const { config, database, log, alerts, clock } = parts;
  const db = database.db;
  // In a cluster (PostgreSQL), scheduled work runs in one process at a time.
  const lease: JobLease | undefined =
    options.serve && database.mode === 'postgres' ? jobLease(database.pool) : undefined;
  const transport = () =>
    config.SMTP_URL
      ? smtpTransport(config.SMTP_URL)
      : folderTransport(join(config.DATA_DIR, 'outbox'), (line) => log.info({}, line));
  const jobs = options.serve
    ? unitsInOrder([
        housekeepingJob({
          db,
          partitions: parts.partitions,
          eventPartitions: new PositionPartitions('events'),
          retentionDays: config.RETENTION_DAYS,
          lease,
          log,
        }),
        silenceJob({ detectSilences: () => alerts.detectSilences(), lease, log }),
        maintenanceJob({ db, dispatcher: alerts.dispatcher, lease, log }),
        placesNamingJob({ places: parts.places.job, lease, log }),
        webhooksJob({
          db,
          clock,
          policy: {
            allowHttp: config.WEBHOOKS_ALLOW_HTTP,
            allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
          },
          retryBaseMs: config.WEBHOOKS_RETRY_BASE_S * 1000,
          onPaused: (tenantId) => parts.bus.publishAlertSettingsChanged(tenantId),
          lease,
          log,
        }),
        mailJob({ db, transport, from: config.MAIL_FROM, clock, log }),
        reportsJob({ db, transport, from: config.MAIL_FROM, clock, lease, log }),
      ])
    : unitsInOrder([]);
  return {
    start: () => jobs.start(),
    async stop() {
      await jobs.stop();
      await lease?.close();
    },
  };
}
