import { Workbox } from 'workbox-window';
import type { UiStore } from '../../shared/ui/ui-store';

/** Checks for a new version this often while the app stays open. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Registers the service worker. A new version that installs and waits raises the update prompt;
 * applying it tells the waiting worker to take over, and the page reloads once when it controls.
 */
export function registerServiceWorker(ui: UiStore, scriptUrl = '/sw.js') {
  const wb = new Workbox(scriptUrl);
  let reloading = false;
  let requested = false;

  wb.addEventListener('waiting', () => ui.setState({ updateWaiting: true }));
  wb.addEventListener('controlling', (event) => {
    // Only a worker that replaced another one (an update), and only once.
    if (!(requested || event.isUpdate) || reloading) return;
    reloading = true;
    window.location.reload();
  });

  void wb.register().then((registration) => {
    if (!registration) return;
    setInterval(() => void registration.update(), UPDATE_CHECK_MS);
  });

  return {
    applyUpdate(): void {
      requested = true;
      ui.setState({ updateWaiting: false });
      wb.messageSkipWaiting();
    },
  };
}
