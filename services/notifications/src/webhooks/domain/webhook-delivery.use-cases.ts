import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryView, type WebhookPayload } from '@portal/contracts';
import type { AccountEvent } from '@portal/contracts/internal';
import { notFound } from '@portal/platform/errors';
import type {
  DeliveryRecord,
  DeliveryStore,
  EndpointRecord,
  EndpointStore,
  OwnerNotice,
  WebhookQueue,
  WebhookResponse,
  WebhookSender,
  WebhookTryOutcome,
} from './ports';
import { messageId, signatureHeader } from './signing';
import { FAILING_DISABLES_AFTER_MS, WEBHOOK_ATTEMPTS, retryAfterMs } from './webhook-schedule';

export interface WebhookDeliveryDeps {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
  sender: Pick<WebhookSender, 'send'>;
  queue: WebhookQueue;
  tellOwner: OwnerNotice;
  /** The wait after the `failedTries`-th failed try, at least what the endpoint asked for. */
  retryDelayMs: (failedTries: number, retryAfterMs: number) => number;
  now: () => Date;
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

const failure = (response: WebhookResponse) => ('error' in response ? response.error : `HTTP ${response.status}`);

/**
 * Webhooks' delivery: an account's event fanned out to each endpoint that takes it (one delivery
 * per endpoint and event, however often the event arrives), each try signed with the endpoint's
 * secrets of the moment, the endpoint's answer recorded, 410 and five days of failures disabling it.
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

  const signedHeaders = (endpoint: EndpointRecord, delivery: DeliveryRecord, at: Date) => {
    const timestamp = Math.floor(at.getTime() / 1000);
    const secrets = [
      endpoint.secret,
      ...(endpoint.previousSecret && endpoint.previousSecret.until > at ? [endpoint.previousSecret.secret] : []),
    ];
    return {
      'content-type': 'application/json',
      'user-agent': 'TaxPortal-Webhooks/1',
      'webhook-id': delivery.webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, delivery.webhookId, timestamp, delivery.body),
    };
  };

  /** A failed try: the endpoint disabled when it is gone (410) or has failed for five days. */
  const onFailure = async (endpoint: EndpointRecord, response: WebhookResponse, at: Date) => {
    if ('status' in response && response.status === 410) {
      await endpoints.update(endpoint.id, { disabled: { at, reason: 'gone' } });
      return true;
    }
    const marked = await endpoints.failed(endpoint.id, at);
    if (marked?.failingSince && at.getTime() - marked.failingSince.getTime() >= FAILING_DISABLES_AFTER_MS && !marked.disabled) {
      await endpoints.update(endpoint.id, { disabled: { at, reason: 'failing' } });
      await tellOwner(marked, failure(response));
      return true;
    }
    return false;
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
    /** One try of a delivery; `tried` is how many tries of this run came before. */
    async deliver(id: string, tried: number): Promise<WebhookTryOutcome> {
      const delivery = await deliveries.get(id);
      if (!delivery || delivery.state !== 'pending') return { done: true };
      const endpoint = await endpoints.byId(delivery.endpointId);
      if (!endpoint || endpoint.disabled) {
        await deliveries.update(id, { state: 'failed', lastError: 'The endpoint is disabled', nextAttemptAt: null });
        return { done: true };
      }
      const at = now();
      const response = await sender.send({ url: endpoint.url, headers: signedHeaders(endpoint, delivery, at), body: delivery.body });
      const attempt = { attempts: delivery.attempts + 1, lastStatus: 'status' in response ? response.status : null };
      if ('status' in response && response.status >= 200 && response.status < 300) {
        await deliveries.update(id, { ...attempt, state: 'succeeded', lastError: null, deliveredAt: at, nextAttemptAt: null });
        if (endpoint.failingSince) await endpoints.update(endpoint.id, { failingSince: null });
        return { done: true };
      }
      const disabled = await onFailure(endpoint, response, at);
      if (disabled || tried + 1 >= WEBHOOK_ATTEMPTS) {
        await deliveries.update(id, { ...attempt, state: 'failed', lastError: failure(response), nextAttemptAt: null });
        return { done: true };
      }
      const delayMs = retryDelayMs(tried + 1, 'status' in response ? retryAfterMs(response.retryAfter, at) : 0);
      await deliveries.update(id, { ...attempt, lastError: failure(response), nextAttemptAt: new Date(at.getTime() + delayMs) });
      return { done: false, delayMs };
    },
    async requeueOverdue(graceMs: number): Promise<number> {
      const due = await deliveries.overdue(new Date(now().getTime() - graceMs), 100);
      for (const id of due) await queue.enqueue(id);
      return due.length;
    },
  };
}
