// The public face of the webhooks module (issue 27 item 3): all that the rest of the server may import.
export { checkUrl, isPrivateAddress, type AddressPolicy } from './address-guard.js';
export {
  deliverWebhooks,
  pruneWebhookOutbox,
  retryDelayMs,
  webhookBody,
  type DeliveryDeps,
} from './delivery.js';
export { signWebhook, verifyWebhookSignature } from './signature.js';
export { WebhookSubscriptionsCache } from './subscriptions.js';
export { webhookRoutes } from './webhooks.routes.js';
export type { WebhooksDeps } from './webhooks.service.js';
export { WEBHOOKS_TAG } from './openapi.js';
