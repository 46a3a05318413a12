import { lazy, Suspense, type ReactNode } from 'react';
import { useInsideFrame } from './frame-context';

const MuiFrame = lazy(() => import('./mui-frame'));

/**
 * Draws its children inside MUI's frame, loading MUI first when the tree is not inside one yet
 * (the sign-in screen is drawn without MUI; its snackbar and update prompt still use it).
 * `baseline` off leaves the page's global styles alone (a snackbar over the plain sign-in page).
 */
export function Framed({ children, baseline = true }: { children: ReactNode; baseline?: boolean }) {
  if (useInsideFrame()) return children;
  return (
    <Suspense fallback={null}>
      <MuiFrame baseline={baseline}>{children}</MuiFrame>
    </Suspense>
  );
}
