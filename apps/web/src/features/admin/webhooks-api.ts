import type {
  WebhookCreateInput,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookUpdate,
} from '@rumbo/contracts';
import type { ApiClient } from '../../shared/api/http-client';
import { withSignal } from '../../shared/api/api-query';
import { crudApi } from '../../shared/crud/crud-api';

// `/api/v2/webhooks` (issue 27): the tenant's webhook endpoints and their deliveries.

export const webhookKeys = {
  list: ['admin', 'webhooks'] as const,
  deliveries: (id: number, page: number) => ['admin', 'webhooks', id, 'deliveries', page] as const,
};

export const webhooksApi = {
  ...crudApi<WebhookEndpoint, WebhookCreateInput, WebhookUpdate, null>({ base: 'v2/webhooks' }),
  create: (api: ApiClient, body: WebhookCreateInput) =>
    api.post<WebhookEndpointCreated>('v2/webhooks', body),
  test: (api: ApiClient, id: number) => api.post<WebhookEndpoint>(`v2/webhooks/${id}/test`),
  resume: (api: ApiClient, id: number) => api.post<WebhookEndpoint>(`v2/webhooks/${id}/resume`),
  deliveries: (api: ApiClient, id: number, page: number, signal?: AbortSignal) =>
    api.get<WebhookDeliveryPage>(
      `v2/webhooks/${id}/deliveries?page=${page}&size=10`,
      withSignal(signal),
    ),
  resend: (api: ApiClient, id: number, deliveryId: number) =>
    api.post<null>(`v2/webhooks/${id}/deliveries/${deliveryId}/resend`),
};

/** The form's alert codes (`V20, AFI`) as `alert.<CODE>` kinds; undefined when one is not a code. */
export function alertCodeKinds(text: string): string[] | undefined {
  const codes = text
    .split(/[\s,;]+/u)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  if (codes.some((code) => !/^[A-Z0-9]{2,5}$/u.test(code))) return undefined;
  return [...new Set(codes)].map((code) => `alert.${code}`);
}
