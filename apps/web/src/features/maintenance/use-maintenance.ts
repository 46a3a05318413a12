import { DEFAULT_UNITS, type Language } from '@rumbo/contracts';
import { useSaveMutation } from '../../shared/api/use-save-mutation';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSession } from '../../shared/services';
import { maintenanceKeys } from './maintenance-api';
import type { FormatContext } from './maintenance-format';

/** The user's language, units and `t`, as the maintenance formatters take them. */
export function useFormatContext(): FormatContext {
  const { t, i18n } = useTranslation();
  const units = useSession((s) => s.user?.config.units ?? DEFAULT_UNITS);
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  return { t, language, units };
}

/**
 * A change on a maintenance screen: on success every maintenance query refreshes (a service
 * re-anchors the forecast) and a snackbar confirms; on failure the server's message shows.
 */
export function useMaintenanceSave<TVars, TResult>(options: {
  mutationFn: (vars: TVars) => Promise<TResult>;
  success: string;
  onSuccess?: (result: TResult, vars: TVars) => void;
}) {
  return useSaveMutation({ ...options, invalidate: maintenanceKeys.all });
}
