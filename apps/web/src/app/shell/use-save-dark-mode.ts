import { useCallback } from 'react';
import { saveUserConfig } from '../../shared/session/user-config-api';
import { useServices } from '../../shared/services';

/** Applies dark mode at once and saves it with the user's configuration. */
export function useSaveDarkMode() {
  const { api, prefs, sessionStore, session } = useServices();
  return useCallback(
    (darkMode: boolean) => {
      prefs.setState({ darkMode });
      const user = sessionStore.getState().user;
      if (!user) return;
      session.updateUser({ darkMode });
      void saveUserConfig(api, { ...user.config, darkMode }).catch((error: unknown) =>
        console.warn('dark mode not saved', error),
      );
    },
    [api, prefs, sessionStore, session],
  );
}
