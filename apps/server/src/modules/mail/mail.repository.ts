import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A mail waiting in the outbox. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  attempts: number;
}

/** Queues a mail; call inside the transaction that caused it. */
export async function enqueueMail(
  db: Db,
  mail: { tenantId: number | null; to: string; subject: string; text: string },
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      tenant_id: mail.tenantId,
      to_address: mail.to,
      subject: mail.subject,
      body_text: mail.text,
      last_error: null,
      sent_at: null,
    })
    .execute();
}

/** Mails due for a delivery attempt, oldest first. */
export async function dueMails(db: Db, now: Date, limit: number): Promise<OutboxMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'body_text', 'attempts'])
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where('attempts', '<', 10)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.body_text,
    attempts: row.attempts,
  }));
}

/** Marks a mail delivered. */
export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at: now }).where('id', '=', id).execute();
}

/** Records a failed attempt and when to try again. */
export async function markMailFailed(
  db: Db,
  id: number,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      next_attempt_at: retryAt,
    }))
    .where('id', '=', id)
    .execute();
}
