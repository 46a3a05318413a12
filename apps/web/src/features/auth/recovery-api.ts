import { recoveryReply } from '@rumbo/contracts';
import type { ApiClient } from '../../shared/api/http-client';

/** `true` on success, otherwise a text to show as a warning (spec §7). */
export type RecoveryOutcome = true | string;

export async function requestRecovery(
  api: ApiClient,
  body: { email: string; token: string },
): Promise<RecoveryOutcome> {
  return recoveryReply.parse(await api.post('rest/auth/recovery_v2', body));
}

export async function setRecoveredPassword(
  api: ApiClient,
  body: { email: string; recoveryToken: string; password: string; token: string },
): Promise<RecoveryOutcome> {
  return recoveryReply.parse(await api.post('rest/auth/recovery_password_v2', body));
}
