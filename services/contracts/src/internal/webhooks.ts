import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks';

/** The name of every job on the webhooks' event queue. */
export const ACCOUNT_EVENT = 'account.event';

/**
 * An event in a customer's account, published by the service where it happened (billing) to
 * notifications, which delivers it to the endpoints that take it. `key` names the change itself
 * (`payment.completed:<order>`), so an event published again after a crash is delivered once.
 */
export interface AccountEvent {
  key: string;
  type: WebhookEventType;
  /** The person whose account it is, or a firm's owner for the firm's. */
  userId: string | null;
  firmId: string | null;
  occurredAt: string;
  data: Record<string, unknown>;
}

export const accountEventSchema: z.ZodType<AccountEvent> = z.object({
  key: z.string().min(1).max(200),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  userId: z.string().max(64).nullable(),
  firmId: z.string().max(64).nullable(),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
