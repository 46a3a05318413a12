import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppServices } from './app/create-services';
import { loadRuntimeConfig } from './shared/api/runtime-config';
import { loadTranslation } from './shared/i18n/create-i18n';
import { readStoredLanguage } from './shared/prefs/prefs-store';

async function start(): Promise<void> {
  // The runtime config and the stored language's strings load together.
  const language = readStoredLanguage(window.localStorage);
  const [config, strings] = await Promise.all([
    loadRuntimeConfig(window.fetch.bind(window)),
    loadTranslation(language),
  ]);
  let applyUpdate: () => void = () => undefined;
  const services = createAppServices({
    config,
    storage: window.localStorage,
    fetch: window.fetch.bind(window),
    location: window.location,
    createSocket: (url) => new WebSocket(url),
    logger: console,
    now: () => Date.now(),
    applyUpdate: () => applyUpdate(),
    translations: { [language]: strings },
    loadTranslation,
  });
  document.documentElement.dataset.build = __BUILD_ID__;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );

  // Other tabs of this browser signing out end this tab's session too.
  window.addEventListener('storage', (event) => {
    if (event.key !== 'rumbo.auth') return;
    const s = services.sessionStore.getState();
    if (
      s.loginStatus === 'authenticated' &&
      !(event.newValue ?? '').includes(s.token ?? '\u0000')
    ) {
      services.session.endSession('session-lost');
    }
  });

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const { registerServiceWorker } = await import('./app/update/register-service-worker');
    const worker = registerServiceWorker(services.ui);
    applyUpdate = () => worker.applyUpdate();
  }
}

void start();
