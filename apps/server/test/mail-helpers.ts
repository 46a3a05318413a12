import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../src/db/schema.js';
import { systemClock } from '../src/lib/clock.js';
import { deliverOutbox, type MailTransport } from '../src/modules/mail/mail.delivery.js';

// A real SMTP server and the browser's proof-of-work, for the tests of mails sent by the server.

/** A real SMTP server that keeps what it receives. */
export async function startSmtp(): Promise<{
  url: string;
  mails: string[];
  close(): Promise<void>;
}> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Solves the server's proof-of-work challenge as the browser widget does. */
export async function solveHumanCheck(app: FastifyInstance): Promise<string> {
  const challenge = (
    await app.inject({ method: 'GET', url: '/api/rest/auth/altcha_challenge' })
  ).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Sends the outbox now through `transport`, as the mail job does; answers how many mails went. */
export function deliverNow(db: Kysely<Database>, transport: MailTransport): Promise<number> {
  return deliverOutbox(db, transport, 'Rumbo <no-reply@rumbo.test>', systemClock, () => undefined);
}
