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

/**
 * Geofences and POIs indexed in memory where records are evaluated (pipeline, jobs) and where the
 * vehicle popup names a position (API): rebuilt every 60 s and when a change arrives on the bus;
 * the gazetteer loads in the background.
 */
export function placesUnit(parts: NodeParts): Unit {
  const { bus, log } = parts;
  const { cache, geocoder } = parts.places;
  const holds = new Holds();
  const warn = (error: unknown) => log.warn({ err: error }, 'geofence index reload failed');
  return {
    async start() {
      await cache.start(60_000, warn);
      holds.add(
        () => cache.stop(),
        bus.onPlacesChanged((tenantId) => {
          cache.reloadTenant(tenantId).catch(warn);
        }),
        // A vehicle moved to another group: the zones given to its groups follow it.
        bus.onDeviceChanged(holds.debounced(300, () => void cache.reloadAll().catch(warn))),
      );
      geocoder.ready().catch((error: unknown) => log.error({ err: error }, 'gazetteer failed'));
    },
    stop() {
      holds.drop();
      return Promise.resolve();
    },
  };
}

/**
 * The alert engine where events are raised (pipeline, jobs): per-vehicle settings cached
 * (reloaded every 60 s, on a tenant's settings change and after a vehicle, device or driver
 * changed); on stop, the dispatcher's notifications under way are finished.
 */
export function alertsUnit(parts: NodeParts): Unit {
  const { bus, log } = parts;
  const { cache, dispatcher } = parts.alerts;
  const holds = new Holds();
  const warn = (error: unknown) => log.warn({ err: error }, 'alert settings reload failed');
  return {
    async start() {
      await cache.start(60_000, warn);
      holds.add(
        () => cache.stop(),
        bus.onAlertSettingsChanged((tenantId) => {
          cache.reloadTenant(tenantId).catch(warn);
        }),
        // A vehicle, device or driver changed (plate, group, a new card): reload, once per burst.
        bus.onDeviceChanged(holds.debounced(300, () => void cache.reloadAll().catch(warn))),
      );
    },
    async stop() {
      holds.drop();
      await dispatcher.idle();
    },
  };
}
