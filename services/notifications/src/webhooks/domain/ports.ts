import type { WebhookDeliveryState, WebhookEndpointView, WebhookEventType } from '@portal/contracts';

/** Whose an endpoint is: a person's (their own account's events and their firms') or the vendor's (every account's). */
export type EndpointOwner = `user:${string}` | 'vendor';

export interface EndpointRecord {
  id: string;
  owner: EndpointOwner;
  /** Told when the endpoint is disabled for failing. */
  ownerEmail: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  disabled: { at: Date; reason: NonNullable<WebhookEndpointView['disabled']>['reason'] } | null;
  secret: string;
  /** A rotated secret, which signs beside the new one until `until`. */
  previousSecret: { secret: string; until: Date } | null;
  /** Since when every try has failed; null after a success. */
  failingSince: Date | null;
  createdAt: Date;
}

export interface EndpointStore {
  ready: Promise<unknown>;
  add(endpoint: EndpointRecord): Promise<void>;
  count(owner: EndpointOwner): Promise<number>;
  list(owner: EndpointOwner): Promise<EndpointRecord[]>;
  get(owner: EndpointOwner, id: string): Promise<EndpointRecord | null>;
  byId(id: string): Promise<EndpointRecord | null>;
  /** The enabled endpoints that take `type` for this person (and the vendor's). */
  taking(type: WebhookEventType, userId: string | null): Promise<EndpointRecord[]>;
  update(id: string, change: Partial<Omit<EndpointRecord, 'id' | 'owner'>>): Promise<EndpointRecord | null>;
  /** Marks a failed try: `failingSince` set when not set yet; the record as it now is. */
  failed(id: string, at: Date): Promise<EndpointRecord | null>;
  remove(owner: EndpointOwner, id: string): Promise<boolean>;
  removeOwner(owner: EndpointOwner): Promise<string[]>;
}

export interface DeliveryRecord {
  /** `endpointId/webhookId`. */
  id: string;
  webhookId: string;
  endpointId: string;
  type: string;
  /** The body, as signed on every try. */
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date | null;
}

export interface DeliveryStore {
  ready: Promise<unknown>;
  /** false when this delivery is already there (an event published again). */
  add(delivery: DeliveryRecord): Promise<boolean>;
  get(id: string): Promise<DeliveryRecord | null>;
  update(id: string, change: Partial<Omit<DeliveryRecord, 'id'>>): Promise<void>;
  /** An endpoint's deliveries, newest first. */
  ofEndpoint(endpointId: string, limit: number): Promise<DeliveryRecord[]>;
  /** Pending deliveries whose next try was due before `before` (a lost job). */
  overdue(before: Date, limit: number): Promise<string[]>;
  removeEndpoints(endpointIds: string[]): Promise<void>;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}
/** An endpoint's answer (its status and `Retry-After`), or why there was none. */
export type WebhookResponse = { status: number; retryAfter?: string } | { error: string };

export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResponse>;
  /** Throws the 400 a person sees when an address is refused or does not resolve. */
  checkAddress(url: string): Promise<void>;
}

export interface WebhookQueue {
  enqueue(deliveryId: string): Promise<void>;
}

/** A try's outcome for the queue: done, or to be tried again after `delayMs`. */
export type WebhookTryOutcome = { done: true } | { done: false; delayMs: number };

/** An owner's e-mail that their endpoint was disabled. */
export type OwnerNotice = (endpoint: EndpointRecord, reason: string) => Promise<void>;
