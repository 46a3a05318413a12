import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { interpolate, translations, type Language } from '@rumbo/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken, randomToken, safeEqual } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import type { Principal } from '../../kernel/principal.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { HumanCheck } from '../human-check/index.js';
import { checkActsOnUser } from '../admin/index.js';
import { enqueueMail } from '../mail/index.js';
import {
  findUserById,
  findUserByUsername,
  findUsersByEmail,
  updatePasswordHash,
  type User,
} from '../users/index.js';
import {
  consumeOneTimeCode,
  consumeRecoveryToken,
  findPrincipalByHash,
  insertOneTimeCode,
  insertRecoveryToken,
  insertSession,
  lockRecoveryAddress,
  recentRecoveryMails,
  revokeSession,
  revokeUserCredentials,
  revokeUserSessions,
  spendHumanCheck,
} from './auth.repository.js';
import type { LoginLimiter, LoginVerdict } from './login-limiter.js';
import type { PrincipalCache } from './principal-cache.js';
import type { SessionEvents } from './session-events.js';

/** One-time sign-in codes live 15 minutes; recovery links 60. */
export const OTP_TTL_MS = 15 * 60_000;
export const RECOVERY_TTL_MS = 60 * 60_000;

/**
 * Recovery mails per hour: at most 3 to one account and 5 to one address (its accounts together).
 * Past either the request is answered the same (no account enumeration) but no mail is sent.
 */
export const RECOVERY_MAIL_LIMITS = { windowMs: 60 * 60_000, perAccount: 3, perAddress: 5 };

/** What the auth use cases need. */
export interface AuthDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  limiter: LoginLimiter;
  sessionEvents: SessionEvents;
  humanCheck: HumanCheck;
  /** Work started by a request and finished after its answer (recovery mails). */
  tasks: BackgroundTasks;
  /** Short-lived cache of resolved sessions; evicted on revocation. */
  principals?: PrincipalCache;
}

/** Where a request comes from, recorded on its session. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** The 429 of a refused attempt, with Retry-After in seconds. */
function refusal(verdict: Exclude<LoginVerdict, { allowed: true }>): DomainError {
  const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  const headers = { 'retry-after': String(seconds) };
  return verdict.limit === 'account'
    ? new DomainError('sign_in_slowed', { seconds }, undefined, headers)
    : new DomainError(
        'too_many_attempts',
        { minutes: Math.ceil(seconds / 60) },
        undefined,
        headers,
      );
}

async function checkCredentials(
  deps: AuthDeps,
  username: string,
  password: string,
  meta: RequestMeta,
): Promise<User> {
  let attemptAtMs = deps.clock.nowMs();
  let verdict = deps.limiter.attempt(username, meta.ip, attemptAtMs);
  if (!verdict.allowed && verdict.limit === 'account') {
    // Refused the spacing while the same client's other attempt is being checked: wait for its
    // answer (a success makes this address known), then ask again.
    await deps.limiter.whenSettled(username, meta.ip);
    attemptAtMs = deps.clock.nowMs();
    verdict = deps.limiter.attempt(username, meta.ip, attemptAtMs);
  }
  if (!verdict.allowed) throw refusal(verdict);
  let isSettled = false;
  try {
    const user = await findUserByUsername(deps.db, username);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok || user.disabled) throw new DomainError('bad_credentials');
    deps.limiter.succeeded(username, meta.ip, attemptAtMs);
    isSettled = true;
    return user;
  } finally {
    if (!isSettled) deps.limiter.failed(username, meta.ip, attemptAtMs);
  }
}

async function openSession(
  deps: AuthDeps,
  user: { id: number; tenantId: number },
  kind: 'web' | 'v2',
  digest: string | null,
  meta: RequestMeta,
): Promise<string> {
  const token = randomToken();
  await insertSession(deps.db, {
    tenantId: user.tenantId,
    userId: user.id,
    kind,
    tokenHash: hashToken(token),
    digest,
    expiresAt: new Date(deps.clock.nowMs() + deps.config.SESSION_TTL_DAYS * 86_400_000),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return token;
}

/** `POST /auth/generate_token`: signs in and binds the client's digest to the new session. */
export async function signIn(
  deps: AuthDeps,
  body: { username: string; password: string; digest: string },
  meta: RequestMeta,
): Promise<{ token: string; rol: string; iss: number }> {
  const user = await checkCredentials(deps, body.username, body.password, meta);
  const token = await openSession(deps, user, 'web', body.digest, meta);
  return { token, rol: user.roleName, iss: user.id };
}

/** `POST /v2/user/generate_token`: signs in for the v2 services. */
export async function signInV2(
  deps: AuthDeps,
  body: { username: string; password: string },
  meta: RequestMeta,
): Promise<{ token: string }> {
  const user = await checkCredentials(deps, body.username, body.password, meta);
  return { token: await openSession(deps, user, 'v2', null, meta) };
}

/**
 * Resolves credentials to a principal, or undefined when missing, unknown, revoked, expired,
 * of a disabled user, or (web) presented with another digest.
 */
export async function authenticate(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'principals'>,
  credentials: {
    token?: string | undefined;
    digest?: string | undefined;
    userToken?: string | undefined;
  },
): Promise<Principal | undefined> {
  const useV2 = !credentials.token && Boolean(credentials.userToken);
  const token = useV2 ? credentials.userToken : credentials.token;
  if (!token || token.length > 200) return undefined;
  const tokenHash = hashToken(token);
  const cacheKey = tokenHash.toString('base64');
  const nowMs = deps.clock.nowMs();
  let found = deps.principals?.get(cacheKey, nowMs);
  if (!found) {
    found = await findPrincipalByHash(deps.db, tokenHash);
    if (found && !found.revoked) deps.principals?.set(cacheKey, found, nowMs);
  }
  if (!found || found.revoked || found.userDisabled) return undefined;
  if (found.expiresAt.getTime() <= nowMs) return undefined;
  if (found.kind === 'web') {
    if (!found.digest || !credentials.digest || !safeEqual(found.digest, credentials.digest)) {
      return undefined;
    }
  }
  return {
    sessionId: found.sessionId,
    kind: found.kind,
    tenantId: found.tenantId,
    userId: found.userId,
    roleName: found.roleName,
    startOn: found.startOn,
    views: found.views,
    expiresAtMs: found.expiresAt.getTime(),
  };
}

/** `POST /auth/validate` with a token: the session check. */
export async function validateSession(
  deps: AuthDeps,
  body: { token: string; digest: string },
): Promise<{ rol: string; iss: number }> {
  const principal = await authenticate(deps, body);
  if (!principal || principal.kind !== 'web') throw new DomainError('unauthorized');
  return { rol: principal.roleName, iss: principal.userId };
}

/** `POST /v2/user/validate_token`. */
export async function validateV2Token(
  deps: AuthDeps,
  token: string,
): Promise<{ rol: string[]; user_id: number }> {
  const principal = await authenticate(deps, { userToken: token });
  if (!principal || principal.kind !== 'v2') throw new DomainError('unauthorized');
  return { rol: [principal.roleName], user_id: principal.userId };
}

/** A 16-character printable digest for clients that signed in by link without sending one. */
function makeDigest(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** `POST /auth/validate` with an otp: single-use sign-in; a used or expired code → 422. */
export async function signInWithOtp(
  deps: AuthDeps,
  body: { otp: string; digest?: string | undefined },
  meta: RequestMeta,
): Promise<{ rol: string; iss: number; token: string; digest: string; userToken: string }> {
  const owner = await consumeOneTimeCode(
    deps.db,
    hashToken(body.otp),
    new Date(deps.clock.nowMs()),
  );
  if (!owner) throw new DomainError('otp_invalid');
  const user = await findUserById(deps.db, owner.tenantId, owner.userId);
  if (!user || user.disabled) throw new DomainError('otp_invalid');
  const digest = body.digest ?? makeDigest();
  const token = await openSession(deps, user, 'web', digest, meta);
  const userToken = await openSession(deps, user, 'v2', null, meta);
  return { rol: user.roleName, iss: user.id, token, digest, userToken };
}

/**
 * `POST /auth/otp`: a single-use sign-in link for oneself, or (user administrators) for a tenant
 * user whose role allows no view the caller's doesn't: the rule that guards editing and deleting
 * an account (`checkActsOnUser`), since a code is a session of that account.
 */
export async function createOtp(
  deps: AuthDeps,
  caller: Principal,
  userId: number | undefined,
): Promise<{ otp: string; url: string; expiresAt: number }> {
  const targetId = userId ?? caller.userId;
  if (targetId !== caller.userId && !caller.views['admin-users']) {
    throw new DomainError('forbidden');
  }
  const target = await findUserById(deps.db, caller.tenantId, targetId);
  if (!target || target.disabled) throw new DomainError('not_found');
  if (target.id !== caller.userId) await checkActsOnUser(deps.db, caller, target, 'body.userId');
  const otp = randomToken(24);
  const expiresAt = deps.clock.nowMs() + OTP_TTL_MS;
  await insertOneTimeCode(deps.db, {
    tenantId: caller.tenantId,
    userId: target.id,
    codeHash: hashToken(otp),
    createdBy: caller.userId,
    expiresAt: new Date(expiresAt),
  });
  return { otp, url: `${deps.config.PUBLIC_URL}/auth/login?otp=${otp}`, expiresAt };
}

/** `POST /auth/logout`: revokes this session. */
export async function signOut(deps: AuthDeps, principal: Principal): Promise<void> {
  await revokeSession(deps.db, principal.sessionId);
  deps.sessionEvents.revoked([principal.sessionId]);
}

/** `POST /auth/logout_all`: revokes every session of the user at once. */
export async function signOutEverywhere(deps: AuthDeps, principal: Principal): Promise<void> {
  const ids = await revokeUserSessions(deps.db, principal.userId);
  deps.sessionEvents.revoked(ids);
}

/** Checks and spends a proof-of-work payload; returns a warning text when refused. */
async function passHumanCheck(
  deps: AuthDeps,
  payload: string,
  lang: Language,
): Promise<string | null> {
  const nowMs = deps.clock.nowMs();
  const verified = payload ? await deps.humanCheck.verify(payload, nowMs) : null;
  const fresh =
    verified &&
    (await spendHumanCheck(
      deps.db,
      verified.signature,
      new Date(verified.expiresAtMs),
      new Date(nowMs),
    ));
  return fresh ? null : translations[lang].error.human_check_failed;
}

/**
 * Stores a single-use recovery token for every active account with this e-mail and mails it,
 * within the per-account and per-address limits (`RECOVERY_MAIL_LIMITS`).
 */
async function mailRecoveryLinks(deps: AuthDeps, email: string, lang: Language): Promise<void> {
  const users = await findUsersByEmail(deps.db, email);
  if (users.length === 0) return;
  const strings = translations[lang].mail;
  await deps.db.transaction().execute(async (trx) => {
    await lockRecoveryAddress(trx, email);
    const nowMs = deps.clock.nowMs();
    const recent = await recentRecoveryMails(
      trx,
      email,
      new Date(nowMs - RECOVERY_MAIL_LIMITS.windowMs),
    );
    let addressMails = recent.address;
    for (const user of users) {
      if (addressMails >= RECOVERY_MAIL_LIMITS.perAddress) break;
      if ((recent.byUser.get(user.id) ?? 0) >= RECOVERY_MAIL_LIMITS.perAccount) continue;
      addressMails += 1;
      const token = randomToken(32);
      await insertRecoveryToken(trx, {
        tenantId: user.tenantId,
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: new Date(nowMs),
        expiresAt: new Date(nowMs + RECOVERY_TTL_MS),
      });
      const link = `${deps.config.PUBLIC_URL}/auth/recovery/${token}`;
      await enqueueMail(trx, {
        tenantId: user.tenantId,
        to: user.email,
        subject: strings.recovery_subject,
        text: interpolate(strings.recovery_body, {
          name: user.nombre || user.username,
          link,
          minutes: RECOVERY_TTL_MS / 60_000,
        }),
      });
    }
  });
}

/**
 * `POST /rest/auth/recovery_v2`: mails a single-use link to every account with that e-mail.
 * The answer is the same whether or not the address exists, and so is its time: it is given
 * once the human check is spent, before the accounts are even looked up.
 */
export async function requestRecovery(
  deps: AuthDeps,
  body: { email: string; token: string },
  lang: Language,
): Promise<true | string> {
  const refused = await passHumanCheck(deps, body.token, lang);
  if (refused) return refused;
  deps.tasks.run(() => mailRecoveryLinks(deps, body.email, lang));
  return true;
}

/** `POST /rest/auth/recovery_password_v2`: sets a new password with a recovery token, once. */
export async function resetPassword(
  deps: AuthDeps,
  body: { email: string; recoveryToken: string; password: string; token: string },
  lang: Language,
): Promise<true | string> {
  const refused = await passHumanCheck(deps, body.token, lang);
  if (refused) return refused;
  const passwordHash = await hashPassword(body.password);
  const invalid = translations[lang].error.recovery_invalid;
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const owner = await consumeRecoveryToken(
        trx,
        hashToken(body.recoveryToken),
        new Date(deps.clock.nowMs()),
      );
      if (!owner) return invalid;
      const user = await findUserById(trx, owner.tenantId, owner.userId);
      if (!user || user.email.toLowerCase() !== body.email.toLowerCase()) {
        // Leave the token unused: the transaction rolls back.
        throw new DomainError('recovery_invalid');
      }
      await updatePasswordHash(trx, user.id, passwordHash);
      // The other links mailed before, unused codes and every session end with the old password.
      await revokeUserCredentials(trx, user.id, new Date(deps.clock.nowMs()));
      const revoked = await revokeUserSessions(trx, user.id);
      deps.sessionEvents.revoked(revoked);
      return true as const;
    })
    .catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'recovery_invalid') return invalid;
      throw error;
    });
}
