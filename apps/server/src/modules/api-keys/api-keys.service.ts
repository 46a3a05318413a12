import { BlockList, isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import {
  apiKeyViews,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@rumbo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Principal } from '../../kernel/principal.js';
import { hashToken, randomToken } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import {
  findKey,
  findKeyForAuth,
  insertKey,
  listKeys,
  revokeKey,
  type KeyForAuth,
} from './api-keys.repository.js';
import type { KeyRateLimiter } from './key-rate-limiter.js';
import type { KeyUseRecorder } from './key-use-recorder.js';

// API keys (issue 27, docs/decisions/0051-api-keys.md).

export interface ApiKeysDeps {
  db: Kysely<Database>;
  clock: { nowMs(): number };
  limiter: KeyRateLimiter;
  uses: KeyUseRecorder;
}

/** `rk_<id>_<secret>`: the id finds the row, the secret (32 random bytes) proves it. */
const KEY_FORMAT = /^rk_([1-9][0-9]{0,9})_([A-Za-z0-9_-]{43})$/u;

/** Paths a key never reaches, whatever its scopes: sign-in, sessions, the user's own account. */
const NEVER_FOR_KEYS = [
  '/api/auth',
  '/api/authz',
  '/api/rest/user',
  '/api/v2/api-keys',
  '/api/v2/webhooks',
];

export function listApiKeys(deps: Pick<ApiKeysDeps, 'db'>, tenantId: number): Promise<ApiKey[]> {
  return listKeys(deps.db, tenantId);
}

export async function createApiKey(
  deps: Pick<ApiKeysDeps, 'db' | 'clock'>,
  principal: Principal,
  body: ApiKeyCreate,
): Promise<ApiKeyCreated> {
  // The schema checked the expiry and the addresses (apiKeyCreate).
  const secret = randomToken(32);
  const keyId = await insertKey(deps.db, {
    tenantId: principal.tenantId,
    name: body.name,
    secretHash: hashToken(secret),
    secretStart: secret.slice(0, 4),
    scopes: [...new Set(body.scopes)],
    allowedAddresses: body.allowedAddresses,
    expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt),
    createdBy: principal.userId,
  });
  const key = await findKey(deps.db, principal.tenantId, keyId);
  if (!key) throw new DomainError('internal');
  return { ...key, secret: `rk_${keyId}_${secret}` };
}

export async function revokeApiKey(
  deps: Pick<ApiKeysDeps, 'db'>,
  tenantId: number,
  keyId: number,
): Promise<ApiKey> {
  const revoked = await revokeKey(deps.db, tenantId, keyId);
  const key = await findKey(deps.db, tenantId, keyId);
  if (!key || (!revoked && key.revokedAt === null)) throw new DomainError('not_found');
  return key;
}

/** The addresses as a BlockList (used as an allow list); undefined when one is not an address. */
function blockListOf(addresses: readonly string[]): BlockList | undefined {
  const list = new BlockList();
  for (const entry of addresses) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) return undefined;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32))
      return undefined;
    list.addSubnet(address, prefix, type);
  }
  return list;
}

function fromAllowedAddress(allowed: readonly string[], address: string): boolean {
  if (allowed.length === 0) return true;
  const list = blockListOf(allowed);
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(plain);
  if (!list || family === 0) return false;
  return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

function isUsable(row: KeyForAuth, secret: string, nowMs: number): boolean {
  const hash = hashToken(secret);
  if (row.secret_hash.length !== hash.length || !timingSafeEqual(row.secret_hash, hash))
    return false;
  if (row.revoked_at !== null || row.disabled_at !== null) return false;
  return row.expires_at === null || row.expires_at.getTime() > nowMs;
}

/** True when the header looks like an API key (the caller chose key authentication). */
export function isApiKeyHeader(authorization: string | undefined): boolean {
  return authorization !== undefined && authorization.startsWith('Bearer rk_');
}

/**
 * Resolves `Authorization: Bearer rk_…` to a principal for this request: the views its scopes
 * reach for the method, within its creator's role. Undefined (401) when the key is malformed,
 * unknown, revoked, expired, its creator disabled, or used from an address it does not allow;
 * a key over its rate answers 429; a path no key reaches answers 403.
 */
export async function authenticateApiKey(
  deps: ApiKeysDeps,
  request: { authorization: string; method: string; path: string; address: string },
): Promise<Principal | undefined> {
  const match = KEY_FORMAT.exec(request.authorization.slice('Bearer '.length).trim());
  if (!match) return undefined;
  const keyId = Number(match[1]);
  const nowMs = deps.clock.nowMs();
  const row = await findKeyForAuth(deps.db, keyId);
  if (!row || !isUsable(row, match[2] ?? '', nowMs)) return undefined;
  if (!fromAllowedAddress(row.allowed_addresses, request.address)) return undefined;
  const retryAfterS = deps.limiter.take(keyId, nowMs);
  if (retryAfterS > 0) {
    throw new DomainError('too_many_attempts', { seconds: retryAfterS }, undefined, {
      'retry-after': String(retryAfterS),
    });
  }
  deps.uses.record(keyId, request.address, nowMs);
  if (NEVER_FOR_KEYS.some((prefix) => request.path.startsWith(prefix))) {
    throw new DomainError('forbidden');
  }
  const scopeViews = apiKeyViews(row.scopes as ApiKeyScope[], request.method);
  const views: Record<string, boolean> = {};
  for (const view of Object.keys(scopeViews)) if (row.views[view]) views[view] = true;
  return {
    sessionId: -keyId,
    kind: 'key',
    apiKeyId: keyId,
    tenantId: row.tenant_id,
    userId: row.created_by,
    roleName: row.role_name,
    startOn: row.start_on,
    views,
    expiresAtMs: row.expires_at?.getTime() ?? Number.MAX_SAFE_INTEGER,
  };
}
