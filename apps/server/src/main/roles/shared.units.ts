import type { Unit } from '../../lib/unit.js';
import type { NodeParts } from '../parts.js';

/** Subscriptions and timers a unit holds: dropped on stop. */
export class Holds {
  private readonly drops: (() => unknown)[] = [];

  add(...drops: (() => unknown)[]): void {
    this.drops.push(...drops);
  }

  /** A function run at most once per `ms` burst (the last call's arguments are not kept). */
  debounced(ms: number, run: () => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    this.drops.push(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      timer = setTimeout(run, ms);
      timer.unref();
    };
  }

  drop(): void {
    for (const drop of this.drops.splice(0)) drop();
  }
}

/** A cache of every tenant's settings, reloaded on a timer, per tenant on a change, after a device change. */
interface TenantCache {
  start(reloadMs: number, onError: (error: unknown) => void): Promise<void>;
  stop(): void;
  reloadTenant(tenantId: number): Promise<void>;
  reloadAll(): Promise<void>;
}

/**
 * Keeps a tenant cache current: every 60 s, at once for a tenant whose change arrives on the bus
 * (`onChanged`), and once per burst of device changes (a vehicle moved to another group, a new
 * driver card: what it is given follows it).
 */
function tenantCacheUnit(
  parts: NodeParts,
  cache: TenantCache,
  onChanged: (handler: (tenantId: number) => void) => () => unknown,
  failed: string,
): Unit {
  const holds = new Holds();
  const warn = (error: unknown) => parts.log.warn({ err: error }, failed);
  return {
    async start() {
      await cache.start(60_000, warn);
      holds.add(
        () => cache.stop(),
        onChanged((tenantId) => {
          cache.reloadTenant(tenantId).catch(warn);
        }),
        parts.bus.onDeviceChanged(holds.debounced(300, () => void cache.reloadAll().catch(warn))),
      );
    },
    stop() {
      holds.drop();
      return Promise.resolve();
    },
  };
}

/**
 * Geofences and POIs indexed in memory where records are evaluated (pipeline, jobs) and where the
 * vehicle popup names a position (API), rebuilt when they change (`rumbo.geofences.changed`); the
 * gazetteer loads in the background.
 */
export function placesUnit(parts: NodeParts): Unit {
  const { bus, log } = parts;
  const { cache, geocoder } = parts.places;
  const index = tenantCacheUnit(
    parts,
    cache,
    (handler) => bus.onPlacesChanged(handler),
    'geofence index reload failed',
  );
  return {
    async start() {
      await index.start();
      geocoder.ready().catch((error: unknown) => log.error({ err: error }, 'gazetteer failed'));
    },
    stop: () => index.stop(),
  };
}

/**
 * The alert engine where events are raised (pipeline, jobs): per-vehicle settings cached,
 * reloaded when a tenant's settings change (`rumbo.alerts.settings`); on stop, the dispatcher's
 * notifications under way are finished.
 */
export function alertsUnit(parts: NodeParts): Unit {
  const { bus } = parts;
  const { cache, dispatcher } = parts.alerts;
  const settings = tenantCacheUnit(
    parts,
    cache,
    (handler) => bus.onAlertSettingsChanged(handler),
    'alert settings reload failed',
  );
  return {
    start: () => settings.start(),
    async stop() {
      await settings.stop();
      await dispatcher.idle();
    },
  };
}
