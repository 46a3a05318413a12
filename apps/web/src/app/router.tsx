import type { ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { useSession } from '../shared/services';
import { lazyScreen } from '../shared/ui/lazy-screen';
import { Screen } from '../shared/ui/screen';
import { homePath } from './guard/resolve-navigation';
import { RootLayout } from './root-layout';
import {
  hasScreen,
  layoutOf,
  ROUTE_TABLE,
  type RouteEntry,
  type ScreenLoader,
  type ScreenProps,
  type ScreenRoute,
  VIEW_PATHS,
} from './routes/route-table';
import { ViewPathsContext } from './routes/view-paths-context';

/** A route's screen, with the title and the back-to-start path every screen may use. */
function RouteScreen({
  Component,
  titleKey,
}: {
  Component: ComponentType<ScreenProps>;
  titleKey: string;
}) {
  const home = useSession((s) =>
    homePath({ status: s.loginStatus, startOn: s.startOn, views: s.views }),
  );
  return (
    <Screen>
      <Component titleKey={titleKey} homePath={home} />
    </Screen>
  );
}

/**
 * The routes of a route table (the guard in RootLayout decides who may see them): each screen is
 * a lazy chunk; the `/app/…` screens render inside the layout route's screen (the shell).
 */
export function buildRoutes(table: readonly RouteEntry[]): RouteObject[] {
  const lazyScreens = new Map<ScreenLoader, ComponentType<ScreenProps>>();
  const element = (entry: ScreenRoute) => {
    let Component = lazyScreens.get(entry.screen);
    if (!Component) {
      Component = lazyScreen(entry.screen);
      lazyScreens.set(entry.screen, Component);
    }
    // Only the layout route has no title; its screen (the shell) takes none.
    return <RouteScreen Component={Component} titleKey={entry.titleKey ?? ''} />;
  };
  const screens = table.filter(hasScreen);
  const layouts = screens.filter((entry) => entry.access === 'layout');
  const underLayout = (entry: ScreenRoute) => layoutOf(entry, table);
  const topLevel = screens
    .filter((entry) => entry.access !== 'layout' && !underLayout(entry))
    .map((entry): RouteObject => ({ path: entry.path.slice(1), element: element(entry) }));
  const nested = layouts.map((layout): RouteObject => ({
    path: layout.path.slice(1),
    element: element(layout),
    children: [
      { index: true, element: null },
      ...screens
        .filter((entry) => entry !== layout && underLayout(entry) === layout)
        .map((entry) => ({
          path: entry.path.slice(layout.path.length + 1),
          element: element(entry),
        })),
    ],
  }));
  return [
    {
      element: <RootLayout />,
      children: [
        { index: true, element: null },
        ...topLevel,
        ...nested,
        { path: '*', element: null },
      ],
    },
  ];
}

const ROUTES = buildRoutes(ROUTE_TABLE);

/** The routes, rendered inside whichever router the app runs in (browser, or memory in tests). */
export function AppRoutes() {
  return (
    <ViewPathsContext.Provider value={VIEW_PATHS}>{useRoutes(ROUTES)}</ViewPathsContext.Provider>
  );
}
