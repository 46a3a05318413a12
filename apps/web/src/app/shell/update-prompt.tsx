import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { useServices } from '../../shared/services';
import { Framed } from '../../shared/ui/framed';

const UpdatePromptView = lazy(() => import('./update-prompt-view'));

/** The update prompt, loaded only when a new version is waiting (spec §2, §9). */
export function UpdatePrompt() {
  const { ui } = useServices();
  const waiting = useStore(ui, (s) => s.updateWaiting);
  return waiting ? (
    <Framed baseline={false}>
      <Suspense fallback={null}>
        <UpdatePromptView />
      </Suspense>
    </Framed>
  ) : null;
}
