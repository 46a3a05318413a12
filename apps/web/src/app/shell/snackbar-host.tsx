import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { useServices } from '../../shared/services';

const SnackbarView = lazy(() => import('./snackbar-view'));

/** Loads the snackbar's code with the first message, keeping it off the first load. */
export function SnackbarHost() {
  const { snackbar } = useServices();
  const hasMessage = useStore(snackbar.store, (s) => s.current !== null);
  return hasMessage ? (
    <Suspense fallback={null}>
      <SnackbarView />
    </Suspense>
  ) : null;
}
