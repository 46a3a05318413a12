import type { UiStore } from '../../shared/ui/ui-store';

/** Checks for a new version this often while the app stays open. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Registers the service worker. A new version that installs and waits raises the update prompt;
 * applying it tells the waiting worker to take over (the `SKIP_WAITING` message the generated
 * worker listens to), and the page reloads once when it controls. Plain service-worker API:
 * workbox-window would add ~2 KB gzip to the sign-in route for the same few events. A browser
 * that refuses the registration (private modes, automation) runs the app without a worker.
 */
export function registerServiceWorker(
  ui: UiStore,
  scriptUrl = '/sw.js',
  container: ServiceWorkerContainer = navigator.serviceWorker,
) {
  let reloading = false;
  let requested = false;
  let registration: ServiceWorkerRegistration | null = null;
  // A page already controlled at start gets a new controller only from an update.
  const controlledAtStart = container.controller !== null;

  // An installed worker waits while another one controls the page: that is a new version.
  const raiseWhenWaiting = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && container.controller) {
        ui.setState({ updateWaiting: true });
      }
    };
    check();
    worker.addEventListener('statechange', check);
  };

  container.addEventListener('controllerchange', () => {
    // Only a worker that replaced another one (an update), and only once.
    if (!(requested || controlledAtStart) || reloading) return;
    reloading = true;
    window.location.reload();
  });

  container
    .register(scriptUrl)
    .then((found) => {
      registration = found;
      raiseWhenWaiting(found.waiting);
      raiseWhenWaiting(found.installing);
      found.addEventListener('updatefound', () => raiseWhenWaiting(found.installing));
      setInterval(() => void found.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch(() => undefined);

  return {
    applyUpdate(): void {
      requested = true;
      ui.setState({ updateWaiting: false });
      registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
    },
  };
}
