import {
  alertThresholdsSchema,
  type AlertRecipientChoices,
  type AlertScope,
  type AlertSettings,
  type AlertThresholds,
  type AlertTypesAnswer,
} from '@rumbo/contracts';
import type { ApiClient } from '../../../shared/api/http-client';

/** `/api/rest/alerts/...` and the catalogue. */
export const alertSettingsApi = {
  get: (api: ApiClient, signal?: AbortSignal) =>
    api.get<AlertSettings>('rest/alerts/settings', signal ? { signal } : {}),
  save: (api: ApiClient, body: AlertSettings) =>
    api.request<AlertSettings>('rest/alerts/settings', { method: 'PUT', body }),
  recipients: (api: ApiClient, signal?: AbortSignal) =>
    api.get<AlertRecipientChoices>('rest/alerts/recipients', signal ? { signal } : {}),
  types: (api: ApiClient, signal?: AbortSignal) =>
    api.post<AlertTypesAnswer>('v2/alert/get_all_types', {}, signal ? { signal } : {}),
};

export const THRESHOLD_KEYS = Object.keys(alertThresholdsSchema.shape) as (keyof AlertThresholds)[];

export type ScopeError = keyof AlertThresholds | 'reefer';

/** What is wrong in a group's or vehicle's overrides (thresholds out of range, a bad reefer range). */
export function scopeErrors(scope: AlertScope): Set<ScopeError> {
  const errors = new Set<ScopeError>(
    THRESHOLD_KEYS.filter(
      (k) =>
        scope.thresholds[k] !== undefined &&
        !alertThresholdsSchema.shape[k].safeParse(scope.thresholds[k]).success,
    ),
  );
  const r = scope.reefer;
  if (
    r &&
    (![r.setPointC, r.toleranceC, r.minC, r.maxC].every(Number.isFinite) ||
      r.toleranceC < 0 ||
      r.minC >= r.maxC ||
      r.setPointC < r.minC ||
      r.setPointC > r.maxC)
  )
    errors.add('reefer');
  return errors;
}

/** A group's or a vehicle's own settings, with the id of whichever it is. */
export type ScopeRow = AlertScope & { groupId?: number; vehicleId?: number };
