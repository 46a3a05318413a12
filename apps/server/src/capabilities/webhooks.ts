// Webhooks (issue 27 item 3, decision 0053): the outbox sink that turns the facts a tenant's
// endpoints subscribe to into deliveries, in the batch's transaction. Last in write order: it
// reads nothing the other sinks write.

import { webhooksSink } from '../pipeline/sinks/webhooks.sink.js';
import type { ServerCapability } from './capability.js';

export const webhooks: ServerCapability = {
  name: 'webhooks',
  sinks: ({ webhooks: subscriptions, places }) =>
    subscriptions ? [webhooksSink(subscriptions, places)] : [],
};
