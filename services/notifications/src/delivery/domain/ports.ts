import type { DeliveryLogEntry, DeliveryState, MessageCategory, MessageKind, OptionalCategory } from '@portal/contracts';
import type { AcceptedMessage } from '@portal/contracts/internal';

export interface MessageRecord extends Omit<AcceptedMessage, 'key' | 'kind'> {
  id: string;
  kind: MessageKind;
  category: MessageCategory;
  channel: 'email';
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** When the next try is due; a sweep queues again what is overdue. */
  nextAttemptAt: Date | null;
}

export interface MessageStore {
  /** The new message, or null when one with its key is already kept (a repeated hand-over). */
  add(message: MessageRecord): Promise<MessageRecord | null>;
  get(id: string): Promise<MessageRecord | null>;
  markSent(id: string, attempts: number, at: Date): Promise<void>;
  /** Not sent: the person had turned its category off by the time it was due. */
  markWithheld(id: string): Promise<void>;
  markFailedTry(
    id: string,
    change: { attempts: number; lastError: string; state: 'retrying' | 'failed'; nextAttemptAt: Date | null },
  ): Promise<void>;
  /** A failed message back in the queue by an admin's "Send again"; false when it was not failed. */
  requeueFailed(id: string, at: Date): Promise<boolean>;
  /** Ids of messages waiting whose next try was due before `before`. */
  overdue(before: Date, limit: number): Promise<string[]>;
  /** Newest first: the person's messages, and those sent to their address without their id. */
  forPerson(person: { userId: string; email?: string | undefined }, limit: number): Promise<DeliveryLogEntry[]>;
  countByState(): Promise<Record<DeliveryState, number>>;
  oldestWaiting(): Promise<Date | null>;
  deleteForUser(userId: string): Promise<void>;
  ready: Promise<unknown>;
}

/** The provider's side of a delivery: SMTP now; WhatsApp, SMS and webhooks later. */
export interface EmailProvider {
  send(message: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    messageId: string;
    headers?: Record<string, string>;
    attachments: { filename: string; content: Buffer; contentType: string }[];
  }): Promise<void>;
}

/** The queue of tries: one job per message id at a time. */
export interface DeliveryQueue {
  enqueue(id: string): Promise<void>;
}

/** The person's choices, as the preferences capability keeps them. */
export interface RecipientPreferences {
  /** Whether the person chose not to receive this category; never for a transactional one. */
  withholds(userId: string, category: MessageCategory): Promise<boolean>;
  /** The signed link that stops this category for this person. */
  unsubscribeUrl(userId: string, category: OptionalCategory): string;
}
