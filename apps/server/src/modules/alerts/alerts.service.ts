import type { Kysely } from 'kysely';
import { type AlertSettings } from '@rumbo/contracts';
import type { EventFact } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { normalizeSettings } from './alert-rules.js';
import type { AlertDispatcher, TaggedEvent } from './alert-dispatcher.js';
import type { AlertCatalogue, AlertSettingsCache } from './alert-settings-cache.js';
import {
  acknowledgeEvent,
  closeSilences,
  findEvents,
  insertSilenceEvent,
  silentVehicles,
} from './alert-events.repository.js';
import { saveSettings, storedSettings, tenantIds } from './alerts.repository.js';
import { pruneDispatches } from './alert-notifications.repository.js';

/** Settings as the screen edits them (defaults filled in). */
export async function getSettings(db: Kysely<Database>, tenantId: number): Promise<AlertSettings> {
  return normalizeSettings(await storedSettings(db, tenantId));
}

/**
 * Saves a tenant's settings: every group, vehicle, role, user and zone named must be the tenant's
 * (404 otherwise); codes are stored upper-case, one entry per code.
 */
export async function putSettings(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  input: AlertSettings,
): Promise<AlertSettings> {
  const named = {
    groups: input.groups.map((g) => g.groupId),
    vehicles: input.vehicles.map((v) => v.vehicleId),
    roles: input.codes.flatMap((c) => c.roles),
    users: input.codes.flatMap((c) => c.users),
    zones: input.zones.map((z) => z.zoneId),
  };
  const found = await tenantIds(db, tenantId, named);
  for (const kind of ['groups', 'vehicles', 'roles', 'users', 'zones'] as const) {
    if (named[kind].some((id) => !found[kind].has(id))) throw new DomainError('not_found');
  }
  const settings = normalizeSettings({
    ...input,
    codes: input.codes.map((c) => ({ ...c, code: c.code.toUpperCase() })),
  });
  await saveSettings(db, tenantId, settings, userId);
  return settings;
}

/** Looks for vehicles silent past their status's T_off and raises one `DTS` per silence. */
export async function detectSilences(
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    dispatcher?: AlertDispatcher;
    cache?: AlertSettingsCache;
  },
  limits: { offlineMovingS: number; offlineOffS: number },
): Promise<number> {
  const nowMs = deps.clock.nowMs();
  await closeSilences(deps.db);
  const silent = await silentVehicles(deps.db, nowMs, limits.offlineMovingS, limits.offlineOffS);
  const raised: TaggedEvent[] = [];
  for (const s of silent) {
    if (deps.cache && !deps.cache.isRaised(s.tenantId, s.vehicleId, 'DTS')) continue;
    const silentS = s.status === 'off' ? limits.offlineOffS : limits.offlineMovingS;
    const fact: EventFact = { type: 'event', code: 'DTS', startTimeMs: s.lastMs, value: silentS };
    if (s.lat !== null && s.lng !== null) {
      fact.lat = s.lat;
      fact.lng = s.lng;
    }
    if (s.driverCode) fact.driverCode = s.driverCode;
    const stored = await insertSilenceEvent(deps.db, {
      tenantId: s.tenantId,
      vehicleId: s.vehicleId,
      startTimeMs: s.lastMs,
      lat: s.lat,
      lng: s.lng,
      driverCode: s.driverCode,
      silentS,
    });
    if (stored) raised.push({ tenantId: s.tenantId, vehicleId: s.vehicleId, fact });
  }
  // The silence is told from when it began being a silence: its age counts from T_off.
  if (raised.length > 0 && deps.dispatcher) await deps.dispatcher.dispatch(raised);
  await pruneDispatches(deps.db, nowMs - 7 * 86_400_000);
  return raised.length;
}

export { acknowledgeEvent, findEvents };
// The engine's parts live beside this file; the composition root and the routes take them here.
export { AlertDispatcher, type Delivery, type TaggedEvent } from './alert-dispatcher.js';
export { AlertCatalogue, AlertSettingsCache, NOTIFY_MAX_AGE_MS } from './alert-settings-cache.js';

/** The alert engine's parts of one node (built by the composition root). */
export interface AlertsPart {
  cache: AlertSettingsCache;
  catalogue: AlertCatalogue;
  dispatcher: AlertDispatcher;
  /** One `DTS` pass (the jobs process runs it under the cluster's lease). */
  detectSilences(): Promise<number>;
}
