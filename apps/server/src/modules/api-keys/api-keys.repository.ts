import { sql, type Kysely } from 'kysely';
import type { ApiKey, ApiKeyScope } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { tenantRows } from '../../db/tenant-rows.js';

type Db = Kysely<Database>;

function keyQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.tenant_id',
      'k.name',
      'k.secret_start',
      'k.scopes',
      'k.allowed_addresses',
      'k.expires_at',
      'k.created_at',
      'k.revoked_at',
      'k.last_used_at',
      'k.last_used_from',
      'k.uses',
      'u.username',
    ])
    .where('k.tenant_id', '=', tenantId);
}
type KeyRow = NonNullable<Awaited<ReturnType<ReturnType<typeof keyQuery>['executeTakeFirst']>>>;

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    preview: `rk_${row.id}_${row.secret_start}…`,
    scopes: row.scopes as ApiKeyScope[],
    allowedAddresses: row.allowed_addresses,
    expiresAt: iso(row.expires_at),
    createdAt: row.created_at.toISOString(),
    createdBy: row.username ?? null,
    revokedAt: iso(row.revoked_at),
    lastUsedAt: iso(row.last_used_at),
    lastUsedFrom: row.last_used_from,
    uses: Number(row.uses),
  };
}

const keys = tenantRows(keyQuery, 'k.id', toApiKey, (q) =>
  q.orderBy('k.created_at', 'desc').orderBy('k.id', 'desc'),
);
/** The tenant's keys, newest first (revoked ones too). */
export const listKeys = keys.list;
export const findKey = keys.find;

export async function insertKey(
  db: Db,
  key: {
    tenantId: number;
    name: string;
    secretHash: Buffer;
    secretStart: string;
    scopes: readonly ApiKeyScope[];
    allowedAddresses: readonly string[];
    expiresAt: Date | null;
    createdBy: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values({
      tenant_id: key.tenantId,
      name: key.name,
      secret_hash: key.secretHash,
      secret_start: key.secretStart,
      scopes: [...key.scopes],
      allowed_addresses: [...key.allowedAddresses],
      expires_at: key.expiresAt,
      created_by: key.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes a key of the tenant; false when there is no such key or it was revoked already. */
export async function revokeKey(db: Db, tenantId: number, keyId: number): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What authenticating a key needs: its hash, limits, and its creator's role and state. */
export async function findKeyForAuth(db: Db, keyId: number) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'k.id',
      'k.tenant_id',
      'k.secret_hash',
      'k.scopes',
      'k.allowed_addresses',
      'k.expires_at',
      'k.revoked_at',
      'k.created_by',
      'u.disabled_at',
      'r.name as role_name',
      'r.start_on',
      'r.views',
    ])
    .where('k.id', '=', keyId)
    .executeTakeFirst();
}
export type KeyForAuth = NonNullable<Awaited<ReturnType<typeof findKeyForAuth>>>;

/** Adds counted uses: per key, day and address, and each key's last use. */
export async function recordUses(
  db: Db,
  uses: readonly { keyId: number; day: string; address: string; count: number; lastAt: Date }[],
): Promise<void> {
  if (uses.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('api_key_uses')
      .values(
        uses.map((u) => ({
          key_id: u.keyId,
          day: u.day,
          address: u.address,
          uses: u.count,
          last_at: u.lastAt,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['key_id', 'day', 'address']).doUpdateSet({
          uses: sql`api_key_uses.uses + excluded.uses`,
          last_at: sql`greatest(api_key_uses.last_at, excluded.last_at)`,
        }),
      )
      .execute();
    for (const u of uses) {
      await trx
        .updateTable('api_keys')
        .set({
          uses: sql`uses + ${u.count}`,
          last_used_at: sql`greatest(coalesce(last_used_at, ${u.lastAt}), ${u.lastAt})`,
          last_used_from: sql`case when last_used_at is null or last_used_at <= ${u.lastAt} then ${u.address} else last_used_from end`,
        })
        .where('id', '=', u.keyId)
        .execute();
    }
  });
}
