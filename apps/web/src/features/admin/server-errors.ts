import { ADMIN_REFUSALS, type AdminRefusal } from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { ApiError } from '../../shared/api/api-error';

/** A server complaint about one form field, in the UI language. */
export interface FieldError {
  field: string;
  message: string;
}

/** Fleet conflicts (409) carry an English detail; these give them a translated message. */
const FLEET_CONFLICTS: Record<string, string> = {
  plate: 'admin.error.plate_taken',
  uniqueId: 'admin.error.unique_id_taken',
  vehicleId: 'admin.error.vehicle_has_device',
};

function isRefusal(reason: unknown): reason is AdminRefusal {
  return ADMIN_REFUSALS.some((known) => known === reason);
}

/**
 * Field errors of a failed save: `details[].path` `body.<field>` names the field; a refusal
 * reason or a known fleet conflict gets its translated text, other details their own message,
 * and a 409 without details (a taken group name) lands on `conflictField`.
 */
export function fieldErrors(
  error: unknown,
  fields: readonly string[],
  t: TFunction,
  conflictField?: string,
): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const out: FieldError[] = [];
  for (const raw of error.details) {
    if (!raw || typeof raw !== 'object') continue;
    const detail = raw as { path?: unknown; message?: unknown; reason?: unknown };
    const field = typeof detail.path === 'string' ? detail.path.replace(/^body\./, '') : '';
    const top = field.split('.')[0] ?? '';
    if (!fields.includes(top) || out.some((e) => e.field === top)) continue;
    let message = typeof detail.message === 'string' ? detail.message : error.message;
    if (isRefusal(detail.reason)) message = error.message;
    else if (error.status === 409 && FLEET_CONFLICTS[top]) message = t(FLEET_CONFLICTS[top]);
    out.push({ field: top, message });
  }
  if (out.length === 0 && error.status === 409 && conflictField && error.details.length === 0) {
    out.push({ field: conflictField, message: t('admin.error.group_taken') });
  }
  return out;
}
