import type { ViewName } from '@rumbo/contracts';
import { createContext, useContext } from 'react';

type ViewPaths = Readonly<Record<ViewName, string>>;

/**
 * The path of each view (`VIEW_PATHS`), given by the router. The shell reads it here instead of
 * importing the route table: the table's screen loaders, reached from the shell's chunk too, would
 * move Vite's preload helper out of the entry into a chunk of its own (a longer login route).
 */
export const ViewPathsContext = createContext<ViewPaths | null>(null);

/** The path of each view, inside the app's routes. */
export function useViewPaths(): ViewPaths {
  const paths = useContext(ViewPathsContext);
  if (!paths) throw new Error('useViewPaths() outside the app routes');
  return paths;
}
