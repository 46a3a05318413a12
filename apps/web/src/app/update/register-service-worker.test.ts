import { describe, expect, it, vi } from 'vitest';
import { createUiStore } from '../../shared/ui/ui-store';
import { registerServiceWorker } from './register-service-worker';

/** A service worker in a given state; `install()` moves it to installed. */
function fakeWorker(state: ServiceWorkerState) {
  const worker = Object.assign(new EventTarget(), {
    state,
    postMessage: vi.fn(),
    install() {
      worker.state = 'installed';
      worker.dispatchEvent(new Event('statechange'));
    },
  });
  return worker;
}

function fakeContainer(
  controlled: boolean,
  registration: Partial<ServiceWorkerRegistration> | Error,
) {
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(() =>
      registration instanceof Error ? Promise.reject(registration) : Promise.resolve(registration),
    ),
  });
  return container as unknown as ServiceWorkerContainer & { register: typeof container.register };
}

function fakeRegistration(waiting: ServiceWorker | null, installing: ServiceWorker | null) {
  return Object.assign(new EventTarget(), {
    waiting,
    installing,
    update: vi.fn(() => Promise.resolve()),
  }) as unknown as ServiceWorkerRegistration;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('service-worker registration (update prompt)', () => {
  it('raises the prompt for a new version that waits, and tells it to take over on apply', async () => {
    const ui = createUiStore();
    const waiting = fakeWorker('installed');
    const container = fakeContainer(true, fakeRegistration(waiting as never, null));
    const worker = registerServiceWorker(ui, '/sw.js', container);
    await settle();
    expect(container.register).toHaveBeenCalledWith('/sw.js');
    expect(ui.getState().updateWaiting).toBe(true);
    worker.applyUpdate();
    expect(ui.getState().updateWaiting).toBe(false);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('raises the prompt when an update installs while the page runs', async () => {
    const ui = createUiStore();
    const registration = fakeRegistration(null, null);
    registerServiceWorker(ui, '/sw.js', fakeContainer(true, registration));
    await settle();
    expect(ui.getState().updateWaiting).toBe(false);
    const next = fakeWorker('installing');
    Object.assign(registration, { installing: next });
    registration.dispatchEvent(new Event('updatefound'));
    expect(ui.getState().updateWaiting).toBe(false);
    next.install();
    expect(ui.getState().updateWaiting).toBe(true);
  });

  it('does not prompt on the first install (nothing controls the page yet)', async () => {
    const ui = createUiStore();
    const first = fakeWorker('installing');
    registerServiceWorker(
      ui,
      '/sw.js',
      fakeContainer(false, fakeRegistration(null, first as never)),
    );
    await settle();
    first.install();
    expect(ui.getState().updateWaiting).toBe(false);
  });

  it('runs without a worker when the browser refuses the registration, with no error', async () => {
    const ui = createUiStore();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const worker = registerServiceWorker(ui, '/sw.js', fakeContainer(false, new Error('blocked')));
    await settle();
    expect(() => worker.applyUpdate()).not.toThrow();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
