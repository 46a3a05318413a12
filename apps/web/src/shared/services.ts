import type { RuntimeConfig } from '@rumbo/contracts';
import type { I18n } from './i18n/i18n';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ApiClient } from './api/http-client';
import type { PendingStore } from './api/pending-store';
import type { Exporter } from './export/export-excel';
import type { TranslationLoader } from './i18n/create-i18n';
import type { NotificationsService } from './notifications/notifications-store';
import type { PrefsStore } from './prefs/prefs-store';
import type { SocketLink } from './realtime/socket-link';
import type { SessionService } from './session/session-service';
import type { SessionState, SessionStore } from './session/session-store';
import type { AppEvents } from './ui/app-events';
import type { Snackbar } from './ui/snackbar-store';
import type { UiStore } from './ui/ui-store';

/** Everything one running app owns, made once at start and handed down by context. */
export interface AppServices {
  config: RuntimeConfig;
  api: ApiClient;
  pending: PendingStore;
  prefs: PrefsStore;
  sessionStore: SessionStore;
  session: SessionService;
  snackbar: Snackbar;
  notifications: NotificationsService;
  events: AppEvents;
  ui: UiStore;
  socket: SocketLink;
  exporter: Exporter;
  i18n: I18n;
  /** Loads a language's strings on demand. */
  loadTranslation: TranslationLoader;
  /** Makes the waiting service worker take over; the page reloads once. */
  applyUpdate: () => void;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
}

/** Selects from the session store. */
export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(useServices().sessionStore, selector);
}
