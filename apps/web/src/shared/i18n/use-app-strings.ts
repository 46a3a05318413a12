import { use } from 'react';
import { useServices } from '../services';
import { loadAppStrings } from './create-i18n';

/**
 * Suspends until the signed-in screens' strings of the current language are loaded (the shell
 * calls it, so every /app screen has them; the sign-in route never downloads them).
 */
export function useAppStrings(): void {
  const { i18n, loadTranslation } = useServices();
  use(loadAppStrings(i18n, loadTranslation));
}
