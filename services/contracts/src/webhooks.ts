import { z } from 'zod';

/**
 * Webhooks to the Standard Webhooks specification (standardwebhooks.com): each delivery carries
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under the endpoint's `whsec_` secret), so any of its libraries verifies it.
 */
export const WEBHOOK_EVENT_TYPES = [
  'payment.completed',
  'payment.failed',
  'refund.completed',
  'subscription.updated',
  'invoice.issued',
  'licence.activated',
  'licence.deactivated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent by "Send a test event" only, to whichever events the endpoint takes. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The body of every delivery: thin, ids and what changed; the API gives the rest. */
export interface WebhookPayload {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  timestamp: string;
  data: Record<string, unknown>;
}

export const WEBHOOK_LIMITS = { endpointsPerOwner: 10, urlLength: 500, descriptionLength: 200 } as const;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the endpoint’s address, starting with https:// (or http://)',
  urlRefused: 'That address is refused: it is, or resolves to, a private, loopback or link-local address',
  urlUnresolved: 'That address’s name could not be resolved',
  eventsRequired: 'Choose at least one event',
  tooMany: `You can register at most ${WEBHOOK_LIMITS.endpointsPerOwner} endpoints`,
  notFound: 'No such endpoint',
  disabled: 'The endpoint is disabled: enable it first',
} as const;

const webhookUrl = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(WEBHOOK_LIMITS.urlLength, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && Boolean(url.hostname);
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid);
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event' }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);
const description = z.string().trim().max(WEBHOOK_LIMITS.descriptionLength);

export const createEndpointSchema = z.strictObject({ url: webhookUrl, events: webhookEvents, description: description.default('') });
// no defaults in a change: what it leaves out stays as it is
export const changeEndpointSchema = z
  .strictObject({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    description: description.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((change) => Object.keys(change).length > 0, 'Say what to change');
export type CreateEndpointRequest = z.infer<typeof createEndpointSchema>;
export type ChangeEndpointRequest = z.infer<typeof changeEndpointSchema>;

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  /** Why and when it stopped being sent to, or null while it is. */
  disabled: { at: string; reason: 'owner' | 'gone' | 'failing' } | null;
  createdAt: string;
  /** While a rotation's old secret still signs (24 hours), when it stops. */
  previousSecretUntil: string | null;
}
/** A new endpoint, and a rotation: the secret, shown this once. */
export interface WebhookSecretAnswer {
  id: string;
  secret: string;
}

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
export interface WebhookDeliveryView {
  /** The `webhook-id`: the same on every try and on "Send again". */
  id: string;
  type: string;
  state: WebhookDeliveryState;
  attempts: number;
  /** The endpoint's last answer (its HTTP status), or null when it gave none (refused, timed out). */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
}
