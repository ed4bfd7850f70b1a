import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryView, type WebhookPayload } from '@portal/contracts';
import type { AccountEvent } from '@portal/contracts/internal';
import { notFound } from '@portal/platform/errors';
import type { DeliveryRecord, EndpointRecord, WebhookQueue } from './ports';
import { messageId } from './signing';
import { webhookTry, type WebhookTryDeps } from './webhook-try';

export interface WebhookDeliveryDeps extends WebhookTryDeps {
  queue: WebhookQueue;
}

const DELIVERY_LOG_SIZE = 50;

const deliveryView = (delivery: DeliveryRecord): WebhookDeliveryView => ({
  id: delivery.webhookId,
  type: delivery.type,
  state: delivery.state,
  attempts: delivery.attempts,
  lastStatus: delivery.lastStatus,
  lastError: delivery.lastError,
  createdAt: delivery.createdAt.toISOString(),
  deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  nextAttemptAt: delivery.state === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
});

/**
 * Webhooks' delivery: an account's event fanned out to each endpoint that takes it (one delivery
 * per endpoint and event, however often the event arrives), a test event, the owner's log and its
 * "Send again", and the sweep of lost jobs; each try is webhook-try.ts's.
 */
export function webhookDeliveryUseCases({ endpoints, deliveries, sender, queue, tellOwner, retryDelayMs, now }: WebhookDeliveryDeps) {
  const start = async (endpoint: EndpointRecord, webhookId: string, payload: WebhookPayload) => {
    const delivery: DeliveryRecord = {
      id: `${endpoint.id}/${webhookId}`,
      webhookId,
      endpointId: endpoint.id,
      type: payload.type,
      body: JSON.stringify(payload),
      state: 'pending',
      attempts: 0,
      lastStatus: null,
      lastError: null,
      createdAt: now(),
      deliveredAt: null,
      nextAttemptAt: now(),
    };
    if (await deliveries.add(delivery)) await queue.enqueue(delivery.id);
    return delivery;
  };

  return {
    async onEvent(event: AccountEvent): Promise<void> {
      const payload: WebhookPayload = { type: event.type, timestamp: event.occurredAt, data: event.data };
      const webhookId = messageId(event.key);
      for (const endpoint of await endpoints.taking(event.type, event.userId)) await start(endpoint, webhookId, payload);
    },
    async sendTest(endpoint: EndpointRecord): Promise<WebhookDeliveryView> {
      const payload: WebhookPayload = { type: WEBHOOK_TEST_EVENT, timestamp: now().toISOString(), data: { endpointId: endpoint.id } };
      return deliveryView(await start(endpoint, messageId(`${WEBHOOK_TEST_EVENT}:${randomUUID()}`), payload));
    },
    async log(endpoint: EndpointRecord): Promise<WebhookDeliveryView[]> {
      return (await deliveries.ofEndpoint(endpoint.id, DELIVERY_LOG_SIZE)).map(deliveryView);
    },
    /** "Send again": the same body and `webhook-id`, signed afresh, tried by the schedule from its start. */
    async sendAgain(endpoint: EndpointRecord, webhookId: string): Promise<WebhookDeliveryView> {
      const id = `${endpoint.id}/${webhookId}`;
      const delivery = await deliveries.get(id);
      if (!delivery) throw notFound('No such delivery');
      const change = { state: 'pending' as const, nextAttemptAt: now(), lastError: null };
      await deliveries.update(id, change);
      await queue.enqueue(id);
      return deliveryView({ ...delivery, ...change });
    },
    deliver: webhookTry({ endpoints, deliveries, sender, tellOwner, retryDelayMs, now }),
    async requeueOverdue(graceMs: number): Promise<number> {
      const due = await deliveries.overdue(new Date(now().getTime() - graceMs), 100);
      for (const id of due) await queue.enqueue(id);
      return due.length;
    },
  };
}
