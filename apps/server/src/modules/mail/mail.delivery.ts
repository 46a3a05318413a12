import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { dueMails, markMailFailed, markMailSent, type OutboxMail } from './mail.repository.js';

/** A mail to send: the outbox's, or a report's with an HTML part and attachments. */
export interface MailMessage extends Pick<OutboxMail, 'to' | 'subject' | 'text'> {
  /** Names the .eml file of the folder transport. */
  id: number | string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** Sends one mail somewhere: SMTP, or a folder. */
export interface MailTransport {
  send(mail: MailMessage, from: string): Promise<void>;
  close(): void;
}

/** Delivers through an SMTP server given as `smtp://user:pass@host:port`. */
export function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail, from) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
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
      for (const attachment of mail.attachments ?? [])
        await writeFile(
          join(folder, `${String(mail.id)}-${attachment.filename}`),
          attachment.content,
        );
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
