import { DRIVING_TIMES_MUTATION } from '@rumbo/contracts';
import type { NotificationDelivery } from '../../bus/bus.js';
import type { HttpModule } from '../../http/app.js';
import { offlineSweepJob } from '../../jobs/offline.job.js';
import type { Unit } from '../../lib/unit.js';
import { LiveFeed } from '../../realtime/live-feed.js';
import { loadLiveFleet } from '../../realtime/load-live-fleet.js';
import type { SocketHub } from '../../realtime/socket-hub.js';
import { apiModules } from '../http-modules.js';
import { latencyProbe } from '../latency-probe.js';
import { drivingTimesWatch } from '../driving-times-watch.js';
import type { NodeParts } from '../parts.js';
import { Holds } from './shared.units.js';

/** Pushes stored notifications to their users' sockets on this node (`notifications/add`). */
function pushNotifications(hub: SocketHub, deliveries: readonly NotificationDelivery[]): void {
  for (const { tenantId, userId, notification } of deliveries) {
    hub.sendToTenant(
      tenantId,
      { mutation: 'notifications/add', payload: notification },
      (c) => c.principal.userId === userId,
    );
  }
}

/** The API role: the HTTP modules, the web app and the sockets it serves. */
export interface ApiRole extends Unit {
  readonly http: { modules: HttpModule[]; webDir: string };
  /** The live feed of `/api/wslp` (once started). */
  readonly liveFeed: LiveFeed | undefined;
}

/**
 * `api`: serves the HTTP API, the web app and the sockets. Its live fleet is loaded from the
 * database, follows the pipelines' live updates and reloads what other processes announce;
 * notifications and session revocations from the bus reach its sockets. With `serve`, vehicles
 * silent too long go offline every 30 s.
 */
export function apiRole(parts: NodeParts, options: { serve: boolean }): ApiRole {
  const { bus, clock, config, database, hubs, live, log, auth } = parts;
  const holds = new Holds();
  const offline = offlineSweepJob(live);
  let liveFeed: LiveFeed | undefined;
  return {
    http: { modules: apiModules(parts), webDir: config.WEB_DIR },
    get liveFeed() {
      return liveFeed;
    },
    async start() {
      await loadLiveFleet(database.db, live, clock.nowMs());
      liveFeed = new LiveFeed(
        live,
        hubs.wslp,
        config.LIVE_TICK_MS,
        config.LIVE_LATENCY_PROBE ? latencyProbe(log) : undefined,
      );
      // Vehicles and devices changed by any process (an API node, the command line, an ingest
      // node that registered one) are announced on the bus: this node's live fleet reloads them,
      // once per burst (issue 21 item 5). A live update of a vehicle it does not hold (an
      // announcement lost, a process that could not send one) reloads it too, at most every 5 s.
      let reload: NodeJS.Timeout | null = null;
      const reloadLive = () => {
        reload ??= setTimeout(() => {
          reload = null;
          loadLiveFleet(database.db, live, clock.nowMs(), { prune: true }).catch((error: unknown) =>
            log.warn({ err: error }, 'live fleet reload failed'),
          );
        }, 200);
      };
      let unknownReloadAt = 0;
      holds.add(
        parts.sessionEvents.onRevoked((ids) => {
          auth.principals?.evictSessions(ids);
          hubs.ws.closeSessions(ids);
          hubs.wslp.closeSessions(ids);
        }),
        bus.onLive((messages) => {
          for (const { vehicleId, update } of messages) live.apply(vehicleId, update);
        }),
        bus.onDeviceChanged(reloadLive),
        bus.onLive((messages) => {
          if (messages.every((m) => live.get(m.vehicleId))) return;
          const now = Date.now();
          if (now - unknownReloadAt < 5_000) return;
          unknownReloadAt = now;
          reloadLive();
        }),
        () => {
          if (reload) clearTimeout(reload);
        },
        bus.onNotifications((deliveries) => pushNotifications(hubs.ws, deliveries)),
        // A driver's driving times, live to the tenant's sockets (decision 0043).
        drivingTimesWatch({
          db: database.db,
          bus,
          push: (tenantId, payload) =>
            hubs.ws.sendToTenant(tenantId, { mutation: DRIVING_TIMES_MUTATION, payload }),
          log,
        }),
      );
      if (options.serve) await offline.start();
    },
    async stop() {
      await offline.stop();
      holds.drop();
      liveFeed?.close();
      hubs.ws.closeAll();
      hubs.wslp.closeAll();
    },
  };
}
