import {
  reportAllowedAddresses,
  reportRecipientChoices,
  reportSendSchema,
  reportSubscriptionSchema,
  type ReportRecipientChoices,
  type ReportSend,
  type ReportSubscription,
  type ReportSubscriptionInput,
} from '@rumbo/contracts';
import { z } from 'zod';
import type { ApiClient } from '../api/http-client';

// The caller's scheduled e-mail reports (issue 27): `/api/v2/reports/…`.

export const subscriptionsKey = ['reports', 'subscriptions'] as const;
export const recipientsKey = ['reports', 'recipients'] as const;
export const allowedAddressesKey = ['reports', 'allowed-addresses'] as const;
export const sendsKey = (id: number) => ['reports', 'sends', id] as const;

export async function fetchSubscriptions(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ReportSubscription[]> {
  const answer = await api.get('v2/reports/subscriptions', signal ? { signal } : {});
  return z.array(reportSubscriptionSchema).parse(answer);
}

export async function fetchRecipients(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ReportRecipientChoices> {
  return reportRecipientChoices.parse(
    await api.get('v2/reports/recipients', signal ? { signal } : {}),
  );
}

export async function saveSubscription(
  api: ApiClient,
  body: ReportSubscriptionInput,
  id?: number,
): Promise<ReportSubscription> {
  const answer =
    id === undefined
      ? await api.post('v2/reports/subscriptions', body)
      : await api.request(`v2/reports/subscriptions/${id}`, { method: 'PUT', body });
  return reportSubscriptionSchema.parse(answer);
}

export async function deleteSubscription(api: ApiClient, id: number): Promise<void> {
  await api.request(`v2/reports/subscriptions/${id}`, { method: 'DELETE' });
}

export async function sendSubscriptionNow(api: ApiClient, id: number): Promise<void> {
  await api.post(`v2/reports/subscriptions/${id}/send`);
}

export async function fetchSends(
  api: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<ReportSend[]> {
  const answer = await api.get(`v2/reports/subscriptions/${id}/sends`, signal ? { signal } : {});
  return z.array(reportSendSchema).parse(answer);
}

/** The tenant's outside addresses allowed as recipients (administrators). */
export async function fetchAllowedAddresses(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await api.get('v2/reports/allowed-addresses', signal ? { signal } : {});
  return reportAllowedAddresses.parse(answer).addresses;
}

/** Replaces the whole allow-list; answers the list as stored (lower-cased, sorted). */
export async function saveAllowedAddresses(
  api: ApiClient,
  addresses: readonly string[],
): Promise<string[]> {
  const answer = await api.request('v2/reports/allowed-addresses', {
    method: 'PUT',
    body: { addresses },
  });
  return reportAllowedAddresses.parse(answer).addresses;
}
