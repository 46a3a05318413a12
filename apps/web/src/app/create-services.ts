import type { Language, RuntimeConfig } from '@rumbo/contracts';
import { createApiClient } from '../shared/api/http-client';
import { createPendingStore } from '../shared/api/pending-store';
import {
  DRIVING_TIMES_UPDATE,
  isDrivingTimesRow,
} from '../shared/driving-times/driving-times-payload';
import { createExporter, downloadBlob } from '../shared/export/export-excel';
import {
  createI18n,
  type TranslationLoader,
  type TranslationResource,
} from '../shared/i18n/create-i18n';
import type { Notification } from '@rumbo/contracts';
import { notifyWhenHidden } from '../shared/notifications/browser-notifications';
import {
  createNotificationsStore,
  isNotification,
  notificationTitle,
  popsSnackbar,
  severityOf,
} from '../shared/notifications/notifications-store';
import { createPrefsStore } from '../shared/prefs/prefs-store';
import { createSocketLink, type SocketLike } from '../shared/realtime/socket-link';
import type { AppServices } from '../shared/services';
import type { KeyValueStorage } from '../shared/session/auth-storage';
import { makeDigest } from '../shared/session/digest';
import { createSessionService } from '../shared/session/session-service';
import { createSessionStore, socketHello } from '../shared/session/session-store';
import { createAppEvents } from '../shared/ui/app-events';
import { createSnackbarStore } from '../shared/ui/snackbar-store';
import { createUiStore } from '../shared/ui/ui-store';

export interface ServiceEnvironment {
  config: RuntimeConfig;
  storage: KeyValueStorage;
  fetch: typeof fetch;
  location: Pick<Location, 'protocol' | 'host'>;
  createSocket: (url: string) => SocketLike;
  logger: Pick<Console, 'error' | 'warn'>;
  now: () => number;
  /** Strings already loaded (at least the stored language's), and how to load the others. */
  translations: Partial<Record<Language, TranslationResource>>;
  loadTranslation: TranslationLoader;
  /** Hook for the service-worker update; replaced by the update module in production. */
  applyUpdate?: () => void;
}

/** Wires one app: stores, the request layer, the session, the socket and the exporter. */
export function createAppServices(env: ServiceEnvironment): AppServices {
  const pending = createPendingStore();
  const prefs = createPrefsStore(env.storage);
  const sessionStore = createSessionStore(env.storage);
  const snackbar = createSnackbarStore();
  const events = createAppEvents();
  const ui = createUiStore();
  const i18n = createI18n(prefs.getState().language, env.translations);

  // Late-bound: the session service is created after the client that reports 401s to it.
  let onUnauthorized: (() => void) | null = null;
  const api = createApiClient({
    config: env.config,
    pendingStore: pending,
    fetch: (input, init) => env.fetch(input, init),
    getLanguage: () => prefs.getState().language,
    getCredentials: () => {
      const s = sessionStore.getState();
      return { token: s.token, digest: s.digest, userToken: s.userToken };
    },
    onUnauthorized: () => onUnauthorized?.(),
  });

  // The bell's list is kept per user on the server (`/rest/notifications`).
  const notifications = createNotificationsStore(
    {
      list: () => api.get<{ payload: Notification[] }>('rest/notifications').then((a) => a.payload),
      readAll: () => api.post('rest/notifications/read_all').then(() => undefined),
      clear: () => api.request('rest/notifications', { method: 'DELETE' }).then(() => undefined),
    },
    env.logger,
  );
  /** An alert arrived: the bell, a snackbar, and a system notification when the tab is hidden. */
  const onAlert = (n: Notification) => {
    notifications.add(n);
    const title = notificationTitle(n, (key) => i18n.t(key));
    // "Speeding — AB123CD · 7 km NO de Villa María, Córdoba" (the place: issue 23).
    const message = `${title} — ${n.plate}${n.place ? ` · ${n.place}` : ''}`;
    // The snackbar only for the levels the user chose (critical ones by default, issue 22).
    if (popsSnackbar(n, prefs.getState().snackbarAlerts)) {
      snackbar.notify({ type: severityOf(n), message });
    }
    notifyWhenHidden(title, n.plate, `alert-${n.id ?? n.recordedat}`);
  };

  const socket = createSocketLink({
    url: () => api.socketUrl('ws', env.location),
    hello: () => socketHello(sessionStore),
    createSocket: env.createSocket,
    onStatus: (linkStatus) => {
      ui.setState({ linkStatus });
      // Signed in on the link (first time or after a drop): the list as the server keeps it.
      if (linkStatus === 'authenticated') void notifications.refresh();
    },
    onRevoked: () => session.endSession('session-lost'),
    handlers: {
      'notifications/add': (payload) => {
        if (isNotification(payload)) onAlert(payload);
        else env.logger.warn('notification ignored', payload);
      },
      // A driver's driving times changed: the screens showing them patch their cached copy.
      [DRIVING_TIMES_UPDATE]: (payload) => {
        if (isDrivingTimesRow(payload)) events.emit('driving-times', payload);
        else env.logger.warn('driving times ignored', payload);
      },
    },
    logger: env.logger,
  });

  const session = createSessionService({
    api,
    store: sessionStore,
    prefs,
    makeDigest: () => makeDigest(),
    logger: env.logger,
    onSignedIn: () => socket.open(),
    onSignedOut: () => {
      socket.close();
      notifications.reset();
      api.abortAll();
    },
  });
  onUnauthorized = () => {
    if (sessionStore.getState().loginStatus === 'authenticated') session.endSession('session-lost');
  };

  const exporter = createExporter({
    api,
    now: env.now,
    offsetHours: () => sessionStore.getState().user?.config.timeZone ?? 0,
    onError: (error) => {
      env.logger.error('export failed', error);
      snackbar.notify({ type: 'error', message: i18n.t('component.export.error') });
    },
    download: downloadBlob,
  });

  return {
    config: env.config,
    api,
    pending,
    prefs,
    sessionStore,
    session,
    snackbar,
    notifications,
    events,
    ui,
    socket,
    exporter,
    i18n,
    applyUpdate: env.applyUpdate ?? (() => undefined),
    loadTranslation: env.loadTranslation,
  };
}
