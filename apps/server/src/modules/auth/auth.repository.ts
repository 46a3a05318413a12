import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The tables of an account's one-time secrets: sign-in codes and recovery tokens. */
type UserSecretTable = 'one_time_codes' | 'recovery_tokens';

/** Stores a new session; the token itself is never stored, only its hash. */
export async function insertSession(
  db: Db,
  session: {
    tenantId: number;
    userId: number;
    kind: 'web' | 'v2';
    tokenHash: Buffer;
    digest: string | null;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      tenant_id: session.tenantId,
      user_id: session.userId,
      kind: session.kind,
      token_hash: session.tokenHash,
      digest: session.digest,
      expires_at: session.expiresAt,
      revoked_at: null,
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, 300) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Revokes one session. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user; returns the ids revoked. */
export async function revokeUserSessions(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Stores a one-time sign-in code. */
export async function insertOneTimeCode(
  db: Db,
  code: { tenantId: number; userId: number; codeHash: Buffer; createdBy: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('one_time_codes')
    .values({
      tenant_id: code.tenantId,
      user_id: code.userId,
      code_hash: code.codeHash,
      created_by: code.createdBy,
      expires_at: code.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Marks a one-time code used if it is unused and unexpired, atomically; returns its owner,
 * or undefined when the code is unknown, used or expired.
 */
export async function consumeOneTimeCode(
  db: Db,
  codeHash: Buffer,
  now: Date,
): Promise<{ tenantId: number; userId: number } | undefined> {
  return consumeSecret(db, 'one_time_codes', 'code_hash', codeHash, now);
}

/** Marks a one-time secret (code or recovery token) used if valid, atomically; its owner. */
async function consumeSecret(
  db: Db,
  table: UserSecretTable,
  hashColumn: 'code_hash' | 'token_hash',
  hash: Buffer,
  now: Date,
): Promise<{ tenantId: number; userId: number } | undefined> {
  const row = await db
    .updateTable(table)
    .set({ used_at: now })
    .where(sql.ref<Buffer>(hashColumn), '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['tenant_id', 'user_id'])
    .executeTakeFirst();
  return row ? { tenantId: row.tenant_id, userId: row.user_id } : undefined;
}

/** Stores a password-recovery token. */
export async function insertRecoveryToken(
  db: Db,
  token: { tenantId: number; userId: number; tokenHash: Buffer; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('recovery_tokens')
    .values({
      tenant_id: token.tenantId,
      user_id: token.userId,
      token_hash: token.tokenHash,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks a recovery token used if valid; returns its owner. */
export async function consumeRecoveryToken(
  db: Db,
  tokenHash: Buffer,
  now: Date,
): Promise<{ tenantId: number; userId: number } | undefined> {
  return consumeSecret(db, 'recovery_tokens', 'token_hash', tokenHash, now);
}

/**
 * Holds recovery requests for one address in line until the transaction ends (an advisory lock,
 * on both databases), so concurrent requests count each other's mails.
 */
export async function lockRecoveryAddress(db: Transaction<Database>, email: string): Promise<void> {
  const key = `recovery:${email.toLowerCase()}`;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

/** Recovery tokens (one per mail) made since `since`: per account, and for the whole address. */
export async function recentRecoveryMails(
  db: Db,
  email: string,
  since: Date,
): Promise<{ byUser: Map<number, number>; address: number }> {
  const rows = await db
    .selectFrom('recovery_tokens')
    .innerJoin('users', 'users.id', 'recovery_tokens.user_id')
    .select(['recovery_tokens.user_id as userId', (eb) => eb.fn.countAll<string>().as('mails')])
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .where('recovery_tokens.created_at', '>=', since)
    .groupBy('recovery_tokens.user_id')
    .execute();
  const byUser = new Map(rows.map((row) => [row.userId, Number(row.mails)]));
  return { byUser, address: [...byUser.values()].reduce((a, b) => a + b, 0) };
}

/**
 * Ends what could still sign a user in without the new password: every unused recovery token
 * and one-time code of the account is marked used.
 */
export async function revokeUserCredentials(db: Db, userId: number, now: Date): Promise<void> {
  for (const table of ['recovery_tokens', 'one_time_codes'] as const) {
    await db
      .updateTable(table)
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}

/** Records a spent proof-of-work solution; false when it was spent before. */
export async function spendHumanCheck(
  db: Db,
  signature: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.deleteFrom('human_checks_spent').where('expires_at', '<', now).execute();
  const result = await db
    .insertInto('human_checks_spent')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deletes expired sessions, codes and tokens. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('one_time_codes')
    .where('expires_at', '<', sql<Date>`${now}::timestamptz - interval '1 day'`)
    .execute();
  await db
    .deleteFrom('recovery_tokens')
    .where('expires_at', '<', sql<Date>`${now}::timestamptz - interval '1 day'`)
    .execute();
}

/** What a valid credential resolves to: the session, its user and role. */
export interface SessionPrincipal {
  sessionId: number;
  kind: 'web' | 'v2';
  digest: string | null;
  expiresAt: Date;
  revoked: boolean;
  tenantId: number;
  userId: number;
  userDisabled: boolean;
  roleName: string;
  startOn: string;
  views: Record<string, boolean>;
}

/** Resolves a token hash to its session, user and role in one query. */
export async function findPrincipalByHash(
  db: Db,
  tokenHash: Buffer,
): Promise<SessionPrincipal | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'sessions.id',
      'sessions.kind',
      'sessions.digest',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.tenant_id',
      'sessions.user_id',
      'users.disabled_at',
      'roles.name',
      'roles.start_on',
      'roles.views',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    sessionId: row.id,
    kind: row.kind,
    digest: row.digest,
    expiresAt: row.expires_at,
    revoked: row.revoked_at !== null,
    tenantId: row.tenant_id,
    userId: row.user_id,
    userDisabled: row.disabled_at !== null,
    roleName: row.name,
    startOn: row.start_on,
    views: row.views,
  };
}
