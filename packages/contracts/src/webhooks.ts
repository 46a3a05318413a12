import { z } from 'zod';
import { idParam, text } from './fields.js';

// Webhooks (issue 27 item 3, docs/decisions/0053-webhooks.md): an administrator's endpoints that
// Rumbo posts the tenant's events to, signed with HMAC-SHA256 (`Rumbo-Signature: t=…,v1=…`).

/** The event kinds an endpoint subscribes to, besides `alert.<CODE>` (one alert code). */
export const WEBHOOK_EVENT_KINDS = [
  'alert.*',
  'trip.ended',
  'fuel.refill',
  'fuel.theft',
  'fault.opened',
  'fault.closed',
  'geofence.entered',
  'geofence.exited',
  'planned_trip.arrived',
  'planned_trip.late',
  'planned_trip.deviation',
] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

/** `alert.*` (every alert), one of the kinds above, or `alert.<CODE>` (one alert code). */
export const webhookEventKind = z
  .string()
  .trim()
  .max(40)
  .refine(
    (kind) =>
      (WEBHOOK_EVENT_KINDS as readonly string[]).includes(kind) ||
      /^alert\.[A-Z0-9]{2,5}$/u.test(kind),
    'webhook_event_kind',
  );

/** An endpoint's URL: absolute http(s), no credentials in it (the server checks the address). */
export const webhookUrl = text()
  .trim()
  .min(1)
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.username === '' &&
        url.password === ''
      );
    } catch {
      return false;
    }
  }, 'webhook_url');

/** `POST /api/v2/webhooks`. */
export const webhookCreate = z.strictObject({
  url: webhookUrl,
  description: text().trim().max(200).default(''),
  eventKinds: z.array(webhookEventKind).min(1).max(60),
});
export type WebhookCreate = z.infer<typeof webhookCreate>;
export type WebhookCreateInput = z.input<typeof webhookCreate>;

/** `PUT /api/v2/webhooks/:endpointId`: what changes (the secret never does). */
export const webhookUpdate = z.strictObject({
  url: webhookUrl.optional(),
  description: text().trim().max(200).optional(),
  eventKinds: z.array(webhookEventKind).min(1).max(60).optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdate>;

/** An endpoint as the list shows it (never its secret). */
export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  eventKinds: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it was paused (`failing` after a day of failures); null while it runs. */
  pausedReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  /** Deliveries waiting (including retries). */
  pending: z.number(),
  lastDeliveredAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a creation: the endpoint with its signing secret, shown this once. */
export const webhookEndpointCreated = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreated>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One delivery of an event to an endpoint, as the log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  eventId: z.number(),
  eventKind: z.string(),
  eventAt: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPage = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

export const webhookEndpointParams = z.object({ endpointId: idParam() });
export const webhookDeliveryParams = z.object({ endpointId: idParam(), deliveryId: idParam() });
export const webhookDeliveryQuery = z.strictObject({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * The body Rumbo posts (`Content-Type: application/json`): `id` is also the `Rumbo-Event-Id`
 * header, `type` the `Rumbo-Event` header; `data` depends on the type (README, "Webhooks").
 */
export const webhookPayloadSchema = z.object({
  id: z.number(),
  type: z.string(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
