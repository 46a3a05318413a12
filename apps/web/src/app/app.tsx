import CssBaseline from '@mui/material/CssBaseline';
import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { I18nProvider } from '../shared/i18n/use-translation';
import { BrowserRouter } from 'react-router';
import { useStore } from 'zustand';
import { ServicesContext, type AppServices } from '../shared/services';
import { switchLanguage } from '../shared/i18n/create-i18n';
import { createAppTheme } from '../shared/ui/theme';
import { AppThemeProvider } from '../shared/ui/theme-provider';
import { AppRoutes } from './router';
import { SessionBootstrap } from './session-bootstrap';

/** Applies the language and theme preferences at once wherever they change. */
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
  return useMemo(() => createAppTheme(darkMode ? 'dark' : 'light'), [darkMode]);
}

/** The app: services, translations, theme, router (a browser router unless one is given). */
export function App({
  services,
  Router = BrowserRouter,
}: {
  services: AppServices;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  const theme = usePreferences(services);
  return (
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={services.i18n}>
        <AppThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          <Router>
            <SessionBootstrap />
            <AppRoutes />
          </Router>
        </AppThemeProvider>
      </I18nProvider>
    </ServicesContext.Provider>
  );
}
