import { z } from 'zod';
import { epochMs, idParam, text } from './fields.js';
import type { ViewName } from './views.js';

// API keys (issue 27, docs/decisions/0051-api-keys.md): an administrator's keys for the tenant's
// other systems. A key reaches the routes a signed-in user reaches, limited by its scopes, never
// the administration of users and roles. Presented as `Authorization: Bearer rk_<id>_<secret>`.

export const API_KEY_SCOPES = [
  'positions:read',
  'events:read',
  'fleet:read',
  'fleet:write',
  'drivers:write',
  'geofences:write',
  'planned-trips:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The views each scope reaches. A `:read` scope answers reads (GET) of routes serving one of its
 * views; a `:write` scope answers reads and writes of its views. No scope reaches `admin-users`
 * or `admin-roles`.
 */
export const API_KEY_SCOPE_VIEWS: Readonly<Record<ApiKeyScope, readonly ViewName[]>> = {
  'positions:read': ['map-fleet-location', 'map-travel-consultation', 'trip-travels'],
  'events:read': ['fleet-alerts', 'diagnostic-history', 'fuel-refuel', 'fuel-catalyst'],
  'fleet:read': [
    'dashboard',
    'fleet-vehicles',
    'fleet-groups',
    'fleet-safety-drive',
    'fleet-ralenti-agg',
    'analysis-fleet',
    'maintenance-forecast',
    'maintenance-calendar',
    'maintenance-list',
    'maintenance-history',
    'fuel-analysis',
    'driver-admin',
    'driver-driving-times',
    'driver-infringements',
    'geofence-admin',
  ],
  'fleet:write': ['admin-vehicles', 'admin-groups', 'admin-devices'],
  'drivers:write': ['driver-admin'],
  'geofences:write': ['geofence-admin'],
  'planned-trips:write': ['trip-travels'],
};

/** The views a key with these scopes may use for a request of this method. */
export function apiKeyViews(
  scopes: readonly ApiKeyScope[],
  method: string,
): Record<string, boolean> {
  const isRead = method === 'GET' || method === 'HEAD';
  const views: Record<string, boolean> = {};
  for (const scope of scopes) {
    if (!isRead && !scope.endsWith(':write')) continue;
    for (const view of API_KEY_SCOPE_VIEWS[scope]) views[view] = true;
  }
  return views;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/u;
const IPV6 = /^[0-9a-fA-F:]{2,39}$/u;

/** True for an IPv4 or IPv6 address, optionally with a CIDR prefix length (`10.0.0.0/8`). */
export function isAddressOrBlock(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  const v6 =
    !v4 && IPV6.test(address) && address.includes(':') && (address.match(/::/gu)?.length ?? 0) <= 1;
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/u.test(bits)) return false;
  return Number(bits) <= (v4 ? 32 : 128);
}

/** An IPv4/IPv6 address or CIDR block a key may be used from. */
export const allowedAddress = text().trim().max(64).refine(isAddressOrBlock, 'address_format');

/** `POST /api/v2/api-keys`. */
export const apiKeyCreate = z.strictObject({
  name: text().trim().min(1).max(100),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
  /** Epoch ms, in the future; null: never expires. */
  expiresAt: epochMs()
    .refine((ms) => ms > Date.now(), 'expires_in_past')
    .nullable()
    .default(null),
  allowedAddresses: z.array(allowedAddress).max(20).default([]),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreate>;
export type ApiKeyCreateInput = z.input<typeof apiKeyCreate>;

/** A key as the list shows it (never its secret). */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's public start, `rk_<id>_` plus the secret's first 4 characters, to recognise it. */
  preview: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  allowedAddresses: z.array(z.string()),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  uses: z.number(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key with its secret, shown this once. */
export const apiKeyCreated = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyIdParams = z.object({ keyId: idParam() });
