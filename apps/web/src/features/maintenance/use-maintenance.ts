import { DEFAULT_UNITS, type Language } from '@rumbo/contracts';
import { useApiQuery } from '../../shared/api/api-query';
import { useSaveMutation } from '../../shared/api/use-save-mutation';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSession } from '../../shared/services';
import { maintenanceApi, maintenanceKeys } from './maintenance-api';
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

/** What is due (`forecast`), or the calendar's view of it, by vehicle. */
export const useForecast = (view: 'forecast' | 'calendar' = 'forecast') =>
  useApiQuery(
    view === 'forecast' ? maintenanceKeys.forecast : [...maintenanceKeys.forecast, view],
    (api, signal) => maintenanceApi.forecast(api, view, signal),
  );

/** Services done. */
export const useServiceHistory = () =>
  useApiQuery(maintenanceKeys.services, maintenanceApi.services);

/** Additional (one-off) maintenance. */
export const useAdditional = () =>
  useApiQuery(maintenanceKeys.additional, maintenanceApi.additional);

/** The tenant's plans. */
export const usePlans = () => useApiQuery(maintenanceKeys.plans, maintenanceApi.plans);
