import type { FastifyInstance, RouteOptions } from 'fastify';
import { isViewAllowed } from '@rumbo/contracts';
import { SIGNED_IN, type RouteViews } from '../kernel/route-views.js';

// Which views a route serves (issue 21, docs/decisions/0029-views-per-route.md). Every route that
// needs sign-in declares them in its config — `views: [...]` (or the older single `view`), or
// `views: 'signed-in'` for what every signed-in user needs (their profile, the vehicle and group
// names, the alert catalogue) — and is refused at start-up otherwise. One hook checks them
// (app.ts): a role allowing none of the route's views gets 403. The OpenAPI document carries the
// declaration as `x-views`, which the route × role test walks.

/** The views a route's config declares; undefined when it declares none. */
export function declaredViews(config: {
  view?: string | undefined;
  views?: RouteViews | undefined;
}): readonly string[] | typeof SIGNED_IN | undefined {
  if (config.views !== undefined) return config.views;
  return config.view === undefined ? undefined : [config.view];
}

/** True when a caller with this views map may use a route with this config. */
export function mayUse(
  views: Record<string, unknown>,
  config: { view?: string | undefined; views?: RouteViews | undefined },
): boolean {
  const declared = declaredViews(config);
  if (declared === undefined) return false;
  if (declared === SIGNED_IN) return true;
  return declared.some((view) => isViewAllowed(views, view));
}

/** Routes the auth hook lets through without credentials, hence without views. */
export function isPublicRoute(url: string, config: { auth?: string | undefined }): boolean {
  if (config.auth === 'none') return true;
  if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return true;
  return url === '/api/ws' || url === '/api/wslp';
}

/**
 * Refuses to register a signed-in route that declares no views, and documents each route's views
 * in the OpenAPI document (`x-views`: the list, `signed-in`, or `public`).
 */
export function requireRouteViews(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { auth?: string; view?: string; views?: RouteViews };
    const isPublic = isPublicRoute(route.url, config);
    const declared = declaredViews(config);
    if (!isPublic && declared === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no views: set config.views (the views it serves, or 'signed-in')`,
      );
    }
    if (route.schema) {
      (route.schema as Record<string, unknown>)['x-views'] = isPublic ? 'public' : declared;
    }
  });
}
