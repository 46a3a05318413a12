import type { TFunction } from '../i18n/i18n';
import { ApiError } from './api-error';

/** The text to show for a failed call: the server's message, else a generic one. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof TypeError) return t('common.network_error');
  return t('common.unexpected_error');
}
