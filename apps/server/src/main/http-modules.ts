import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_KEYS } from '@rumbo/contracts';
import { SERVER_CAPABILITIES, routesOf } from '../capabilities/index.js';
import type { HttpModule } from '../http/app.js';
import { deviceModelRoutes } from '../modules/device-models/index.js';
import { driverRoutes } from '../modules/drivers/index.js';
import { geofenceV2Routes, interestPointRoutes } from '../modules/geofences/index.js';
import { searchRoutes } from '../modules/search/index.js';
import { placeRoutes } from '../places/places.routes.js';
import { adminRoutes } from '../modules/admin/index.js';
import { apiKeyRoutes } from '../modules/api-keys/index.js';
import { webhookRoutes } from '../modules/webhooks/index.js';
import { analysisRoutes, analysisV2Routes, dashboardRoutes } from '../modules/analysis/index.js';
import { fuelRoutes, fuelTankRoutes } from '../modules/fuel/index.js';
import { alertsRestRoutes, alertsV2Routes } from '../modules/alerts/index.js';
import { authRoutes, authzRoutes, recoveryRoutes, v2AuthRoutes } from '../modules/auth/index.js';
import { healthRoutes } from '../modules/health/index.js';
import { langRoutes } from '../modules/lang/index.js';
import { mapAssetsRoutes } from '../modules/map-assets/index.js';
import { userRoutes } from '../modules/users/index.js';
import { xlsxRoutes } from '../modules/xlsx/index.js';
import { reportRoutes } from '../modules/reports/index.js';
import { fleetRoutes, lastPositionRoutes, trailerKindRoutes } from '../modules/fleet/index.js';
import { historyRoutes } from '../modules/history/index.js';
import { maintenanceRoutes } from '../modules/maintenance/index.js';
import type { SocketHub } from '../realtime/socket-hub.js';
import type { NodeParts } from './parts.js';

/** Every node answers its health (load balancers, the cluster's scripts). */
export function healthModule(parts: NodeParts): HttpModule {
  const { config, database } = parts;
  return {
    plugin: healthRoutes({ db: database.db, config, mode: database.mode, startedAtMs: Date.now() }),
  };
}

/** Every service key answers at its base address, also those whose calls come later. */
function serviceKeyRoutes(version: string): FastifyPluginAsyncZod {
  return async (app) => {
    for (const key of SERVICE_KEYS) {
      if (key === 'driver') continue; // `GET /driver` lists the drivers (spec §7).
      app.get(`/api/${key}`, { config: { auth: 'none' }, schema: { hide: true } }, () => ({
        service: key,
        version,
      }));
    }
  };
}

/** The two WebSocket endpoints: `/api/ws` (notifications) and `/api/wslp` (the live feed). */
function socketRoutes(hubs: { ws: SocketHub; wslp: SocketHub }): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { websocket: true, config: { auth: 'none' }, schema: { hide: true } } as const;
    app.get('/api/ws', options, (socket) => {
      hubs.ws.accept(socket);
    });
    app.get('/api/wslp', options, (socket) => {
      hubs.wslp.accept(socket);
    });
  };
}

/**
 * The modules an API node serves, registered in this order; a capability's own routes come from
 * its file in capabilities/ (routesOf). A change that other nodes must know travels on the bus from here.
 */
export function apiModules(parts: NodeParts): HttpModule[] {
  const { config, database, auth, live, bus, registry } = parts;
  const db = database.db;
  const onDeviceChanged = (uniqueId: string) => {
    registry.forget(uniqueId);
    bus.publishDeviceChanged(uniqueId);
  };
  const fleet = { db, live, onDeviceChanged };
  const alerts = {
    db,
    catalogue: parts.alerts.catalogue,
    onSettingsChanged: (tenantId: number) => bus.publishAlertSettingsChanged(tenantId),
  };
  const places = { db, onChanged: (tenantId: number) => bus.publishPlacesChanged(tenantId) };
  const fuel = { db, onDeviceChanged };
  return [
    { plugin: authRoutes(auth), prefix: '/api/auth' },
    { plugin: v2AuthRoutes(auth), prefix: '/api/v2' },
    { plugin: authzRoutes(), prefix: '/api/authz' },
    { plugin: recoveryRoutes(auth), prefix: '/api/rest' },
    { plugin: userRoutes(db), prefix: '/api/rest' },
    { plugin: adminRoutes(auth), prefix: '/api/rest' },
    { plugin: apiKeyRoutes(parts.apiKeys), prefix: '/api/v2' },
    {
      plugin: webhookRoutes({
        db,
        clock: parts.clock,
        policy: {
          allowHttp: config.WEBHOOKS_ALLOW_HTTP,
          allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
        },
        // Every pipeline node reloads the tenant's subscriptions with its alert settings.
        onChanged: (tenantId) => bus.publishAlertSettingsChanged(tenantId),
      }),
      prefix: '/api/v2',
    },
    { plugin: xlsxRoutes(db), prefix: '/api/xlsx' },
    { plugin: reportRoutes({ db, clock: parts.clock }), prefix: '/api/v2' },
    { plugin: langRoutes(), prefix: '/api/lang' },
    { plugin: mapAssetsRoutes(), prefix: '/api/map' },
    { plugin: fleetRoutes(fleet), prefix: '/api/vehicles' },
    { plugin: historyRoutes(db), prefix: '/api/vehicles' },
    { plugin: deviceModelRoutes({ db, catalog: parts.deviceModels }), prefix: '/api/vehicles' },
    { plugin: lastPositionRoutes(fleet), prefix: '/api/rest' },
    { plugin: trailerKindRoutes(fleet), prefix: '/api/v2' },
    { plugin: alertsV2Routes(alerts), prefix: '/api/v2' },
    { plugin: alertsRestRoutes(alerts), prefix: '/api/rest' },
    {
      plugin: driverRoutes({
        db,
        names: live,
        // Other API nodes reload their live fleet, driver names included (as for a device change).
        onChanged: () => onDeviceChanged(''),
      }),
      prefix: '/api/driver',
    },
    { plugin: geofenceV2Routes(places), prefix: '/api/v2' },
    { plugin: interestPointRoutes(places), prefix: '/api/rest' },
    { plugin: analysisRoutes({ db }), prefix: '/api/analysis' },
    { plugin: analysisV2Routes({ db }), prefix: '/api/v2' },
    { plugin: dashboardRoutes({ db, live }), prefix: '/api/v2' },
    { plugin: fuelRoutes(fuel), prefix: '/api/v2/fuel' },
    { plugin: fuelTankRoutes(fuel), prefix: '/api/vehicles' },
    { plugin: maintenanceRoutes({ db }), prefix: '/api/maintenance' },
    { plugin: searchRoutes({ db }), prefix: '/api/v2' },
    { plugin: placeRoutes({ db, geocoder: parts.places.geocoder }), prefix: '/api/v2' },
    // The capabilities' own routes (capabilities/: diagnostics, planned trips…).
    ...routesOf(SERVER_CAPABILITIES, { db, bus }),
    { plugin: serviceKeyRoutes(config.VERSION) },
    { plugin: socketRoutes(parts.hubs) },
  ];
}
