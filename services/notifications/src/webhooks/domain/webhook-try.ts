import type {
  DeliveryRecord,
  DeliveryStore,
  EndpointRecord,
  EndpointStore,
  OwnerNotice,
  WebhookResponse,
  WebhookSender,
  WebhookTryOutcome,
} from './ports';
import { signatureHeader } from './signing';
import { FAILING_DISABLES_AFTER_MS, WEBHOOK_ATTEMPTS, retryAfterMs } from './webhook-schedule';

export interface WebhookTryDeps {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
  sender: Pick<WebhookSender, 'send'>;
  tellOwner: OwnerNotice;
  /** The wait after the `failedTries`-th failed try, at least what the endpoint asked for. */
  retryDelayMs: (failedTries: number, retryAfterMs: number) => number;
  now: () => Date;
}

const failure = (response: WebhookResponse) => ('error' in response ? response.error : `HTTP ${response.status}`);

/** The headers of one try: signed now, with the endpoint's secret and a rotated one still in its 24 hours. */
function signedHeaders(endpoint: EndpointRecord, delivery: DeliveryRecord, at: Date) {
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
}

/**
 * One try of a delivery, as the Standard Webhooks specification handles an answer: 2xx delivered
 * (and the endpoint's failing days ended); 410 disables the endpoint at once; any other answer, or
 * none, is tried again by the schedule (at least as late as `Retry-After` asks) until its last try,
 * and an endpoint whose every try has failed for five days is disabled and its owner told.
 */
export function webhookTry({ endpoints, deliveries, sender, tellOwner, retryDelayMs, now }: WebhookTryDeps) {
  /** A failed try: whether the endpoint is now disabled. */
  const disabledBy = async (endpoint: EndpointRecord, response: WebhookResponse, at: Date) => {
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

  /** `tried` is how many tries of this run came before. */
  return async (id: string, tried: number): Promise<WebhookTryOutcome> => {
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
    if ((await disabledBy(endpoint, response, at)) || tried + 1 >= WEBHOOK_ATTEMPTS) {
      await deliveries.update(id, { ...attempt, state: 'failed', lastError: failure(response), nextAttemptAt: null });
      return { done: true };
    }
    const delayMs = retryDelayMs(tried + 1, 'status' in response ? retryAfterMs(response.retryAfter, at) : 0);
    await deliveries.update(id, { ...attempt, lastError: failure(response), nextAttemptAt: new Date(at.getTime() + delayMs) });
    return { done: false, delayMs };
  };
}
