import { useEffect, type ComponentType, type ReactNode } from 'react';
import { I18nProvider } from '../shared/i18n/use-translation';
import { BrowserRouter } from 'react-router';
import { useStore } from 'zustand';
import { ServicesContext, type AppServices } from '../shared/services';
import { switchLanguage } from '../shared/i18n/create-i18n';
import { AppRoutes } from './router';
import { SessionBootstrap } from './session-bootstrap';

/** Applies the language and light/dark preferences to the document wherever they change. */
function usePreferences(services: AppServices) {
  const language = useStore(services.prefs, (s) => s.language);
  const darkMode = useStore(services.prefs, (s) => s.darkMode);
  useEffect(() => {
    void switchLanguage(services.i18n, language, services.loadTranslation).then(() => {
      document.documentElement.lang = language;
    });
  }, [language, services]);
  useEffect(() => {
    document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', darkMode ? '#152231' : '#0b5cad');
  }, [darkMode]);
}

/**
 * The app: services, translations, router (a browser router unless one is given). MUI's theme is
 * applied by the routes that use it (RootLayout's frame), so the sign-in route loads no UI kit.
 */
export function App({
  services,
  Router = BrowserRouter,
}: {
  services: AppServices;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  usePreferences(services);
  return (
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={services.i18n}>
        <Router>
          <SessionBootstrap />
          <AppRoutes />
        </Router>
      </I18nProvider>
    </ServicesContext.Provider>
  );
}
