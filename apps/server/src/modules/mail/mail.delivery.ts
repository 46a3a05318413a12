import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { dueMails, markMailFailed, markMailSent, type OutboxMail } from './mail.repository.js';

/** Sends one mail somewhere: SMTP, or a folder. */
export interface MailTransport {
  send(mail: OutboxMail, from: string): Promise<void>;
  close(): void;
}

/** Delivers through an SMTP server given as `smtp://user:pass@host:port`. */
export function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail, from) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP: writes each mail as an .eml file into `folder` and logs it. */
export function folderTransport(folder: string, log: (line: string) => void): MailTransport {
  return {
    async send(mail, from) {
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${String(mail.id).padStart(8, '0')}.eml`);
      const eml = `From: ${from}\r\nTo: ${mail.to}\r\nSubject: ${mail.subject}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${mail.text}\r\n`;
      await writeFile(file, eml);
      log(`mail to ${mail.to} written to ${file}:\n${mail.text}`);
    },
    close: () => undefined,
  };
}

/** Delivers due outbox mails; safe to call often. Returns how many were sent. */
export async function deliverOutbox(
  db: Kysely<Database>,
  transport: MailTransport,
  from: string,
  clock: Clock,
  onError: (error: unknown, mail: OutboxMail) => void,
): Promise<number> {
  const now = new Date(clock.nowMs());
  const mails = await dueMails(db, now, 20);
  let sent = 0;
  for (const mail of mails) {
    try {
      await transport.send(mail, from);
      await markMailSent(db, mail.id, new Date(clock.nowMs()));
      sent += 1;
    } catch (error) {
      onError(error, mail);
      const backoffMs = Math.min(60 * 60_000, 5_000 * 2 ** mail.attempts);
      await markMailFailed(db, mail.id, String(error), new Date(clock.nowMs() + backoffMs));
    }
  }
  return sent;
}
