import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { useServices } from '../../shared/services';
import { Framed } from '../../shared/ui/framed';

const SnackbarView = lazy(() => import('./snackbar-view'));

/**
 * Loads the snackbar's code with the first message, keeping it off the first load; over the plain
 * sign-in screen MUI's theme comes with it.
 */
export function SnackbarHost() {
  const { snackbar } = useServices();
  const hasMessage = useStore(snackbar.store, (s) => s.current !== null);
  return hasMessage ? (
    <Framed baseline={false}>
      <Suspense fallback={null}>
        <SnackbarView />
      </Suspense>
    </Framed>
  ) : null;
}
