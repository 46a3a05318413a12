import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Unit } from '../lib/unit.js';
import { deliverOutbox, type MailTransport } from '../modules/mail/index.js';

/**
 * The mail outbox (password recovery, reports): due mails delivered every second through the
 * transport (SMTP_URL, or a folder under DATA_DIR); a pass still running is not started again.
 * The transport is opened on start and closed on stop.
 */
export function mailJob(deps: {
  db: Kysely<Database>;
  transport: () => MailTransport;
  from: string;
  clock: Clock;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}): Unit {
  let timer: NodeJS.Timeout | undefined;
  let transport: MailTransport | undefined;
  let running: Promise<void> | undefined;
  return {
    start() {
      const open = deps.transport();
      transport = open;
      timer = setInterval(() => {
        if (running) return;
        running = deliverOutbox(deps.db, open, deps.from, deps.clock, (error, mail) =>
          deps.log.warn({ err: error, to: mail.to }, 'mail delivery failed'),
        )
          .then(() => undefined)
          .catch((error: unknown) => deps.log.error({ err: error }, 'mail outbox failed'))
          .finally(() => (running = undefined));
      }, 1000);
      timer.unref();
      return Promise.resolve();
    },
    async stop() {
      clearInterval(timer);
      await running;
      transport?.close();
      transport = undefined;
    },
  };
}
