import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './router';
import { hasScreen, placeholder, ROUTE_TABLE, type RouteEntry } from './routes/route-table';

/** A concrete path of a route pattern: numbers for params, optional ones dropped. */
const concrete = (pattern: string) =>
  pattern
    .replace(/\/:[^/]+\?/g, '')
    .replace(/:[^/]+/g, '1')
    .replace(/\/\*$/, '/x');

describe('router', () => {
  const routes = buildRoutes(ROUTE_TABLE);

  it('gives every screen of the table a route, /app screens inside the shell', () => {
    for (const entry of ROUTE_TABLE.filter(hasScreen)) {
      const matches = matchRoutes(routes, concrete(entry.path)) ?? [];
      const own = matches.filter((m) => m.route.path !== undefined).at(-1);
      expect(own?.route.element, entry.path).toBeTruthy();
      const underShell = entry.path.startsWith('/app/');
      expect(own?.route.path, entry.path).toBe(entry.path.slice(underShell ? 5 : 1));
      if (underShell) expect(matches.at(-2)?.route.path, entry.path).toBe('app');
    }
  });

  it('renders nothing for routes the guard answers by itself', () => {
    const guardOnly = ROUTE_TABLE.filter((e) => !hasScreen(e));
    expect(guardOnly.length).toBeGreaterThan(0);
    for (const entry of guardOnly) {
      const last = (matchRoutes(routes, concrete(entry.path)) ?? []).at(-1);
      expect(last?.route.element ?? null, entry.path).toBeNull();
    }
  });

  it('builds a route for a screen added to the table, with no second list to edit', () => {
    const table: RouteEntry[] = [
      { path: '/app', access: 'layout', screen: placeholder },
      { path: '/app/new/thing', access: 'signed-in', titleKey: 'menu.x', screen: placeholder },
    ];
    const last = (matchRoutes(buildRoutes(table), '/app/new/thing') ?? []).at(-1);
    expect(last?.route.path).toBe('new/thing');
  });
});
